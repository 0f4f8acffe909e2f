/* The module and its functions. */

#include "core.h"

static PyMethodDef methods[] = {
    {"setup", core_setup, METH_VARARGS, "Load the tables and the card objects."},
    {"entry", core_make_entry, METH_VARARGS,
     "A compiled entry point of a kind, with its fallback."},
    {"set_loader", core_set_loader, METH_O,
     "Set the function that loads the tables on first use."},
    {"loaded", core_is_loaded, METH_NOARGS, "Whether the tables are loaded."},
    {"set_short", core_set_short, METH_VARARGS, "Set the short-deck loader and scales."},
    {"setup_short", core_setup_short, METH_VARARGS, "Load one short-deck scale's tables."},
    {"set_badugi", core_set_badugi, METH_O, "Set the function that loads the badugi tables."},
    {"setup_badugi", core_setup_badugi, METH_VARARGS, "Load the badugi tables."},
    {"batch", core_batch, METH_VARARGS,
     "Evaluate rows of card indices from one buffer into another."},
    {"dense_states", core_dense_states, METH_NOARGS,
     "Per batch row width 5-7, whether its dense high table is in use (1), unbuilt (0) or "
     "not found (-1)."},
    {"showdowns", core_showdowns, METH_VARARGS, "Share counts over every or sampled runouts."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_native", "The compiled evaluation core of pokerrules.", -1, methods,
};

PyMODINIT_FUNC PyInit__native(void) {
    if (PyType_Ready(&EntryType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (m == NULL) return NULL;
    const char *names[KINDS] = {"HIGH",     "A5",         "EIGHT", "D27",   "OMAHA",
                                "OMAHA_EIGHT", "HIGH_OF", "LOW_OF", "HIGH_TOTAL", "SHORT",
                                "BADUGI"};
    for (int k = 0; k < KINDS; k++)
        if (PyModule_AddIntConstant(m, names[k], k) < 0) {
            Py_DECREF(m);
            return NULL;
        }
    if (PyModule_AddIntConstant(m, "CORE_SIZE", CORE_SIZE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

"""Sphinx configuration for the pokerrules documentation."""

import importlib
from typing import Any

project = "pokerrules"
author = "The pokerrules developers"
copyright = "2026, The pokerrules developers"
# Docstrings are reStructuredText prose: no Google or NumPy section parsing, which would read a
# first line such as "Symbol: the card's letter" as a type.
extensions = ["sphinx.ext.autodoc", "sphinx.ext.doctest"]
autodoc_member_order = "bysource"
# defaults as written in the source (a named constant), not as the repr of their value
autodoc_preserve_defaults = True
autodoc_typehints = "description"
# only parameters a docstring documents get a type line: fields of private state are left out
autodoc_typehints_description_target = "documented_params"
# Every cross-reference must resolve; only the standard library and other packages' names,
# which the build (offline) has no inventory for, are let through.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(collections\.abc|fractions|decimal|random|concurrent\.futures|enum)\..*"),
    (r"py:.*", r"(attrs|attr|hypothesis|numpy|np)(\..*)?"),
    (r"py:.*", r"(Any|Final|TypeAlias|TypeVar|Self|Literal|Callable|Iterable|Mapping)"),
    (r"py:class", r"pokerrules\..*\.K"),  # a type variable
]
exclude_patterns = ["_build", "_generated"]
html_theme = "alabaster"


def _hide_private_fields(  # noqa: PLR0917 -- the signature autodoc calls
    app: Any,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, None] | None:
    """Show no constructor signature for immutable states built by their own factories (every
    field private, such as ``BettingRound``): their fields are not a public API."""
    fields = getattr(obj, "__attrs_attrs__", None)
    if what == "class" and fields and all(f.name.startswith("_") for f in fields):
        return "", None
    return None


def setup(app: Any) -> None:
    app.connect("autodoc-process-signature", _hide_private_fields)
    app.connect("missing-reference", _resolve_reexport)


def _canonical(target: str) -> str | None:
    """The documented path of ``target`` when it names a re-export (``pokerrules.betting.X``
    for ``pokerrules.betting.round.X``), or ``None``."""
    parts = target.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        rest = parts[cut:]
        if not rest:
            return None
        try:
            owner = getattr(obj, rest[0])
        except AttributeError:
            return None
        module = getattr(owner, "__module__", None)
        qualname = getattr(owner, "__qualname__", None)
        if not module or not qualname:
            return None
        return ".".join([module, qualname, *rest[1:]])
    return None


def _resolve_reexport(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Let the guides cite objects where users import them (``pokerrules.equity.equity``)."""
    target = node.get("reftarget", "")
    if node.get("refdomain") != "py":
        return None
    if not target.startswith("pokerrules."):
        # a short name in a docstring: the name as the docstring's module imports it
        module = node.get("py:module")
        if not module or not module.startswith("pokerrules"):
            return None
        target = f"{module}.{target}"
    canonical = _canonical(target)
    if canonical is None or canonical == target:
        return None
    domain = env.get_domain("py")
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], canonical, node, contnode
    )

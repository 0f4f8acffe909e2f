"""Sphinx configuration for the pokerrules documentation."""

from typing import Any

project = "pokerrules"
author = "The pokerrules developers"
copyright = "2026, The pokerrules developers"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.doctest"]
# NumPy-style sections only: a first line such as "Symbol: the card's letter" is prose
napoleon_google_docstring = False
autodoc_member_order = "bysource"
autodoc_typehints = "description"
# only parameters a docstring documents get a type line: fields of private state are left out
autodoc_typehints_description_target = "documented_params"
nitpicky = False
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

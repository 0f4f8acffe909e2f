"""Sphinx configuration for the pokerrules documentation."""

import enum
import importlib
import sys
from pathlib import Path
from typing import Any

import attrs

project = "pokerrules"
author = "The pokerrules developers"
copyright = "2026, The pokerrules developers"
# Docstrings are reStructuredText prose: no Google or NumPy section parsing, which would read a
# first line such as "Symbol: the card's letter" as a type.
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))
extensions = ["sphinx.ext.autodoc", "sphinx.ext.doctest", "pokerdiagrams"]
autodoc_member_order = "bysource"
# defaults as written in the source (a named constant), not as the repr of their value
autodoc_preserve_defaults = True
# type hints belong in the signature, where a reader looks for them
autodoc_typehints = "signature"
autodoc_typehints_format = "fully-qualified"
# linked by their full names, shown by their short ones
python_use_unqualified_type_names = True
python_maximum_signature_line_length = 88
# Every cross-reference must resolve; only the standard library and other packages' names,
# which the build (offline) has no inventory for, are let through.
nitpicky = True
nitpick_ignore_regex = [
    (
        r"py:.*",
        r"(collections\.abc|fractions|decimal|random|concurrent\.futures|enum|pathlib|os)\..*",
    ),
    (r"py:.*", r"(npt|numpy\.typing)\..*"),
    (r"py:class", r"Buffer"),  # collections.abc.Buffer, as a signature shows it
    (r"py:class", r"pokerrules\.(.*\.)?_\w+(\..*)?"),  # private helper types in signatures
    (r"py:.*", r"(attrs|attr|hypothesis|numpy|np)(\..*)?"),
    (r"py:.*", r"(Any|Final|TypeAlias|TypeVar|Self|Literal|Callable|Iterable|Mapping)"),
    (r"py:class", r"pokerrules\..*\.K"),  # a type variable
]
# A short type name in a signature that several modules define (each game has its own Phase)
# links to one of them; that ambiguity is not an error.
suppress_warnings = ["ref.python"]
exclude_patterns = ["_build", "_generated", "_ext"]
html_theme = "furo"


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


def _split_parameters(text: str) -> list[str]:
    """The parameters of a signature's text, split at the commas outside brackets."""
    parts, depth, current = [], 0, []
    for char in text:
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        if char == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return parts


def _default_text(default: Any) -> str:
    """A default value as a reader would write it (a valid Python expression)."""
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        return f"{getattr(default.factory, '__qualname__', 'factory')}()"
    if isinstance(default, enum.Enum):
        return f"{type(default).__qualname__}.{default.name}"
    if attrs.has(type(default)):
        return f"{type(default).__qualname__}(...)"
    if isinstance(default, tuple):
        items = [_default_text(item) for item in default]
        return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    if isinstance(default, frozenset):
        return f"frozenset({{{', '.join(sorted(_default_text(i) for i in default))}}})"
    return repr(default)


def _attrs_defaults(  # noqa: PLR0917 -- the signature autodoc calls
    app: Any,
    what: str,
    name: str,
    obj: Any,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    """Show an attrs class's real defaults in its signature.

    With ``autodoc_preserve_defaults`` autodoc prints a default as written in the source, and
    the source of an ``__init__`` that attrs generates says ``attr_dict['x'].default``; a
    factory default shows as ``NOTHING``. Both become the default's own text.
    """
    fields = getattr(obj, "__attrs_attrs__", None)
    if what != "class" or not fields or not signature or not signature.startswith("("):
        return None
    by_name = {(f.alias or f.name.lstrip("_")): f for f in fields}
    parameters = []
    for part in _split_parameters(signature[1:-1]):
        head, equals, default = part.partition("=")
        field = by_name.get(head.split(":")[0].strip().lstrip("*"))
        if (
            equals
            and field is not None
            and ("attr_dict[" in default or default.strip() == "NOTHING")
        ):
            parameters.append(f"{head.strip()} = {_default_text(field.default)}")
        else:
            parameters.append(part.strip())
    return "(" + ", ".join(parameters) + ")", return_annotation


def setup(app: Any) -> None:
    app.connect("autodoc-process-signature", _hide_private_fields)
    app.connect("autodoc-process-signature", _attrs_defaults)
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


html_static_path = ["_static"]
html_css_files = ["custom.css"]
html_title = "pokerrules"

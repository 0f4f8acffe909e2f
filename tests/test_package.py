"""The package surface: re-exports resolve, and importing stays light."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import pokerrules
import pokerrules.evaluation


def test_every_exported_name_resolves() -> None:
    for name in pokerrules.__all__:
        assert getattr(pokerrules, name) is not None, name
    assert set(pokerrules.__all__) <= set(dir(pokerrules))


def test_unknown_names_raise_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Nonsense'"):
        _ = pokerrules.Nonsense


def test_importing_pokerrules_loads_no_optional_dependency_or_heavy_module() -> None:
    probe = (
        "import sys, pokerrules; "
        "print(sorted(m for m in ('numpy', 'hypothesis', 'pokerrules.engine', "
        "'pokerrules.equity') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _type_checking_imports(path: Path) -> dict[str, tuple[str, ...]]:
    """The ``from module import names`` statements under ``if TYPE_CHECKING:`` in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: dict[str, tuple[str, ...]] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom), ast.unparse(statement)
                assert statement.module is not None
                found[statement.module] = tuple(alias.name for alias in statement.names)
    return found


@pytest.mark.parametrize("package", [pokerrules, pokerrules.evaluation])
def test_lazy_table_type_checker_imports_and_all_agree(package: ModuleType) -> None:
    """One table drives the lazy names; what the type checker reads must say the same."""
    assert package.__file__ is not None
    table: dict[str, tuple[str, ...]] = package._EXPORTS
    seen = _type_checking_imports(Path(package.__file__))
    assert {m: sorted(n) for m, n in seen.items()} == {m: sorted(n) for m, n in table.items()}
    names = [name for names in table.values() for name in names]
    assert len(names) == len(set(names))
    eager = {"__version__"} if package is pokerrules else {"BACKEND"}
    assert sorted(package.__all__) == sorted(eager | set(names))
    assert set(package.__all__) <= set(dir(package))


def test_engine_names_are_the_engine_exports() -> None:
    import pokerrules.engine

    assert set(pokerrules._EXPORTS["pokerrules.engine"]) <= set(pokerrules.engine.__all__)


def test_the_runout_and_board_names_are_top_level_engine_names() -> None:
    """The choice of the runouts and the events of the runouts and of a second board load
    lazily from the package, as the engine's other names do."""
    import pokerrules
    import pokerrules.engine

    for name in ("ChooseRunouts", "BoardDealt", "RanOut"):
        assert pokerrules._LAZY[name] == "pokerrules.engine"
        assert name in pokerrules.__all__
        assert getattr(pokerrules, name) is getattr(pokerrules.engine, name)


def test_importing_pokerrules_loads_only_the_version() -> None:
    probe = (
        "import sys, pokerrules; "
        "print(sorted(m for m in sys.modules if m.startswith(('pokerrules.', 'attr'))))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['pokerrules._version']"


def test_a_name_loads_its_own_module_only() -> None:
    probe = (
        "import sys; from pokerrules import Card; "
        "print(sorted(m for m in ('pokerrules.evaluation', 'pokerrules.engine', "
        "'pokerrules.cards') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['pokerrules.cards']"


def test_submodules_load_on_attribute_access() -> None:
    probe = (
        "import pokerrules; "
        "print(pokerrules.cards.Card('As').rank.name, pokerrules.evaluation.values.Scale.HIGH.value,"
        " hasattr(pokerrules, 'nonsense'), hasattr(pokerrules.evaluation, 'nonsense'),"
        " hasattr(pokerrules, '__main__'), 'pokerrules.__main__' in __import__('sys').modules)"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["ACE", "high", "False", "False", "False", "False"]

"""The package surface: re-exports resolve, and importing stays light."""

from __future__ import annotations

import subprocess
import sys

import pytest

import pokerrules


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

"""What the evaluators load, and when: views of the shipped tables, values made on demand."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from pokerrules.evaluation import _build
from pokerrules.evaluation._core import CORE_SCALES, HASH_BUCKETS, HASH_MASK
from pokerrules.evaluation._tables import core_view
from pokerrules.evaluation.values import Scale


def _fresh(code: str, *, pure: bool) -> object:
    """Run ``code`` (which prints JSON) in a fresh interpreter on the chosen backend."""
    env = dict(os.environ)
    env.pop("POKERRULES_PURE_PYTHON", None)
    if pure:
        env["POKERRULES_PURE_PYTHON"] = "1"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    return json.loads(out.stdout)


def test_core_view_holds_every_shipped_strength_of_every_core_scale() -> None:
    """Every rank key of every core scale sits in its perfect-hash slot with its strength, and
    the flush tables are the shipped ones: the views and the full tables agree exhaustively."""
    tables = _build.decode(_build.TABLES_PATH.read_bytes())
    view = core_view()
    assert list(view.displacement) == list(tables["high_displacement"])
    prefixes = {Scale.HIGH: "high", Scale.ACE_TO_FIVE_LOW: "a5", Scale.DEUCE_TO_SEVEN_LOW: "d27"}
    for scale, slots in zip(CORE_SCALES, view.slots, strict=True):
        prefix = prefixes[scale]
        keys, strengths = tables[prefix + "_keys"], tables[prefix + "_strengths"]
        shift = view.displacement
        found = [slots[(key + shift[key % HASH_BUCKETS]) & HASH_MASK] for key in keys]
        assert found == list(strengths), scale
    assert list(view.high_flush) == list(tables["high_flush"])
    assert list(view.d27_flush) == list(tables["d27_flush"])


@pytest.mark.parametrize("pure", [True, False])
def test_the_first_evaluation_reads_views_and_makes_one_value(pure: bool) -> None:
    """The first seven-card evaluation builds no full table: it binds views of the shipped
    file and makes the one value it returns; later hands make only their own values."""
    probe = """
import json
from pokerrules import evaluate_high, parse_cards
from pokerrules.evaluation import _core, _tables
from pokerrules.evaluation.values import Scale
first = evaluate_high(parse_cards("As Kd Qh Jc 9s 3d 2c")).describe()
made = [v.describe() for v in _core.value_cache[Scale.HIGH] if v is not None]
flush = evaluate_high(parse_cards("As Ks Qs 2s 9s 3d 2c")).describe()
print(json.dumps({
    "first": first,
    "made": made,
    "flush": flush,
    "made_after": sum(v is not None for v in _core.value_cache[Scale.HIGH]),
    "full_tables": _tables.tables.cache_info().currsize,
    "decoded": "pokerrules.evaluation._build" in __import__("sys").modules,
}))
"""
    found = _fresh(probe, pure=pure)
    assert found == {
        "first": "High card, Ace",
        "made": ["High card, Ace"],
        "flush": "Flush, Ace high",
        "made_after": 2,
        "full_tables": 0,
        "decoded": False,
    }


def test_the_integer_api_loads_views_on_first_use() -> None:
    """``high_strength`` answers its first call from the views, and refuses a non-key after."""
    probe = """
import json
from pokerrules import parse_cards
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import _tables
from pokerrules.evaluation.fast import high_strength
royal = high_strength(sum(parse_cards("As Ks Qs Js Ts 2c 3d")))
try:
    high_strength(sum(parse_cards("As Ks")))
    refused = False
except InvalidDefinitionError:
    refused = True
print(json.dumps([royal, refused, _tables.tables.cache_info().currsize]))
"""
    assert _fresh(probe, pure=True) == [7462, True, 0]


@pytest.mark.parametrize("pure", [True, False])
def test_the_first_ace_to_five_evaluation_reads_views_too(pure: bool) -> None:
    """Ace-to-five lows (razz, California lowball, the low half of split games) read the same
    views: the first evaluation makes only its value, and the joker's stand-in path agrees."""
    probe = """
import json
from pokerrules import evaluate_ace_to_five_low, evaluate_eight_or_better, parse_cards
from pokerrules.evaluation import _core, _tables
from pokerrules.evaluation.values import Scale
first = evaluate_ace_to_five_low(parse_cards("Ac 2d 3h 4s 6c Kd Kh")).describe()
made = sum(v is not None for v in _core.value_cache[Scale.ACE_TO_FIVE_LOW])
joker = evaluate_ace_to_five_low(parse_cards("Jk As 2d 3h 4s 9c", allow_joker=True)).describe()
eight = evaluate_eight_or_better(parse_cards("9c 9d Kh Qs Jc 9h 2c"))
print(json.dumps([first, made, joker, eight, _tables.tables.cache_info().currsize]))
"""
    assert _fresh(probe, pure=pure) == ["6-4-3-2-A", 1, "5-4-3-2-A", None, 0]

"""Tests for PHH reading and writing (pokerrules.history.phh)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerrules.cards import STANDARD_CARDS, Card
from pokerrules.errors import InvalidNotationError
from pokerrules.history.phh import (
    HandHistory,
    Notation,
    Verb,
    dumps,
    dumps_many,
    loads,
    loads_many,
    parse_amount,
    parse_notation,
    read_hands,
)

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SAMPLE = SHARED / "phh_sample"
needs_sample = pytest.mark.skipif(
    not SAMPLE.is_dir(), reason="the shared PHH sample (../shared/phh_sample) is not present"
)


def sample_files() -> list[Path]:
    if not SAMPLE.is_dir():
        return []
    return sorted(p for p in SAMPLE.rglob("*") if p.suffix in (".phh", ".phhs"))


MINIMAL = """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [0.5, 1.00]
min_bet = 1
starting_stacks = [100, inf]
actions = ["d dh p1 AsKs", "d dh p2 ????", "p2 cbr 3", "p1 cc", "d db 2c3d4h # flop", ""]
finishing_stacks = [103, 97]
author = "Someone"
"""


def test_amounts_are_exact_never_floats() -> None:
    history = loads(MINIMAL)
    assert history.blinds_or_straddles == (Decimal("0.5"), Decimal("1.00"))
    assert all(not isinstance(x, float) for x in history.blinds_or_straddles or ())
    assert history.starting_stacks == (100, None)
    assert history.extra == {"author": "Someone"}


def test_notations_parse_every_verb() -> None:
    history = loads(MINIMAL)
    verbs = [a.verb for a in history.actions]
    assert verbs == [
        Verb.DEAL_HOLE,
        Verb.DEAL_HOLE,
        Verb.BET_OR_RAISE_TO,
        Verb.CHECK_OR_CALL,
        Verb.DEAL_BOARD,
        Verb.NONE,
    ]
    assert history.actions[1].cards == (None, None)
    assert history.actions[4].commentary == "flop"
    assert parse_notation("p2 sd").cards == ()
    assert parse_notation("p2 sm").verb is Verb.SHOW_OR_MUCK
    assert parse_notation("p2 sm -").shows_dealt
    assert parse_notation("p1 pb").verb is Verb.BRING_IN
    assert parse_notation("p1 f").player == 0
    assert parse_notation("# Burn card 6s is exposed") == Notation(
        verb=Verb.NONE, commentary="Burn card 6s is exposed"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("p0 f", "not a player"),
        ("p1 cbr", "one amount"),
        ("p1 cbr ten", "not an amount"),
        ("d db AsA", "two-character"),
        ("d db AsAs", "twice"),
        ("d dh AsKs", "dealer deals"),
        ("p1 cc 20", "no arguments"),
        ("p1 zz", "not a PHH action"),
        ("p1 sd Xx", "not a card"),
    ],
)
def test_bad_notations_are_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidNotationError, match=message):
        parse_notation(text)


def test_bad_files_are_refused() -> None:
    with pytest.raises(InvalidNotationError, match="TOML"):
        loads("variant = ")
    with pytest.raises(InvalidNotationError, match="required field 'actions'"):
        loads('variant = "NT"\nantes = [0, 0]\nstarting_stacks = [1, 1]')
    with pytest.raises(InvalidNotationError, match="3 entries but there are 2"):
        loads('variant = "NT"\nantes = [0, 0, 0]\nstarting_stacks = [1, 1]\nactions = []')
    with pytest.raises(InvalidNotationError, match="names player 3 of 2"):
        loads('variant = "NT"\nantes = [0, 0]\nstarting_stacks = [1, 1]\nactions = ["p3 f"]')
    with pytest.raises(InvalidNotationError, match="not a table"):
        loads_many('variant = "NT"')


def test_round_trip_of_a_written_history() -> None:
    history = loads(MINIMAL)
    text = dumps(history)
    assert "inf" in text and "0.5" in text and "1.00" in text
    assert loads(text) == history
    many = {"1": history, "second": history}
    assert loads_many(dumps_many(many)) == many
    assert list(loads_many(dumps_many([history, history]))) == ["1", "2"]


def test_parse_amount() -> None:
    assert parse_amount("25") == 25 and isinstance(parse_amount("25"), int)
    assert parse_amount("0.10") == Decimal("0.10")
    with pytest.raises(InvalidNotationError):
        parse_amount("nan")


_CARDS = st.lists(st.sampled_from(STANDARD_CARDS) | st.none(), min_size=1, max_size=5)


@given(
    verb=st.sampled_from([v for v in Verb if v is not Verb.NONE]),
    player=st.integers(0, 9),
    cards=_CARDS,
    amount=st.integers(1, 10**9) | st.decimals("0.01", "99999", places=2),
    commentary=st.none() | st.text(alphabet="abc xyz", min_size=1).map(str.strip).filter(bool),
)
def test_notation_round_trips(
    verb: Verb,
    player: int,
    cards: list[Card | None],
    amount: int | Decimal,
    commentary: str | None,
) -> None:
    """Writing a notation and parsing it back gives the same value."""
    known = [c for c in cards if c is not None]
    if len(set(known)) != len(known):
        return
    notation = Notation(
        verb=verb,
        player=None if verb is Verb.DEAL_BOARD else player,
        cards=cards
        if verb in (Verb.DEAL_BOARD, Verb.DEAL_HOLE, Verb.STAND_PAT_OR_DISCARD, Verb.SHOW_OR_MUCK)
        else (),
        amount=amount if verb is Verb.BET_OR_RAISE_TO else None,
        commentary=commentary,
    )
    assert parse_notation(str(notation)) == notation


@needs_sample
def test_every_sample_hand_reads_and_round_trips() -> None:
    """All 200 hands of the shared sample parse, and writing them back loses nothing."""
    count = 0
    for path in sample_files():
        for label, history in read_hands(path):
            count += 1
            assert loads(dumps(history)) == history, label
            assert all(parse_notation(str(a)) == a for a in history.actions), label
    assert count == 200


def test_hand_history_needs_two_players() -> None:
    with pytest.raises(InvalidNotationError, match="two players"):
        HandHistory(variant="NT", antes=[0], starting_stacks=[5], actions=[])

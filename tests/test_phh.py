"""Tests for PHH reading and writing (pokerrules.history.phh)."""

from __future__ import annotations

import datetime
import json
import random
import re
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules import variants
from pokerrules.actions import Call, Check, Fold
from pokerrules.cards import STANDARD_CARDS, Card, format_cards, parse_card, parse_cards
from pokerrules.engine import Hand, Muck, Phase, Posted
from pokerrules.errors import InvalidDefinitionError, InvalidNotationError
from pokerrules.forced_bets import AnteKind
from pokerrules.history.export import to_history
from pokerrules.history.phh import (
    HandHistory,
    Notation,
    Verb,
    dumps,
    dumps_many,
    load,
    loads,
    loads_many,
    parse_amount,
    parse_notation,
    read_each,
    read_hands,
)
from pokerrules.history.replay import MAX_PLACES, VARIANT_CODES, Verdict, replay, stakes_of
from tests.shared_data import PHH_SAMPLE
from tests.test_engine import play, stakes_for

SAMPLE = PHH_SAMPLE


def sample_files() -> list[Path]:
    files = sorted(p for p in SAMPLE.rglob("*") if p.suffix in (".phh", ".phhs"))
    if not files:
        raise FileNotFoundError(f"no PHH sample histories under {SAMPLE} (set POKERRULES_SHARED)")
    return files


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
        loads('variant = "XX"\nantes = [0, 0, 0]\nstarting_stacks = [1, 1]\nactions = []')
    with pytest.raises(InvalidNotationError, match="names player 3 of 2"):
        loads('variant = "XX"\nantes = [0, 0]\nstarting_stacks = [1, 1]\nactions = ["p3 f"]')
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


def test_every_sample_hand_reads_and_round_trips() -> None:
    """All 200 hands of the public sample parse, and writing them back loses nothing."""
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


# --- replay through the engine ------------------------------------------------------------------

ODD_CHIP_HANDS = {
    "pluribus/102/0.phh",
    "pluribus/32/23.phh",
    "pluribus/41b/204.phh",
    "pluribus/60/88.phh",
    "pluribus/75b/76.phh",
    "pluribus/88/128.phh",
    "pluribus/91/43.phh",
    "pluribus/91/53.phh",
}
OMITTED_FOLD = "phh-dataset/data/wsop/2019/42/3/00-01-07.phh"


def sample_hands() -> list[tuple[str, HandHistory]]:
    out = []
    for path in sample_files():
        for label, history in read_hands(path):
            out.append(
                (str(Path(label).relative_to(SAMPLE)) if "[" not in label else label, history)
            )
    return out


def test_every_sample_hand_with_finishing_stacks_replays_to_the_chip() -> None:
    """Every sample hand with finishing stacks replays to the chip, except the documented
    odd-chip hands and the one history that omits a fold."""
    verdicts: dict[str, Verdict] = {}
    for label, history in sample_hands():
        if history.finishing_stacks is None:
            continue
        result = replay(history)
        verdicts[label] = result.verdict
        name = label.removeprefix("pokerkit-history/")
        if name in ODD_CHIP_HANDS:
            assert result.verdict is Verdict.ODD_CHIP, (label, result.message)
        elif label == OMITTED_FOLD:
            assert result.verdict is Verdict.FAILED
        else:
            assert result.verdict is Verdict.MATCH, (label, result.message)
    assert len(verdicts) == 182
    assert sum(v is Verdict.MATCH for v in verdicts.values()) == 173


def test_odd_chip_convention_half_chips_in_the_record() -> None:
    """The Pluribus records split an odd chip into two halves (10112.5 each); the engine keeps
    chips whole and gives the odd chip to the first winner clockwise from the button."""
    for name in sorted(ODD_CHIP_HANDS):
        history = loads((SAMPLE / "pokerkit-history" / name).read_text())
        recorded = history.finishing_stacks
        assert recorded is not None
        result = replay(history)
        assert result.verdict is Verdict.ODD_CHIP and result.stacks is not None
        diffs = [
            Decimal(ours) - Decimal(rec) for ours, rec in zip(result.stacks, recorded, strict=True)
        ]
        halves = [i for i, d in enumerate(diffs) if d]
        assert sorted(diffs[i] for i in halves) == [Decimal("-0.5"), Decimal("0.5")], name
        assert all(Decimal(r) % 1 == Decimal("0.5") for i, r in enumerate(recorded) if i in halves)
        # The button is the last player: clockwise from it, the lower player number comes first.
        gainer = next(i for i in halves if diffs[i] > 0)
        assert gainer == min(halves), name
        assert sum(Decimal(x) for x in result.stacks) == sum(Decimal(x) for x in recorded)


def test_a_history_that_omits_a_fold_fails_where_the_actor_differs() -> None:
    """The WSOP 2019 hand leaves out p8's fold: the engine expects p8 where p1 acts; with the
    fold put back, the hand replays to the chip."""
    history = loads((SAMPLE / OMITTED_FOLD).read_text())
    result = replay(history)
    assert result.verdict is Verdict.FAILED and result.stopped_at == 13
    assert "the history has p1 act, but p8 is next" in result.message
    actions = list(history.actions)
    actions.insert(13, parse_notation("p8 f"))
    fixed = replay(attrs.evolve(history, actions=actions))
    assert fixed.verdict is Verdict.MATCH, fixed.message


def test_unsupported_histories_say_why() -> None:
    reasons = {label: replay(h) for label, h in sample_hands()}
    posted = [
        r
        for label, r in reasons.items()
        if r.verdict is Verdict.UNSUPPORTED and "negative" in r.message
    ]
    assert len(posted) == 2
    no_stacks = [r for r in reasons.values() if r.verdict is Verdict.REPLAYED]
    assert len(no_stacks) == 16 and all(r.ok for r in no_stacks)


def test_the_triton_short_deck_hand_replays_with_its_button_blind() -> None:
    # antes of 3000 each and a 3000 button blind; Phua's kings hold against Xuan's queens
    history = dict(sample_hands())["pokerkit-history/phua-xuan-2019.phh"]
    played = replay(history)
    assert played.verdict is Verdict.REPLAYED and played.hand is not None
    assert played.hand.variant.forced_bets.button_blind
    stacks = [played.hand.stacks[s] for s in range(6)]
    assert stacks == [489000, 226000, 684000, 400000, 0, 198000]  # as pokerkit plays it


def test_the_wikipedia_badugi_hand_replays_and_the_eight_badugi_wins_wikipedia() -> None:
    # Alice shows 2s4c6d9h, a nine badugi; Carol 3s5d7c8h, an eight badugi, which is lower and
    # wins (Wikipedia, "Badugi"); the draws threw away cards the history never names
    result = dict(sample_hands())["pokerkit-history/alice-carol-wikipedia.phh"]
    played = replay(result)
    assert played.verdict is Verdict.REPLAYED and played.hand is not None
    outcome = played.hand.outcome
    assert outcome is not None and outcome.payouts == {1: 36}
    assert played.hand.stacks == {0: 196, 1: 220, 2: 200, 3: 184}  # as pokerkit plays it
    assert sorted(outcome.shown[1].cards) == sorted(parse_cards("3s5d7c8h"))
    assert format_cards(outcome.shown[3].cards) != ""


def test_replay_reports_an_illegal_action_with_its_index() -> None:
    history = loads(
        """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AcAd", "d dh p2 7h2c", "d dh p3 KsKd", "p3 cbr 3", "p1 f"]
"""
    )
    result = replay(history)
    assert result.verdict is Verdict.FAILED and result.stopped_at == 3
    assert "raise" in result.message and not result.ok


@pytest.mark.parametrize("stack", ["-100", "0", "-inf"])
def test_a_starting_stack_that_is_not_positive_is_refused_on_reading(stack: str) -> None:
    """PHH: starting stacks are positive (``inf`` marks an unknown stack)."""
    with pytest.raises(InvalidNotationError, match="starting stack must be positive"):
        loads(
            f"""
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [{stack}, 100]
actions = []
"""
        )


@pytest.mark.parametrize(
    ("field", "value"),
    [("antes", "[-1, 0]"), ("finishing_stacks", "[-1, 3]"), ("winnings", "[0, -2]")],
)
def test_amounts_that_cannot_be_negative_are_refused(field: str, value: str) -> None:
    fields = {"variant": '"NT"', "antes": "[0, 0]", "starting_stacks": "[100, 100]"}
    fields["actions"] = "[]"
    fields[field] = value
    with pytest.raises(InvalidNotationError, match="cannot be negative"):
        loads("\n".join(f"{k} = {v}" for k, v in fields.items()))


@pytest.mark.parametrize("amount", ["0", "-5"])
def test_a_bet_is_to_a_positive_amount(amount: str) -> None:
    with pytest.raises(InvalidNotationError, match="positive amount"):
        parse_notation(f"p1 cbr {amount}")


def test_unknown_variant_codes_are_unsupported() -> None:
    history = loads('variant = "XX"\nantes = [0, 0]\nstarting_stacks = [5, 5]\nactions = []')
    assert replay(history).verdict is Verdict.UNSUPPORTED


def test_decimal_stakes_scale_to_whole_chips() -> None:
    history = loads(
        """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [0.10, 0.25]
min_bet = 0.25
starting_stacks = [10, 10.5]
actions = ["d dh p1 AcAd", "d dh p2 7h2c", "p2 cbr 0.75", "p1 f"]
finishing_stacks = [9.75, 10.75]
"""
    )
    _, stakes, scale = stakes_of(history)
    assert scale == 100 and stakes.blinds == (10, 25)
    result = replay(history)
    assert result.verdict is Verdict.MATCH, result.message
    assert result.stacks == (Decimal("9.75"), Decimal("10.75"))


@pytest.mark.parametrize("code", sorted(VARIANT_CODES))
def test_engine_hands_written_as_phh_replay_to_the_chip(code: str) -> None:
    """A hand played by the engine, written as PHH and replayed, ends with the same stacks."""
    variant = VARIANT_CODES[code]
    rng = random.Random(code)
    for round_ in range(12):
        n = rng.randint(2, min(6, variant.max_players))
        stacks = [rng.randint(5, 120) for _ in range(n)]
        hand = Hand.start(
            variant,
            stakes=stakes_for(variant),
            stacks=stacks,
            button=n - 1,
            seed=rng.randrange(10**6),
            expose_all_ins=round_ % 2 == 0,
        )
        hand = play(hand, rng)
        history = to_history(hand)
        assert loads(dumps(history)) == history
        result = replay(history)
        assert result.verdict is Verdict.MATCH, (code, round_, result.message)


def test_export_refuses_posts_phh_cannot_express() -> None:
    """PHH's antes and blinds_or_straddles fields hold the regular forced bets and straddles
    only: a missed blind posted on return would be written as a different hand."""
    holdem = VARIANT_CODES["NT"]
    hand = Hand.start(
        holdem, stakes=stakes_for(holdem), stacks=[100] * 4, button=0, seed=1, missed={3: 2}
    )
    with pytest.raises(InvalidDefinitionError, match="missed big blind"):
        to_history(hand)


def test_export_refuses_a_chip_phh_cannot_express() -> None:
    """PHH has no chip size: a pot split in 5-chip units would replay split in single units,
    so a hand played with a chip above 1 is refused rather than written as another hand."""
    stud8 = VARIANT_CODES["F7S/8"]
    stakes = variants.Stakes(ante=10, bring_in=85, small_bet=120, big_bet=240, chip=5)
    hand = Hand.start(stud8, stakes=stakes, stacks=[120, 1, 3], button=2, seed=1)
    with pytest.raises(InvalidDefinitionError, match="chip of 5"):
        to_history(hand)


def test_export_refuses_a_straddle_over_a_button_blind_phh_spec() -> None:
    """PHH writes a button blind as the button's entry alone: a straddle posted over it (left
    of the button) would be lost and the history replayed as another hand, so it is refused."""
    short_deck = VARIANT_CODES["NS"]
    hand = Hand.start(
        short_deck,
        stakes=stakes_for(short_deck),
        stacks=[100] * 4,
        button=3,
        seed=1,
        straddles=1,
    )
    assert any(isinstance(e, Posted) and e.kind == "straddle" for e in hand.log)
    with pytest.raises(InvalidDefinitionError, match="straddle"):
        to_history(hand)


@pytest.mark.parametrize(("players", "straddles"), [(4, 1), (6, 2)])
def test_straddles_export_into_blinds_or_straddles_and_replay(
    players: int, straddles: int
) -> None:
    holdem = VARIANT_CODES["NT"]
    hand = play(
        Hand.start(
            holdem,
            stakes=stakes_for(holdem),
            stacks=[100] * players,
            button=0,
            seed=3,
            straddles=straddles,
        ),
        random.Random(5),
    )
    history = to_history(hand)
    live = [b for b in history.blinds_or_straddles or () if b]
    assert len(live) == 2 + straddles and live[2] == 2 * live[1]
    assert replay(history).verdict is Verdict.MATCH


HEADS_UP = """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = [{actions}]
"""


@pytest.mark.parametrize("bad", ['"p2 cbr inf"', '"p2 cbr nan"', '"p2 cbr -inf"'])
def test_amounts_that_are_not_finite_numbers_are_refused(bad: str) -> None:
    with pytest.raises(InvalidNotationError):
        loads(HEADS_UP.format(actions=f'"d dh p1 AcAd", "d dh p2 7h2c", {bad}'))


@pytest.mark.parametrize("field", ["finishing_stacks = [nan, 1]", "min_bet = inf"])
def test_only_starting_stacks_may_be_infinite(field: str) -> None:
    text = HEADS_UP.format(actions='"d dh p1 AcAd"').replace("min_bet = 2\\n", "")
    with pytest.raises(InvalidNotationError):
        loads(text + field + "\\n")


def test_a_show_of_cards_the_player_was_not_dealt_fails_the_replay() -> None:
    """PHH "sm": the player shows their hole cards; a record that shows other cards than those
    dealt contradicts itself."""
    checks = '"p1 cc", "p2 cc"'
    good = (
        '"d dh p1 AcAd", "d dh p2 7h2c", "p2 cc", "p1 cc", '
        f'"d db 2s3s4d", {checks}, "d db 9h", {checks}, "d db Jc", {checks}'
    )
    honest = loads(HEADS_UP.format(actions=f'{good}, "p1 sm AcAd", "p2 sm 7h2c"'))
    assert replay(honest).verdict is Verdict.REPLAYED
    lying = loads(HEADS_UP.format(actions=f'{good}, "p1 sm AcAd", "p2 sm AhAs"'))
    result = replay(lying)
    assert result.verdict is Verdict.FAILED and "do not hold" in result.message


def test_export_shows_the_winner_when_the_others_muck() -> None:
    """PHH writes an ``sm`` for every hand still in at the showdown: without the winner's
    show a reader would find no hand to award the pot to."""
    holdem = VARIANT_CODES["NT"]
    hand = Hand.start(holdem, stakes=stakes_for(holdem), stacks=[100, 100], button=1, seed=5)
    while hand.phase is not Phase.SHOWDOWN:
        legal = hand.legal_actions()
        assert legal is not None and legal.kind == "bet"
        hand = hand.apply(Check() if legal.check else Call())
    hand = hand.apply(Muck())
    history = to_history(hand)
    shows = [a for a in history.actions if a.verb is Verb.SHOW_OR_MUCK]
    assert [bool(a.cards) for a in shows] == [False, True]
    winner = shows[-1].player
    assert winner is not None and list(shows[-1].cards) == list(
        hand.holding(hand.seats[winner]).cards
    )
    assert replay(history).verdict is Verdict.MATCH


def test_user_defined_fields_of_any_toml_kind_survive_a_round_trip() -> None:
    text = MINIMAL + '_meta = {source = "x", n = 2}\n"_my key" = 1\n'
    history = loads(text)
    again = loads(dumps(history))
    assert again.extra == history.extra
    assert again.extra["_meta"] == {"source": "x", "n": 2} and again.extra["_my key"] == 1


def test_a_file_that_is_not_utf8_is_a_notation_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.phh"
    path.write_bytes(MINIMAL.replace("Someone", "Søren").encode("latin-1"))
    with pytest.raises(InvalidNotationError, match="UTF-8"):
        load(path)


def test_a_mismatch_names_the_player_even_after_an_unknown_stack() -> None:
    history = loads(
        HEADS_UP.format(actions='"d dh p1 AcAd", "d dh p2 7h2c", "p2 f"').replace(
            "starting_stacks = [200, 200]", "starting_stacks = [inf, 200]"
        )
        + "finishing_stacks = [201, 198]\n"
    )
    result = replay(history)
    assert result.verdict is Verdict.MISMATCH and "p2 199 (recorded 198)" in result.message


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ('variant = "NT"\nblinds_or_straddles = [1, 2]', "needs min_bet"),
        ('variant = "NT"\nmin_bet = 2', "needs blinds_or_straddles"),
        ('variant = "FT"\nblinds_or_straddles = [1, 2]', "needs small_bet, big_bet"),
        (
            'variant = "FT"\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\nmin_bet = 2',
            "never gives min_bet",
        ),
        (
            'variant = "F7S"\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\nblinds_or_straddles = [0, 0]',
            "never gives blinds_or_straddles",
        ),
    ],
)
def test_a_standard_variant_needs_its_fields_phh_spec(fields: str, message: str) -> None:
    """PHH specification, "Required fields": per variant, which fields must (and must never)
    be given."""
    with pytest.raises(InvalidNotationError, match=message):
        loads(fields + "\nantes = [0, 0]\nstarting_stacks = [100, 100]\nactions = []")


@pytest.mark.parametrize(
    "field",
    ["event = 5", 'day = "Mon"', 'seats = "1,2"', 'time = "noon"', "city = 3", "year = 2019.5"],
)
def test_known_optional_fields_must_have_their_types_phh_spec(field: str) -> None:
    with pytest.raises(InvalidNotationError, match="must be"):
        loads(MINIMAL + field + "\n")


def test_user_fields_and_a_table_name_may_hold_any_value() -> None:
    history = loads(MINIMAL + 'table = "CLEO AVE"\n_note = 5\n')
    assert history.extra["table"] == "CLEO AVE" and history.extra["_note"] == 5


# --- bad input: histories built in code are checked as files are, and replay never raises ----

#: A heads-up no-limit hand, as TOML field texts and as the same values in Python.
_FIELDS: dict[str, Any] = {
    "variant": "NT",
    "antes": [0, 0],
    "blinds_or_straddles": [1, 2],
    "min_bet": 2,
    "starting_stacks": [200, 200],
    "actions": [],
}
_DROP = object()


def _toml_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_text(v) for v in value) + "]"
    return str(value)


def _both_ways(changes: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The hand with ``changes`` (``_DROP`` leaves a field out): as the text of a file, and as
    keyword arguments of :class:`HandHistory` (other fields going to ``extra``)."""
    fields = {k: v for k, v in {**_FIELDS, **changes}.items() if v is not _DROP}
    text = "\n".join(f"{k} = {_toml_text(v)}" for k, v in fields.items())
    own = {a.name for a in attrs.fields(HandHistory)}
    kwargs = {k: v for k, v in fields.items() if k in own}
    kwargs["extra"] = {k: v for k, v in fields.items() if k not in own}
    return text, kwargs


def test_the_base_hand_of_the_checks_below_is_good() -> None:
    text, kwargs = _both_ways({})
    assert loads(text) == HandHistory(**kwargs)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"antes": [-1, 0]}, "antes cannot be negative"),
        ({"antes": ["x", 0]}, "antes must be a number, not 'x'"),
        ({"finishing_stacks": ["x", "y"]}, "finishing_stacks must be a number"),
        ({"finishing_stacks": [-1, 401]}, "finishing_stacks cannot be negative"),
        ({"winnings": [0, -2]}, "winnings cannot be negative"),
        ({"starting_stacks": [0, 200]}, "starting stack must be positive"),
        ({"min_bet": 0}, "min_bet must be positive, not 0"),
        ({"min_bet": Decimal("-2.5")}, "min_bet must be positive, not -2.5"),
        ({"min_bet": Decimal("1E+700")}, "too large"),
        (
            {"variant": "FT", "min_bet": _DROP, "small_bet": -2, "big_bet": 4},
            "small_bet must be positive, not -2",
        ),
        (
            {"variant": "FT", "min_bet": _DROP, "small_bet": 2, "big_bet": 0},
            "big_bet must be positive, not 0",
        ),
        (
            {
                "variant": "F7S",
                "blinds_or_straddles": _DROP,
                "min_bet": _DROP,
                "bring_in": 0,
                "small_bet": 2,
                "big_bet": 4,
            },
            "bring_in must be positive, not 0",
        ),
        ({"blinds_or_straddles": [1, 2, 3]}, "3 entries but there are 2"),
        ({"actions": ["p3 f"]}, "names player 3 of 2"),
        ({"actions": ["p1 cbr 0"]}, "positive amount"),
        ({"players": [1, 2]}, "players must be"),
        ({"ante_trimming_status": "yes"}, "ante_trimming_status must be true or false"),
        ({"variant": 5}, "variant must be a string"),
        ({"min_bet": _DROP}, "needs min_bet"),
        ({"day": "Mon"}, "day must be a whole number"),
    ],
    ids=repr,
)
def test_a_hand_is_checked_alike_read_or_built(changes: dict[str, Any], message: str) -> None:
    """A hand a file could not hold cannot be built in code either: the same checks, the same
    error."""
    text, kwargs = _both_ways(changes)
    with pytest.raises(InvalidNotationError, match=re.escape(message)):
        loads(text)
    with pytest.raises(InvalidNotationError, match=re.escape(message)):
        HandHistory(**kwargs)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"antes": [None, None]}, "antes must be a number, not None"),
        ({"starting_stacks": [2.5, 200]}, "starting_stacks must be a number, not 2.5"),
        ({"starting_stacks": [Decimal("inf"), 200]}, "unknown starting stack is None"),
        ({"min_bet": True}, "min_bet must be a number, not True"),
        ({"min_bet": parse_card("As")}, "min_bet must be a number"),
        ({"antes": 0}, "must be a sequence"),
        ({"actions": "p1 f"}, "actions must be a sequence"),
        ({"actions": [5]}, "an action notation is text, not 5"),
        ({"players": ["Ann"]}, "players has 1 entries but there are 2"),
        ({"_note": object()}, "cannot write"),
        ({"_when": datetime.time(12, tzinfo=datetime.UTC)}, "TOML cannot hold the time"),
        ({"_deep": {"a": {1: 2}}}, "a key must be a string"),
    ],
    ids=repr,
)
def test_a_hand_built_in_code_with_values_no_file_holds_is_refused(
    changes: dict[str, Any], message: str
) -> None:
    _, kwargs = _both_ways(changes)
    with pytest.raises(InvalidNotationError, match=re.escape(message)):
        HandHistory(**kwargs)


def test_extra_cannot_shadow_a_field_of_its_own() -> None:
    _, kwargs = _both_ways({})
    with pytest.raises(InvalidNotationError, match="antes is a field of its own"):
        HandHistory(**{**kwargs, "extra": {"antes": [1, 1]}})


def test_antes_of_none_no_longer_reach_the_replay() -> None:
    """Once a TypeError in :func:`replay`: the bad value is refused where it is given."""
    _, kwargs = _both_ways({})
    history = HandHistory(**kwargs)
    with pytest.raises(InvalidNotationError, match="antes must be a number"):
        attrs.evolve(history, antes=(None, None))  # type: ignore[arg-type]


_AS, _KS = parse_card("As"), parse_card("Ks")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"verb": "cbr", "player": 0, "amount": 5}, "verb must be one of Verb.DEAL_BOARD"),
        ({"verb": Verb.FOLD, "player": -1}, "player must be 0 (p1) to 999999999, not -1"),
        ({"verb": Verb.FOLD, "player": 10**9}, "player must be 0 (p1)"),
        ({"verb": Verb.FOLD, "player": True}, "player must be a player index"),
        ({"verb": Verb.FOLD, "player": "1"}, "player must be a player index"),
        ({"verb": Verb.FOLD}, "'f' notation needs a player"),
        ({"verb": Verb.DEAL_BOARD, "player": 0, "cards": [_AS]}, "names no player"),
        ({"verb": Verb.NONE, "player": 0}, "names no player"),
        ({"verb": Verb.DEAL_BOARD}, "deals one card or more"),
        ({"verb": Verb.DEAL_HOLE, "player": 0, "cards": [_AS, _AS]}, "a card appears twice"),
        ({"verb": Verb.SHOW_OR_MUCK, "player": 0, "cards": ["As"]}, "cards must be cards"),
        ({"verb": Verb.SHOW_OR_MUCK, "player": 0, "cards": "AsKs"}, "cards must be a sequence"),
        ({"verb": Verb.SHOW_OR_MUCK, "player": 0, "cards": None}, "cards must be a sequence"),
        ({"verb": Verb.FOLD, "player": 0, "cards": [_AS, _KS]}, "takes no cards"),
        ({"verb": Verb.BET_OR_RAISE_TO, "player": 0}, "needs an amount"),
        ({"verb": Verb.BET_OR_RAISE_TO, "player": 0, "amount": 0}, "positive amount, not 0"),
        ({"verb": Verb.BET_OR_RAISE_TO, "player": 0, "amount": 2.5}, "must be a number"),
        ({"verb": Verb.BET_OR_RAISE_TO, "player": 0, "amount": "5"}, "must be a number"),
        (
            {"verb": Verb.BET_OR_RAISE_TO, "player": 0, "amount": Decimal("1E+5000")},
            "too large",
        ),
        ({"verb": Verb.CHECK_OR_CALL, "player": 0, "amount": 5}, "takes no amount"),
        ({"verb": Verb.FOLD, "player": 0, "shows_dealt": True}, "shows the dealt cards"),
        ({"verb": Verb.SHOW_OR_MUCK, "player": 0, "shows_dealt": 1}, "True or False"),
        ({"verb": Verb.FOLD, "player": 0, "commentary": 5}, "commentary must be a string"),
    ],
    ids=repr,
)
def test_a_notation_that_could_not_be_written_and_read_back_is_refused(
    kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidNotationError, match=re.escape(message)):
        Notation(**kwargs)


def test_a_notation_of_a_player_is_written_as_a_player_the_reader_takes() -> None:
    """Once ``Notation(verb=Verb.FOLD, player=-1)`` was written as ``"p0 f"``, which
    :func:`loads` refuses."""
    last = Notation(verb=Verb.FOLD, player=10**9 - 1)
    assert str(last) == "p1000000000 f" and parse_notation(str(last)) == last
    with pytest.raises(InvalidNotationError, match="players are p1 to p1000000000"):
        parse_notation("p1000000001 f")
    with pytest.raises(InvalidNotationError, match="not a player"):
        parse_notation("p" + "9" * 5000 + " f")


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: loads(5), InvalidNotationError),  # type: ignore[arg-type]
        (lambda: loads(b"variant = 'NT'"), InvalidNotationError),  # type: ignore[arg-type]
        (lambda: loads_many(None), InvalidNotationError),  # type: ignore[arg-type]
        (lambda: parse_notation(5), InvalidNotationError),  # type: ignore[arg-type]
        (lambda: parse_amount(5), InvalidNotationError),  # type: ignore[arg-type]
        (lambda: dumps(5), InvalidNotationError),  # type: ignore[arg-type]
        (lambda: dumps_many(5), InvalidNotationError),  # type: ignore[arg-type]
        (lambda: dumps_many({1: loads(MINIMAL)}), InvalidNotationError),  # type: ignore[arg-type]
        (lambda: load(5), InvalidNotationError),  # type: ignore[arg-type]
        (lambda: replay(5), InvalidDefinitionError),  # type: ignore[arg-type]
        (lambda: stakes_of("NT"), InvalidDefinitionError),  # type: ignore[arg-type]
        (lambda: to_history(5), InvalidDefinitionError),  # type: ignore[arg-type]
    ],
    ids=[
        "loads",
        "loads-bytes",
        "loads_many",
        "parse_notation",
        "parse_amount",
        "dumps",
        "dumps_many",
        "dumps_many-key",
        "load",
        "replay",
        "stakes_of",
        "to_history",
    ],
)
def test_arguments_of_the_wrong_type_are_refused(call: Any, error: type[Exception]) -> None:
    with pytest.raises(error):
        call()


@pytest.mark.parametrize(
    "text", ["1e5000", "-1e5000", "9" * 5000, "1" + "0" * 600, "1e600", "1_" * 3000 + "1"]
)
def test_an_amount_of_600_digits_or_more_is_refused_at_once(text: str) -> None:
    with pytest.raises(InvalidNotationError, match="too large"):
        parse_amount(text)
    with pytest.raises(InvalidNotationError, match="too large"):
        loads(HEADS_UP.format(actions=f'"d dh p1 AcAd", "d dh p2 7h2c", "p2 cbr {text}"'))


def test_amounts_just_short_of_600_digits_and_tiny_ones_read() -> None:
    assert parse_amount("9" * 599) == 10**599 - 1
    assert parse_amount("1e-5000") == Decimal("1e-5000")


def test_a_number_too_long_for_python_to_read_is_a_notation_error() -> None:
    with pytest.raises(InvalidNotationError, match="too large to read"):
        loads(MINIMAL + "_big = " + "9" * 5000 + "\n")


def _replay_in_a_child(text: str, timeout: float = 60) -> tuple[str, str]:
    """The verdict and message of replaying ``text`` in a child process, killed (failing the
    test) after ``timeout`` seconds: a hang sits in one long decimal operation, which no signal
    interrupts in this process."""
    code = (
        "import sys\n"
        "from pokerrules.history.phh import loads\n"
        "from pokerrules.history.replay import replay\n"
        "result = replay(loads(sys.stdin.read()))\n"
        "print(result.verdict.value)\n"
        "print(result.message)\n"
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", code],
            input=text,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"the replay took more than {timeout} seconds")
    assert done.returncode == 0, done.stderr
    verdict, message = done.stdout.splitlines()
    return verdict, message


@pytest.mark.parametrize(
    "change",
    [
        ("starting_stacks = [200, 200]", "starting_stacks = [1e-999999, 200]"),
        ("min_bet = 2", "min_bet = 2e-999999"),
        ('"p2 f"', '"p2 cbr 9e-999999999"'),
        ("actions", "finishing_stacks = [1e-999999, 200]\nactions"),
    ],
    ids=["starting stack", "min bet", "bet", "finishing stack"],
)
def test_an_amount_of_many_decimal_places_is_unsupported_at_once(
    change: tuple[str, str],
) -> None:
    """Once a hang of minutes (scaling by 10**999999); now refused before any arithmetic."""
    text = HEADS_UP.format(actions='"d dh p1 AcAd", "d dh p2 7h2c", "p2 f"').replace(*change)
    start = time.perf_counter()
    verdict, message = _replay_in_a_child(text)
    assert verdict == Verdict.UNSUPPORTED.value
    assert f"more than {MAX_PLACES} decimal places" in message
    assert time.perf_counter() - start < 30


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("[200, 200]", "[1e15, 200]"), "a starting stack 1E+15 is too large to replay"),
        (("[200, 200]", "[200.0000000000001, 200]"), "more than 12 decimal places"),
        (("min_bet = 2", "min_bet = 1_000_000_000_000_000"), "the minimum bet"),
        (('"p2 f"', '"p2 cbr 1e20"'), "an amount 1E+20 is too large to replay"),
    ],
)
def test_amounts_beyond_the_replay_limits_are_unsupported(
    change: tuple[str, str], message: str
) -> None:
    text = HEADS_UP.format(actions='"d dh p1 AcAd", "d dh p2 7h2c", "p2 f"').replace(*change)
    result = replay(loads(text))
    assert result.verdict is Verdict.UNSUPPORTED and message in result.message


def test_chips_that_are_not_conserved_are_never_a_match() -> None:
    """Once a MATCH: 28-digit decimal arithmetic rounded away the 38th place."""
    text = HEADS_UP.format(actions='"d dh p1 AcAd", "d dh p2 7h2c", "p2 f"').replace(
        "[200, 200]", "[200.00000000000000000000000000000000000001, 200]"
    )
    result = replay(loads(text + "finishing_stacks = [201, 199]\n"))
    assert result.verdict is Verdict.UNSUPPORTED and "decimal places" in result.message


@pytest.mark.parametrize(
    ("finishing", "verdict"),
    [
        ("[201.000000000001, 199]", Verdict.MATCH),
        ("[201, 199]", Verdict.MISMATCH),
        ("[201.000000000002, 198.999999999999]", Verdict.MISMATCH),
    ],
)
def test_twelve_decimal_places_replay_exactly(finishing: str, verdict: Verdict) -> None:
    text = HEADS_UP.format(actions='"d dh p1 AcAd", "d dh p2 7h2c", "p2 f"').replace(
        "[200, 200]", "[200.000000000001, 999999999999999.999999999999]"
    )
    finishing = finishing.replace("199", "999999999999998.999999999999")
    result = replay(loads(f"{text}finishing_stacks = {finishing}\n"))
    assert result.verdict is verdict, result.message
    assert result.stacks == (Decimal("201.000000000001"), Decimal("999999999999998.999999999999"))


_WORDS = st.sampled_from(
    [
        *("p1", "p2", "p3", "d", "db", "dh", "cbr", "cc", "f", "sm", "sd", "pb", "-", "????"),
        *("AcAd", "7h2c", "KsKd", "2s3s4s", "9h", "Td", "As"),
    ]
)
_AMOUNTS = st.sampled_from(
    [
        *("1", "2", "6", "99", "100", "0.5", "1e-13", "1e-999999", "1e14", "1e15", "1e599"),
        *("999999999999999.999999999999", "0.000000000001", "3.000000000000000000000000000001"),
    ]
)


@given(
    actions=st.lists(
        st.lists(_WORDS | _AMOUNTS, min_size=1, max_size=4).map(" ".join), max_size=14
    ),
    stacks=st.lists(_AMOUNTS | st.just("inf"), min_size=3, max_size=3),
    finishing=st.none() | st.lists(_AMOUNTS, min_size=3, max_size=3),
)
@settings(max_examples=300, deadline=None)
def test_replay_of_any_readable_history_never_raises(
    actions: list[str], stacks: list[str], finishing: list[str] | None
) -> None:
    """:func:`replay` promises a verdict, never an exception, for a history that reads."""
    prefix = ['"d dh p1 AcAd"', '"d dh p2 7h2c"', '"d dh p3 KsKd"']
    text = (
        'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
        f"starting_stacks = [{', '.join(stacks)}]\n"
        f"actions = [{', '.join(prefix + [json.dumps(a) for a in actions])}]\n"
    )
    if finishing is not None:
        text += f"finishing_stacks = [{', '.join(finishing)}]\n"
    try:
        history = loads(text)
    except InvalidNotationError:
        return
    result = replay(history)
    assert isinstance(result.verdict, Verdict) and result.message


# --- heads-up forced bets and optional field types (PHH specification) ------------------------


@pytest.mark.parametrize(
    ("kind", "players", "written"),
    [
        (AnteKind.BUTTON, 2, (2, 0)),
        (AnteKind.BUTTON, 3, (0, 0, 2)),
        (AnteKind.BIG_BLIND, 2, (0, 2)),
        (AnteKind.BIG_BLIND, 3, (0, 2, 0)),
    ],
)
def test_heads_up_antes_are_written_reversed_phh_spec(
    kind: AnteKind, players: int, written: tuple[int, ...]
) -> None:
    """PHH specification, "Antes": the antes are reversed heads-up, so a heads-up button ante
    is the first entry (the button is the second player) and a big-blind ante the second; a
    hand exported and read back replays with the same player paying the ante."""
    holdem = VARIANT_CODES["NT"]
    variant = attrs.evolve(holdem, forced_bets=attrs.evolve(holdem.forced_bets, ante=kind))
    hand = Hand.start(
        variant,
        stakes=variants.Stakes.no_limit(1, 2, ante=2),
        stacks=[100] * players,
        button=players - 1,
        seed=1,
    )
    while not hand.is_complete:
        hand = hand.apply(Fold())
    history = to_history(hand)
    assert history.antes == written
    result = replay(loads(dumps(history)))
    assert result.verdict is Verdict.MATCH, result.message
    assert stakes_of(history)[0].forced_bets.ante is kind


def test_a_hand_may_be_named_by_a_string_or_a_number_phh_spec() -> None:
    """PHH specification, "Optional fields": ``hand`` is a string or an integer."""
    for value, read in (('"A-17"', "A-17"), ("17", 17)):
        history = loads(MINIMAL + f"hand = {value}\n")
        assert history.extra["hand"] == read
        assert loads(dumps(history)) == history
    with pytest.raises(InvalidNotationError, match="hand must be a string or a whole number"):
        loads(MINIMAL + "hand = 1.5\n")


@pytest.mark.parametrize("name", ["hands.PHHS", "hands.Phhs"])
def test_a_phhs_suffix_in_any_case_holds_many_hands_phh_spec(tmp_path: Path, name: str) -> None:
    """PHH specification: a ``.phhs`` file holds several hands. Once ``X.PHHS`` was read as
    one hand and failed with "the required field 'variant' is missing"."""
    path = tmp_path / name
    path.write_text(dumps_many([loads(MINIMAL), loads(MINIMAL)]), encoding="utf-8")
    assert [label for label, _ in read_hands(path)] == [f"{path}[1]", f"{path}[2]"]
    read = list(read_each(path))
    assert [label for label, _ in read] == [f"{path}[1]", f"{path}[2]"]
    assert all(isinstance(hand, HandHistory) for _, hand in read)


@pytest.mark.parametrize("field", ["seats", "time_banks"])
@pytest.mark.parametrize("values", [[1], [1, 2, 3]])
def test_seats_and_time_banks_have_one_entry_per_player_phh_spec(
    field: str, values: list[int]
) -> None:
    """PHH specification, "Optional fields": ``seats`` is "an array of integers, of length N
    where N is the number of players", ``time_banks`` "of length equal to the number of
    players"."""
    message = f"{field} has {len(values)} entries but there are 2 players"
    text, kwargs = _both_ways({field: values})
    with pytest.raises(InvalidNotationError, match=re.escape(message)):
        loads(text)
    with pytest.raises(InvalidNotationError, match=re.escape(message)):
        HandHistory(**kwargs)
    with pytest.raises(InvalidNotationError, match=re.escape(f"[1]: {message}")):
        loads_many("[1]\n" + text)
    good = loads(_both_ways({field: [1, 2]})[0])
    assert good.extra[field] == [1, 2] and loads(dumps(good)) == good


@pytest.mark.parametrize(
    "field",
    [
        "time_banks = [30, true]",
        "time_banks = [30, -1]",
        'time_banks = [30, "1m"]',
        "time_banks = [30, nan]",
        "time_banks = 30",
        "time_limit = -0.5",
        "time_limit = true",
        'time_limit = "30s"',
    ],
)
def test_time_banks_and_time_limit_are_numbers_at_least_zero_phh_spec(field: str) -> None:
    """PHH specification, "Time-Control Fields": ``time_limit`` is an integer or float (``inf``
    for none), ``time_banks`` an array of integers or floats."""
    key = field.split(" ", maxsplit=1)[0]
    with pytest.raises(InvalidNotationError, match=f"{key} must be an? (array of )?time"):
        loads(MINIMAL + field + "\n")


def test_time_banks_and_time_limit_of_numbers_read_and_round_trip_phh_spec() -> None:
    history = loads(MINIMAL + "time_limit = inf\ntime_banks = [30, 12.5]\n")
    assert history.extra["time_banks"] == [30, Decimal("12.5")]
    assert loads(dumps(history)) == history


#: p3 cannot pay the ante of 10 and holds the best hand; p1 and p2 check it down.
SHORT_ANTE = """
variant = "NT"
antes = {antes}
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = {stacks}
actions = [
  "d dh p1 7h2c", "d dh p2 8d3s", "d dh p3 AcAd", "p1 cc", "p2 cc",
  "d db KsQh4c", "p1 cc", "p2 cc", "d db 9s", "p1 cc", "p2 cc", "d db 5d", "p1 cc", "p2 cc",
  "p1 sm 7h2c", "p2 sm 8d3s", "p3 sm AcAd",
]
"""


@pytest.mark.parametrize("status", ["", "ante_trimming_status = false\n"])
def test_a_short_ante_without_ante_trimming_is_unsupported_phh_spec(status: str) -> None:
    """PHH specification, "Ante Trimming Status" (default false): a player who cannot pay the
    full ante "can win all the antes". Under true they "can only win depending on how much the
    player contributed" -- the side pots the replay makes. The false record (p3 wins all 25 of
    the antes; the values pokerkit gives) was once replayed under true and called a mismatch."""
    text = SHORT_ANTE.format(antes="[10, 10, 10]", stacks="[200, 200, 5]")
    result = replay(loads(text + status + "finishing_stacks = [188, 192, 25]\n"))
    assert result.verdict is Verdict.UNSUPPORTED, result.message
    assert "p3's starting stack 5 is less than their ante 10" in result.message
    assert "ante_trimming_status is" in result.message
    trimmed = replay(
        loads(text + "ante_trimming_status = true\nfinishing_stacks = [188, 202, 15]\n")
    )
    assert trimmed.verdict is Verdict.MATCH, trimmed.message


@pytest.mark.parametrize(
    ("antes", "stacks", "status", "verdict"),
    [
        ("[10, 10, 10]", "[200, 200, 10]", "false", Verdict.REPLAYED),
        ("[0, 0, 10]", "[200, 200, 5]", "false", Verdict.REPLAYED),
        ("[0, 0, 10]", "[200, 200, 5]", "true", Verdict.UNSUPPORTED),
        ("[0, 10, 0]", "[200, 11, 200]", "false", Verdict.UNSUPPORTED),
        ("[0, 10, 0]", "[200, 12, 200]", "false", Verdict.REPLAYED),
    ],
)
def test_short_button_and_big_blind_antes_replay_only_as_phh_plays_them_phh_spec(
    antes: str, stacks: str, status: str, verdict: Verdict
) -> None:
    """PHH specification, "Ante Trimming Status": a stack that covers the ante plays alike
    under either value; a button all-in for its ante plays for that ante alone, as under
    false; PHH posts a big-blind ante before the blind, the engine the blind first."""
    text = SHORT_ANTE.format(antes=antes, stacks=stacks)
    if antes == "[0, 10, 0]":  # the big blind p2 is all-in: p3 and p1 play on
        text = text.replace('"p1 cc", "p2 cc",\n', '"p3 cc", "p1 cc",\n', 1)
        text = text.replace('"p1 cc", "p2 cc"', '"p1 cc", "p3 cc"')
    result = replay(loads(text + f"ante_trimming_status = {status}\n"))
    assert result.verdict is verdict, result.message


_HIDDEN_BADUGI = """variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [50, 50]
actions = [
  "d dh p1 ????????", "d dh p2 AcAd3h8s", "p2 cc", "p1 cc",
  "p1 sd Kh??", "p2 sd Ad8s", "d dh p1 ????", "d dh p2 2d5s",
  "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc",
  "p1 sm 2s3d4c7h", "p2 sm Ac2d3h5s",
]
finishing_stacks = [48, 52]
"""


def test_a_named_discard_from_a_hidden_draw_hand_is_a_card_the_player_held() -> None:
    # p1's cards are never seen dealt: the Kh they throw away, and the four they show at the
    # end, were among their unknown cards (the unknown card thrown with the Kh never shows)
    result = replay(loads(_HIDDEN_BADUGI))
    assert result.verdict is Verdict.MATCH, result.message
    assert result.hand is not None
    assert result.hand.holding(0).cards == tuple(parse_cards("2s 3d 4c 7h"))


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["Fixed-limit badugi", "Deuce-to-seven triple draw"]),
    st.integers(0, 2**32 - 1),
    st.lists(st.booleans(), min_size=64, max_size=64),
)
def test_a_draw_history_with_hidden_hands_and_partly_named_discards_replays(
    name: str, seed: int, masks: list[bool]
) -> None:
    # heads-up, so the stub never runs out; p1's dealt cards are all unknown, and each card
    # they throw away is named or not as the masks say
    variant = variants.find_variant(name)
    rng = random.Random(seed)
    hand = play(
        Hand.start(variant, stakes=stakes_for(variant), stacks=[60, 60], button=1, seed=seed),
        rng,
    )
    history = to_history(hand)
    flags = iter(masks)
    actions = []
    for action in history.actions:
        hidden = action
        if action.player == 0 and action.verb is Verb.DEAL_HOLE:
            hidden = attrs.evolve(action, cards=(None,) * len(action.cards))
        elif action.player == 0 and action.verb is Verb.STAND_PAT_OR_DISCARD:
            hidden = attrs.evolve(
                action, cards=tuple(c if next(flags) else None for c in action.cards)
            )
        actions.append(hidden)
    result = replay(attrs.evolve(history, actions=actions))
    assert result.verdict is Verdict.MATCH, result.message


def test_a_heads_up_single_blind_in_the_second_entry_is_the_first_players_phh_spec() -> None:
    # PHH reverses forced bets heads-up: [0, 2] is the first player's blind, the usual one blind
    # left of the button; the button acts first before the flop (pokerkit plays it the same)
    history = loads(
        """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [0, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AcAd", "d dh p2 7h2c", "p2 cbr 6", "p1 cc", "d db 2s3s4s", "p1 cc",
           "p2 cc", "d db 9h", "p1 cc", "p2 cc", "d db Td", "p1 cc", "p2 cc", "p1 sm AcAd",
           "p2 sm 7h2c"]
finishing_stacks = [106, 94]
"""
    )
    result = replay(history)
    assert result.verdict is Verdict.MATCH, result.message
    assert result.hand is not None and not result.hand.variant.forced_bets.button_blind


@pytest.mark.parametrize("seed", [4, 22, 113])
def test_a_hidden_draw_hand_is_dealt_reshuffled_discards_when_the_unnamed_cards_run_out(
    seed: int,
) -> None:
    # six-handed triple draw where only p1's cards are named: the cards the history never
    # names run out before the end, and the dealer's reshuffled discards stand in (these
    # seeds need them: without, the replay stops for want of a card)
    variant = variants.find_variant("Deuce-to-seven triple draw")
    hand = play(
        Hand.start(variant, stakes=stakes_for(variant), stacks=[60] * 6, button=5, seed=seed),
        random.Random(seed),
    )
    history = to_history(hand)
    hidden = [
        attrs.evolve(a, cards=(None,) * len(a.cards))
        if a.player not in (None, 0) and a.verb in (Verb.DEAL_HOLE, Verb.STAND_PAT_OR_DISCARD)
        else a
        for a in history.actions
    ]
    named = {c for a in hidden for c in a.cards if c is not None}
    assert len(named) + sum(a.cards.count(None) for a in hidden) > 52  # more slots than cards
    result = replay(attrs.evolve(history, actions=hidden))
    assert result.verdict is Verdict.MATCH, result.message


def test_dealable_cards_are_the_stub_then_the_reshuffled_discards() -> None:
    variant = variants.find_variant("Deuce-to-seven triple draw")
    hand = Hand.start(variant, stakes=stakes_for(variant), stacks=[60] * 2, button=1)
    step = hand.pending_deal
    assert step is not None and hand.dealable_cards() == frozenset(STANDARD_CARDS)
    seeded = Hand.start(variant, stakes=stakes_for(variant), stacks=[60] * 2, button=1, seed=1)
    assert seeded.dealable_cards() == frozenset()

"""Tests for PHH reading and writing (pokerrules.history.phh)."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerrules.actions import Call, Check, LegalActions
from pokerrules.cards import STANDARD_CARDS, Card
from pokerrules.engine import Hand, Muck, Phase
from pokerrules.errors import InvalidDefinitionError, InvalidNotationError
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
    read_hands,
)
from pokerrules.history.replay import VARIANT_CODES, Verdict, replay, stakes_of
from tests.test_engine import play, stakes_for

#: 200 public hand histories (see SOURCES.txt and LICENSE there)
SAMPLE = Path(__file__).resolve().parent / "data" / "phh_sample"


def sample_files() -> list[Path]:
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
    assert "short-deck" in reasons["pokerkit-history/phua-xuan-2019.phh"].message
    assert "badugi" in reasons["pokerkit-history/alice-carol-wikipedia.phh"].message
    posted = [
        r
        for label, r in reasons.items()
        if r.verdict is Verdict.UNSUPPORTED and "negative" in r.message
    ]
    assert len(posted) == 2
    no_stacks = [r for r in reasons.values() if r.verdict is Verdict.REPLAYED]
    assert len(no_stacks) == 14 and all(r.ok for r in no_stacks)


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
        assert isinstance(legal, LegalActions)
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

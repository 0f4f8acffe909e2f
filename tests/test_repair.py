"""The PHH repair mode: ``replay(..., repair=True)`` fills in omitted folds and checks the way
PHH's reference implementation (pokerkit's ``HandHistory.state_actions``) does -- the player to
act checks when they may, else folds -- and reports each repair."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from pokerrules import strategies as prs
from pokerrules.catalogue import (
    DEUCE_TO_SEVEN_TRIPLE_DRAW,
    LIMIT_HOLDEM,
    NO_LIMIT_HOLDEM,
    POT_LIMIT_OMAHA,
    SEVEN_CARD_STUD,
)
from pokerrules.engine import Hand
from pokerrules.errors import InvalidDefinitionError
from pokerrules.history.export import to_history
from pokerrules.history.phh import HandHistory, Notation, Verb, load, loads
from pokerrules.history.replay import Repair, Verdict, replay
from tests.shared_data import PHH_SAMPLE

pokerkit = pytest.importorskip("pokerkit")

WSOP_2019 = PHH_SAMPLE / "phh-dataset" / "data" / "wsop" / "2019" / "42" / "3" / "00-01-07.phh"

#: p2 bets the turn; p1's check and fold there and the river's checks are left out.
OMITTED = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AcAd", "d dh p2 5h6h", "d dh p3 KsKd", "p3 cbr 6", "p1 cc", "p2 cc",
           "d db 2s3s4s", "p1 cc", "p2 cc", "p3 cc", "d db 9h", "p2 cbr 10", "p3 cc",
           "d db Td", "p2 sm 5h6h", "p3 sm KsKd"]
finishing_stacks = [94, 122, 84]
"""


def _pokerkit_stacks(path: Path, *, ante_trimming: bool | None = None) -> list[int]:
    with path.open("rb") as file:
        history = pokerkit.HandHistory.load(file)
    if ante_trimming is not None:
        history.ante_trimming_status = ante_trimming
    *_, (state, _) = history.state_actions
    return list(state.stacks)


def _pokerkit_fills(path: Path) -> list[tuple[str, int]]:
    """The folds and checks pokerkit applies that the file does not record, as (verb, player
    index), in order."""
    with path.open("rb") as file:
        history = pokerkit.HandHistory.load(file)
    fills = []
    seen = 0  # operations already looked at
    for state, action in history.state_actions:
        new, seen = state.operations[seen:], len(state.operations)
        if action is not None:
            continue  # the file's own action (and what it set off)
        for operation in new:
            kind = type(operation).__name__
            if kind in ("Folding", "CheckingOrCalling"):
                fills.append(("f" if kind == "Folding" else "cc", operation.player_index))
    return fills


def test_wsop_2019_omitted_fold_fails_without_repair() -> None:
    """The hand skips p8's fold to p7's raise: the strict replay stops there and says why."""
    result = replay(load(WSOP_2019))
    assert result.verdict is Verdict.FAILED
    assert result.stopped_at == 13
    assert "p8 is next" in result.message
    assert result.repairs == ()


def test_wsop_2019_repaired_replays_to_the_recorded_stacks() -> None:
    history = load(WSOP_2019)
    result = replay(history, repair=True)
    assert result.verdict is Verdict.MATCH, result.message
    assert result.repairs == (Repair(before=14, action=Notation(verb=Verb.FOLD, player=7)),)
    assert str(result.repairs[0]) == "p8 f before action 14"
    assert "repaired: p8 f before action 14" in result.message
    assert result.stacks == history.finishing_stacks


def test_wsop_2019_repair_is_pokerkits() -> None:
    """pokerkit fills in the same one fold, and its final stacks are ours. pokerkit reads the
    file's ``ante_trimming_status = true`` as giving the big blind's unmatched big-blind ante
    back (no other player paid one), which the recorded finishing stacks do not do: under
    ``false`` it plays the ante as dead money, as the record and the replay do."""
    assert _pokerkit_fills(WSOP_2019) == [("f", 7)]
    ours = replay(load(WSOP_2019), repair=True).stacks
    assert ours is not None
    assert list(ours) == _pokerkit_stacks(WSOP_2019, ante_trimming=False)
    trimmed = _pokerkit_stacks(WSOP_2019)
    ante = 500000  # p2's big-blind ante, the only one paid
    assert [t - o for t, o in zip(trimmed, ours, strict=True)] == [-ante, ante] + [0] * 6


def test_omitted_fold_and_checks_are_filled_in_and_match_pokerkit(tmp_path: Path) -> None:
    path = tmp_path / "omitted.phh"
    path.write_text(OMITTED)
    result = replay(loads(OMITTED), repair=True)
    assert result.verdict is Verdict.MATCH, result.message
    assert [str(r) for r in result.repairs] == [
        "p1 cc before action 12",  # the turn: p1 checks to p2's bet ...
        "p1 f before action 14",  # ... and folds to it
        "p2 cc before action 15",  # the river's checks
        "p3 cc before action 15",
    ]
    assert _pokerkit_fills(path) == [("cc", 0), ("f", 0), ("cc", 1), ("cc", 2)]
    assert result.stacks is not None
    assert list(result.stacks) == _pokerkit_stacks(path) == [94, 122, 84]


def test_a_complete_history_needs_no_repair() -> None:
    history = loads(OMITTED)
    complete = attrs.evolve(
        history,
        actions=[
            *history.actions[:11],
            Notation(verb=Verb.CHECK_OR_CALL, player=0),
            *history.actions[11:13],
            Notation(verb=Verb.FOLD, player=0),
            *history.actions[13:14],
            Notation(verb=Verb.CHECK_OR_CALL, player=1),
            Notation(verb=Verb.CHECK_OR_CALL, player=2),
            *history.actions[14:],
        ],
    )
    strict, repaired = replay(complete), replay(complete, repair=True)
    assert strict.verdict is repaired.verdict is Verdict.MATCH
    assert repaired.repairs == () and repaired.message == strict.message


def test_a_refused_amount_is_not_repaired() -> None:
    """The recorded actor is the one to act but the engine refuses the amount (a raise below
    the minimum): filling in a fold would hide the disagreement, so the replay fails."""
    text = OMITTED.replace('"p3 cbr 6"', '"p3 cbr 3"')
    result = replay(loads(text), repair=True)
    assert result.verdict is Verdict.FAILED
    assert result.stopped_at == 3 and result.repairs == ()


def test_repairs_stop_when_no_betting_decision_is_pending() -> None:
    """Only betting decisions are filled in: a history that skips a deal is not repaired but
    fails where the dealer is owed the cards."""
    text = OMITTED.replace('"d db 9h", ', "")
    result = replay(loads(text), repair=True)
    assert result.verdict is Verdict.FAILED
    assert result.stopped_at == 10 and "the dealer" in result.message
    assert result.repairs == ()


def _eligible(history: HandHistory, index: int) -> bool:
    """Whether the action at ``index`` is one repair would fill in were it left out: a check,
    or a fold when checking was not allowed, with a later action to show it missing."""
    action = history.actions[index]
    if action.verb not in (Verb.FOLD, Verb.CHECK_OR_CALL) or index + 1 >= len(history.actions):
        return False
    before = replay(attrs.evolve(history, actions=history.actions[:index], finishing_stacks=None))
    legal = before.hand.legal_actions() if before.hand is not None else None
    if legal is None or legal.kind != "bet":
        return False
    return legal.check if action.verb is Verb.CHECK_OR_CALL else not legal.check


@settings(max_examples=40)
@given(
    hand=prs.played_hands(
        prs.variants(
            [
                NO_LIMIT_HOLDEM,
                LIMIT_HOLDEM,
                POT_LIMIT_OMAHA,
                SEVEN_CARD_STUD,
                DEUCE_TO_SEVEN_TRIPLE_DRAW,
            ]
        )
    ),
    data=st.data(),
)
def test_property_repair_restores_an_omitted_fold_or_check(
    hand: Hand, data: st.DataObject
) -> None:
    """Leave one check (or a fold facing a bet) out of an engine-played hand's history: the
    repaired replay fills in exactly that action, in its place, and ends as the hand did."""
    try:
        history = to_history(hand)
    except InvalidDefinitionError:  # stakes PHH cannot express (a rake, a larger chip)
        assume(False)
        raise
    candidates = [i for i in range(len(history.actions)) if _eligible(history, i)]
    event("an action to leave out" if candidates else "nothing to leave out")
    if not candidates:
        return
    index = data.draw(st.sampled_from(candidates))
    left_out = attrs.evolve(
        history, actions=history.actions[:index] + history.actions[index + 1 :]
    )
    result = replay(left_out, repair=True)
    assert result.verdict is Verdict.MATCH, result.message
    missing = history.actions[index]
    assert result.repairs == (
        Repair(before=index + 1, action=Notation(verb=missing.verb, player=missing.player)),
    )
    assert result.stacks == history.finishing_stacks

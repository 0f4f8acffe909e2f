"""The replay's shortcuts give exactly what its general paths give.

:func:`~pokerrules.history.replay.replay` compares whole-chip finishing stacks in one step,
works out the deep stack of a player whose starting stack is unknown only when one is, and
stand-in cards only for a history with unknown cards (``??``). Each shortcut is checked
against the general path: the same hand written so that it takes one or the other must get the
same verdict and the same stacks.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pokerrules.history.phh import loads
from pokerrules.history.replay import Verdict, replay

HEADS_UP = """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [{first}, {second}]
actions = ["d dh p1 AcAd", "d dh p2 {cards}", "p2 cbr 6", "p1 f"]
finishing_stacks = [{end_first}, {end_second}]
"""


def heads_up(
    first: str = "200",
    second: str = "200",
    end_first: str = "198",
    end_second: str = "202",
    cards: str = "7h2c",
) -> str:
    return HEADS_UP.format(
        first=first, second=second, end_first=end_first, end_second=end_second, cards=cards
    )


@given(st.integers(10, 10**6), st.integers(10, 10**6), st.integers(-2, 2), st.integers(-2, 2))
def test_whole_chip_stacks_compare_as_their_decimal_forms_do(
    first: int, second: int, off_first: int, off_second: int
) -> None:
    """The one-step comparison of whole chips (ints) gives the verdict of the exact comparison
    (the same stacks written ``199.0``): a match only when every stack is the engine's."""
    # heads-up, PHH lists the big blind first: p2 raises to 6 and p1 folds its blind of 2
    ends = (first - 2 + off_first, second + 2 + off_second)
    whole = replay(loads(heads_up(str(first), str(second), *map(str, ends))))
    written = replay(loads(heads_up(str(first), str(second), *(f"{e}.0" for e in ends))))
    assert whole.verdict is written.verdict
    assert whole.verdict is (Verdict.MATCH if off_first == off_second == 0 else Verdict.MISMATCH)
    assert whole.stacks == (first - 2, second + 2)


@given(st.integers(10, 10**6), st.integers(-2, 2), st.integers(0, 10**6))
def test_an_unknown_starting_stack_is_left_out_of_the_comparison(
    second: int, off_second: int, anything: int
) -> None:
    """PHH writes an unknown starting stack ``inf``: the replay gives that player a stack deep
    enough for the hand and compares only the others' finishing stacks."""
    history = loads(heads_up("inf", str(second), str(anything), str(second + 2 + off_second)))
    result = replay(history)
    assert result.verdict is (Verdict.MATCH if off_second == 0 else Verdict.MISMATCH)
    assert result.stacks is not None and result.stacks[1] == second + 2
    known = replay(loads(heads_up("500", str(second), "498", str(second + 2 + off_second))))
    assert known.verdict is result.verdict and known.stacks is not None
    assert known.stacks[1] == result.stacks[1]


@given(st.sampled_from(["7h2c", "????", "7h??", "??2c"]))
def test_unknown_hole_cards_replay_as_named_ones(cards: str) -> None:
    """A hand the history never shows (``??``) is dealt stand-in cards; a folded hand replays to
    the same stacks and verdict whether its cards are named or not."""
    named = replay(loads(heads_up()))
    hidden = replay(loads(heads_up(cards=cards)))
    assert named.verdict is hidden.verdict is Verdict.MATCH
    assert named.stacks == hidden.stacks == (198, 202)
    assert hidden.hand is not None and named.hand is not None
    dealt = hidden.hand.holding(1).cards
    assert len(dealt) == 2 and not set(dealt) & set(named.hand.holding(0).cards)

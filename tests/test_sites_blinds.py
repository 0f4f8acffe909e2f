"""Blinds posted out of turn: a new or returning player's live big blind and dead small blind,
from the sites' files to PHH (a negative ``blinds_or_straddles`` entry, the dead money in the
player's ``antes`` entry) and through the replay (the engine's missed and owed blinds); and
hands run twice, read into the library's ``_runout_boards`` extension field."""

from __future__ import annotations

import warnings
from decimal import Decimal

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerrules.errors import InvalidNotationError
from pokerrules.history.phh import dumps, loads
from pokerrules.history.replay import Verdict, replay
from pokerrules.history.runout_boards import read_runout_boards
from pokerrules.history.sites import ImportedHand, import_text


def one(text: str) -> ImportedHand:
    [hand] = import_text(text)
    return hand


def _history(antes: list[int], blinds: list[int], actions: list[str], finish: list[int]) -> str:
    n = len(antes)
    deals = [f'"d dh p{k} ????"' for k in range(1, n + 1)]
    return f"""
variant = "NT"
antes = {antes}
blinds_or_straddles = {blinds}
min_bet = 2
starting_stacks = {[100] * n}
actions = [{", ".join([*deals, *(f'"{a}"' for a in actions)])}]
finishing_stacks = {finish}
"""


def test_button_and_blind_use_rrop_a_returning_big_blind_is_live_and_may_check() -> None:
    """Robert's Rules of Poker, "Button and Blind Use": a player who missed the blinds posts a
    big blind that is live -- when the action comes round with no raise they may check -- and
    the missed small blind dead. PHH: the live blind a negative ``blinds_or_straddles`` entry,
    the dead one the player's ``antes`` entry."""
    text = _history(
        [0, 0, 0, 1, 0],
        [1, 2, 0, -2, 0],
        ["p3 cc", "p4 cc", "p5 f", "p1 f", "p2 cc", "d db 2c3d4h", "p2 cbr 4", "p3 f", "p4 f"],
        [99, 106, 98, 97, 100],
    )
    result = replay(loads(text))
    assert result.verdict is Verdict.MATCH, result.message
    assert result.hand is not None
    # the returning player (seat 3) checked: only the live big blind is theirs in the pot
    posts = {(p.seat, p.kind, p.amount, p.live) for p in result.hand._state.posting.posts}
    assert (3, "owed blind", 1, False) in posts
    assert (3, "missed big blind", 2, True) in posts


def test_button_and_blind_use_rrop_the_dead_small_blind_is_no_part_of_the_bet() -> None:
    """Robert's Rules of Poker, "Button and Blind Use": the dead small blind goes to the pot
    and does not count toward the player's bet -- facing a raise to 6 the returning player
    adds 4, their live big blind being 2."""
    text = _history(
        [0, 0, 0, 1, 0],
        [1, 2, 0, -2, 0],
        ["p3 cbr 6", "p4 cc", "p5 f", "p1 f", "p2 f", "d db 2c3d4h", "p3 cbr 10", "p4 f"],
        [99, 98, 110, 93, 100],
    )
    result = replay(loads(text))
    assert result.verdict is Verdict.MATCH, result.message
    assert result.stacks == (99, 98, 110, 93, 100)


@pytest.mark.parametrize("back", [2, 3, 4])
def test_blinds_out_of_turn_play_as_pokerkit_plays_them(back: int) -> None:
    """pokerkit, PHH's reference implementation, reads the same file to the same stacks: the
    negative entry a live blind that does not move the start of the action, the ``antes``
    entry dead money."""
    pokerkit = pytest.importorskip("pokerkit")
    antes = [0] * 5
    antes[back] = 1
    blinds = [1, 2, 0, 0, 0]
    blinds[back] = -2
    # p3 raises to 6; the returning player (p3 themself, or later) calls, the rest fold
    returning = f"p{back + 1}"
    actions = ["p3 cbr 6"]
    actions += [f"{p} cc" if p == returning else f"{p} f" for p in ("p4", "p5", "p1", "p2")]
    text = _history(antes, blinds, actions, [0] * 5).replace(
        "finishing_stacks = [0, 0, 0, 0, 0]\n", ""
    )
    ours = replay(loads(text))
    assert ours.verdict is Verdict.REPLAYED, ours.message
    *_, state = pokerkit.HandHistory.loads(text)  # the states after each action
    assert ours.stacks == tuple(state.stacks)


def test_a_live_blind_out_of_turn_does_not_move_the_start_of_the_action() -> None:
    """pokerkit's reading of a negative entry (a posted bet): the action starts left of the
    big blind, not left of the player who posted out of turn."""
    text = _history(
        [0, 0, 0, 0], [1, 2, -2, 0], ["p4 f", "p3 f"], [100, 100, 100, 100]
    )  # p4 cannot act before p3
    result = replay(loads(text))
    assert result.verdict is Verdict.FAILED
    assert "the history has p4 act, but p3 is next" in result.message


@given(
    n=st.integers(3, 8),
    data=st.data(),
    dead=st.sampled_from([0, 1]),
    bet=st.integers(2, 50),
)
def test_a_returning_player_anywhere_replays_and_conserves_chips(
    n: int, data: st.DataObject, dead: int, bet: int
) -> None:
    """From any seat outside the blinds, a returning player's live and dead blinds replay to
    the stacks worked out by hand, chips conserved, and survive a PHH round trip."""
    back = data.draw(st.integers(2, n - 1), label="returning player")
    antes = [0] * n
    antes[back] = dead
    blinds = [1, 2] + [0] * (n - 2)
    blinds[back] = -2
    first = [f"p{k + 1} f" for k in range(2, back)]
    after = [f"p{k + 1} f" for k in range(back + 1, n)]
    actions = [*first, f"p{back + 1} cc", *after, "p1 f", "p2 cc", "d db 2c3d4h"]
    actions += [f"p2 cbr {bet}", f"p{back + 1} f"]
    finish = [100] * n
    finish[0] = 99
    finish[1] = 100 + 1 + 2 + dead
    finish[back] = 100 - 2 - dead
    assert sum(finish) == 100 * n
    history = loads(_history(antes, blinds, actions, finish))
    assert loads(dumps(history)) == history
    result = replay(history)
    assert result.verdict is Verdict.MATCH, result.message
    assert result.stacks is not None and sum(result.stacks) == 100 * n


POKERSTARS = """PokerStars Hand #31: Hold'em No Limit ($0.05/$0.10 USD) - 2020/01/01 0:00:00 ET
Table 'T' 6-max Seat #5 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cy ($10 in chips)
Seat 4: Dee ($10 in chips)
Seat 5: Eve ($10 in chips)
Ann: posts small blind $0.05
Bob: posts big blind $0.10
Dee: posts small & big blinds $0.15
*** HOLE CARDS ***
Cy: raises $0.20 to $0.30
Dee: calls $0.20
Eve: folds
Ann: folds
Bob: folds
*** FLOP *** [2c 7d 9s]
Cy: bets $0.50
Dee: folds
Uncalled bet ($0.50) returned to Cy
Cy collected $0.80 from pot
*** SUMMARY ***
Total pot $0.80 | Rake $0
"""


def test_pokerstars_small_and_big_blinds_out_of_turn_replay() -> None:
    hand = one(POKERSTARS)
    assert hand.consistent and hand.verdict is Verdict.MATCH, hand.message
    history = hand.history
    assert history is not None
    assert history.antes == (0, 0, 0, Decimal("0.05"), 0)
    assert history.blinds_or_straddles == (
        Decimal("0.05"),
        Decimal("0.10"),
        0,
        Decimal("-0.10"),
        0,
    )
    # Dee's call adds 0.20 to the live 0.10: the dead 0.05 is not part of the bet
    assert history.finishing_stacks == (
        Decimal("9.95"),
        Decimal("9.90"),
        Decimal("10.50"),
        Decimal("9.65"),
        10,
    )
    assert loads(dumps(history)) == history


WINAMAX = """Winamax Poker - CashGame - HandId: #1-2-4 - Holdem no limit (0.02€/0.05€) - 2020/01/01 \
10:00:00 UTC
Table: 'Lyon' 6-max (real money) Seat #1 is the button
Seat 1: Ann (5€)
Seat 2: Bob (5€)
Seat 3: Cy (5€)
Seat 4: Dee (5€)
*** ANTE/BLINDS ***
Bob posts small blind 0.02€
Cy posts big blind 0.05€
Dee posts big blind 0.05€ out of position
*** PRE-FLOP ***
Dee checks
Ann calls 0.05€
Bob folds
Cy checks
*** FLOP *** [2c 7d 9s]
Cy bets 0.10€
Dee folds
Ann folds
Cy collected 0.27€ from pot
*** SUMMARY ***
Total pot 0.27€ | No rake
"""


def test_winamax_big_blind_out_of_position_is_a_live_blind() -> None:
    hand = one(WINAMAX)
    assert hand.consistent and hand.verdict is Verdict.MATCH, hand.message
    assert hand.history is not None
    assert hand.history.players == ("Bob", "Cy", "Dee", "Ann")
    assert hand.history.blinds_or_straddles == (
        Decimal("0.02"),
        Decimal("0.05"),
        Decimal("-0.05"),
        0,
    )
    assert hand.history.antes == (0, 0, 0, 0)


PACIFIC = """#Game No : 200
***** Cassava Hand History for Game 200 *****
0.50/1 Blinds Fix Limit Holdem - *** 08 03 2011 11:02:03
Table Rubtsovsk (Practice Play)
Seat 9 is the button
Total number of players : 5
Seat 1: Ann ( 50 )
Seat 2: Out ( 50 )
Seat 3: Bob ( 50 )
Seat 4: Cy ( 50 )
Seat 9: Dee ( 50 )
Ann posts small blind [0.50]
Out folds
Bob posts big blind [1]
Dee posts dead blind [0.50 + 1]
** Dealing down cards **
Cy raises [2]
Dee calls [1]
Ann folds
Bob folds
** Dealing flop ** [ 4d, 6d, Jd ]
Cy bets [1]
Dee folds
** Summary **
Cy collected [ 5.50 ]
"""


def test_888_dead_blind_and_a_player_who_folds_before_the_deal() -> None:
    """888 prints a player in the big blind who will not post as folding before the deal (the
    next player posts the big blind): they sit the hand out. "posts dead blind [0.50 + 1]" is
    the small blind dead and the big blind live."""
    hand = one(PACIFIC)
    assert hand.consistent and hand.verdict is Verdict.MATCH, hand.message
    history = hand.history
    assert history is not None
    assert history.players == ("Ann", "Bob", "Cy", "Dee")  # "Out" is not dealt in
    assert history.antes == (0, 0, 0, Decimal("0.50"))
    assert history.blinds_or_straddles == (Decimal("0.50"), 1, 0, -1)
    assert history.finishing_stacks == (Decimal("49.50"), 49, Decimal("52.50"), Decimal("47.50"))


FULL_TILT = """Full Tilt Poker Game #41: Table T (6 max) - $0.01/$0.02 - No Limit Hold'em - \
15:42:59 ET - 2010/08/04
Seat 1: Ann ($1)
Seat 2: Bob ($1)
Seat 3: Cy ($1)
Seat 4: Dee ($1)
Seat 5: Eve ($1)
Bob posts the small blind of $0.01
Cy posts the big blind of $0.02
Eve posts $0.03
The button is in seat #1
*** HOLE CARDS ***
Dee folds
Eve checks
Ann folds
Bob folds
Cy raises to $0.06
Eve calls $0.04
*** FLOP *** [3d As 2h]
Cy bets $0.10
Eve folds
Uncalled bet of $0.10 returned to Cy
Cy wins the pot ($0.14)
*** SUMMARY ***
Total pot $0.14 | Rake $0
"""


def test_full_tilt_one_post_of_both_blinds_is_the_big_blind_live_and_the_rest_dead() -> None:
    hand = one(FULL_TILT)
    assert hand.consistent and hand.verdict is Verdict.MATCH, hand.message
    history = hand.history
    assert history is not None
    assert history.players == ("Bob", "Cy", "Dee", "Eve", "Ann")
    assert history.antes == (0, 0, 0, Decimal("0.01"), 0)
    assert history.blinds_or_straddles == (
        Decimal("0.01"),
        Decimal("0.02"),
        0,
        Decimal("-0.02"),
        0,
    )
    assert history.finishing_stacks is not None and history.finishing_stacks[3] == Decimal("0.93")


def test_a_live_blind_out_of_turn_smaller_than_the_big_blind_is_unsupported() -> None:
    """No room lets a player post a live small blind out of turn. A small blind out of turn
    is taken as a missed small blind, posted dead (Robert's Rules of Poker, "Button and Blind
    Use"); here the file has Dee check the big blind on it, as if it were live, so the hand
    converted that way is not reproduced, and it is reported unsupported with the reason."""
    text = WINAMAX.replace(
        "Dee posts big blind 0.05€ out of position", "Dee posts small blind 0.02€"
    )
    text = text.replace("0.27€", "0.24€")
    hand = one(text)
    assert hand.verdict is Verdict.UNSUPPORTED
    assert hand.message.startswith(
        "the hand converted with repairs (Dee's small blind out of turn posted dead (a missed "
        "small blind)) is not reproduced"
    )
    # any other live blind out of turn below the big blind: the button is misplaced
    other = one(text.replace("Dee posts small blind 0.02€", "Dee posts small blind 0.03€"))
    assert other.verdict is Verdict.UNSUPPORTED
    assert "Dee posts a live blind of 0.03 out of turn, less than the big blind" in other.message


def test_a_raise_that_nobody_left_can_call_is_played_as_a_call_and_reported() -> None:
    """The engine refuses a raise nobody left can call; the conversion plays it as the call
    it comes to (the site returned the rest) and says so (see test_sites_repairs.py)."""
    text = """Winamax Poker - CashGame - HandId: #1-2-5 - Holdem no limit (1€/2€) - 2020/01/01 \
10:00:00 UTC
Table: 'Lyon' 6-max (real money) Seat #1 is the button
Seat 1: Ann (100€)
Seat 2: Bob (10€)
*** ANTE/BLINDS ***
Ann posts small blind 1€
Bob posts big blind 2€
*** PRE-FLOP ***
Ann raises 4€ to 6€
Bob raises 4€ to 10€ and is all-in
Ann raises 10€ to 20€
*** FLOP *** [2c 7d 9s]
*** TURN *** [2c 7d 9s][Jh]
*** RIVER *** [2c 7d 9s Jh][Kc]
*** SHOW DOWN ***
Ann shows [Ah Ad] (One pair)
Bob shows [3c 4d] (High card)
Ann collected 30€ from pot
*** SUMMARY ***
Total pot 30€ | No rake
"""
    hand = one(text)
    assert hand.verdict is Verdict.MATCH, hand.message
    assert "Ann's raise to 20 with nobody left to call played as a call" in hand.message
    assert hand.history is not None and hand.history.finishing_stacks == (0, 110)


RUN_TWICE = """PokerStars Hand #41: Hold'em No Limit ($1/$2 USD) - 2020/01/01 0:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Ann: posts small blind $1
Bob: posts big blind $2
*** HOLE CARDS ***
Ann: raises $98 to $100 and is all-in
Bob: calls $98 and is all-in
*** FIRST FLOP *** [2h 7s 9d]
*** FIRST TURN *** [2h 7s 9d] [Jc]
*** FIRST RIVER *** [2h 7s 9d Jc] [3s]
*** SECOND FLOP *** [Kh 5h 6s]
*** SECOND TURN *** [Kh 5h 6s] [8c]
*** SECOND RIVER *** [Kh 5h 6s 8c] [Td]
*** FIRST SHOW DOWN ***
Ann: shows [Ac Ad] (a pair of Aces)
Bob: shows [Kc Kd] (a pair of Kings)
Ann collected $99 from pot
*** SECOND SHOW DOWN ***
Ann: shows [Ac Ad] (a pair of Aces)
Bob: shows [Kc Kd] (three of a kind, Kings)
Bob collected $99 from pot
*** SUMMARY ***
Total pot $200 | Rake $2
Hand was run twice
FIRST Board [2h 7s 9d Jc 3s]
SECOND Board [Kh 5h 6s 8c Td]
"""


def test_pokerstars_run_it_twice_reads_both_boards_and_splits_the_pot() -> None:
    """PokerStars' "Run It Twice": each runout wins half the pot (pokerkit's share rule,
    :mod:`pokerrules.runouts`); the second board goes to the ``_runout_boards`` field."""
    hand = one(RUN_TWICE)
    assert hand.consistent and hand.verdict is Verdict.MATCH, hand.message
    history = hand.history
    assert history is not None
    assert history.extra["_runout_boards"] == ["Kh5h6s8cTd"]
    dealt = [str(a) for a in history.actions if a.verb.value == "db"]
    assert dealt == ["d db 2h7s9d", "d db Jc", "d db 3s"]
    assert history.finishing_stacks == (99, 99)
    again = loads(dumps(history))
    assert again == history and again.extra["_runout_boards"] == ["Kh5h6s8cTd"]


def test_a_hand_run_twice_shown_with_one_board_stays_unsupported() -> None:
    text = RUN_TWICE.replace("*** SECOND FLOP *** [Kh 5h 6s]\n", "")
    text = text.replace("*** SECOND TURN *** [Kh 5h 6s] [8c]\n", "")
    text = text.replace("*** SECOND RIVER *** [Kh 5h 6s 8c] [Td]\n", "")
    hand = one(text)
    assert hand.verdict is Verdict.UNSUPPORTED
    assert "run it twice (the file shows one board)" in hand.message


def test_runout_boards_that_do_not_fit_the_hand_fail_with_the_reason() -> None:
    no_rake = RUN_TWICE.replace("collected $99", "collected $100").replace("Rake $2", "Rake $0")
    history = one(no_rake).history
    assert history is not None
    twice = replay(history)
    assert twice.verdict is Verdict.MATCH, twice.message
    three = dict(history.extra, _runout_boards=["Kh5h6s8cTd", "2h4d4h4s5c"])
    result = replay(loads(dumps(attrs.evolve(history, extra=three))))
    assert result.verdict is Verdict.FAILED
    # a card already dealt cannot be dealt again: the third runout is refused
    assert "runout 3 of _runout_boards" in result.message
    bad = dict(history.extra, _runout_boards="Kh5h6s8cTd")
    with pytest.raises(InvalidNotationError, match="must be a list of card strings"):
        read_runout_boards(bad)
    once = dict(history.extra)
    del once["_runout_boards"]
    single = replay(attrs.evolve(history, extra=once))
    assert single.verdict is Verdict.MISMATCH  # the whole pot to the first runout's winner


def test_a_standard_reader_keeps_the_runout_boards_field_and_plays_one_runout() -> None:
    """pokerkit, PHH's reference implementation, reads a hand with the extension field without
    a warning, keeps it as a user-defined field (PHH's underscore prefix) and plays the first
    runout alone; the library's replay splits the pot between the two runouts."""
    pokerkit = pytest.importorskip("pokerkit")
    history = one(RUN_TWICE).history
    assert history is not None
    text = dumps(history)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        theirs = pokerkit.HandHistory.loads(text)
        *_, state = theirs
    assert theirs.user_defined_fields["_runout_boards"] == ["Kh5h6s8cTd"]
    assert tuple(state.stacks) == (0, 200)  # Ann (p2, aces) wins the first board: all of it
    ours = replay(loads(text))
    assert ours.stacks == (100, 100)  # half the pot each: the rake is the site's, not ours

"""The site importers: a room's fold with no bet to call, and the repairs the conversion makes
so that the engine can play what a site recorded (an all-in player's fold, a raise nobody left
can call). The small hands here are written for these tests."""

from __future__ import annotations

import warnings
from decimal import Decimal

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerrules.actions import Call, Check, Fold
from pokerrules.catalogue import CATALOGUE, NO_LIMIT_HOLDEM
from pokerrules.engine import Hand, ShowHand
from pokerrules.errors import InvalidNotationError
from pokerrules.history.export import to_history
from pokerrules.history.phh import dumps, loads
from pokerrules.history.replay import Verdict, replay
from pokerrules.history.room_rules import (
    FOLD_WITHOUT_BET,
    fold_without_bet_field,
    read_fold_without_bet,
    with_room_rules,
)
from pokerrules.history.sites import ImportedHand, import_text
from pokerrules.variants import Stakes, Variant

# The big blind checks the flop, then folds on the turn when the button checks to him too --
# no bet to call. The button bets the river and takes the pot.
STARS_FOLD_WITHOUT_BET = """PokerStars Hand #51: Hold'em No Limit ($1/$2 USD) - 2020/01/01 0:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Seat 3: Cy ($100 in chips)
Bob: posts small blind $1
Cy: posts big blind $2
*** HOLE CARDS ***
Ann: calls $2
Bob: calls $1
Cy: checks
*** FLOP *** [2c 7d 9s]
Bob: checks
Cy: checks
Ann: checks
*** TURN *** [2c 7d 9s] [Jh]
Bob: checks
Cy: folds
Ann: checks
*** RIVER *** [2c 7d 9s Jh] [3d]
Bob: bets $4
Ann: folds
Uncalled bet ($4) returned to Bob
Bob collected $6 from pot
*** SUMMARY ***
Total pot $6 | Rake $0
"""

WINAMAX_FOLD_WITHOUT_BET = """Winamax Poker - CashGame - HandId: #1-2-9 - Omaha pot limit (1€/2€) - \
2020/01/01 10:00:00 UTC
Table: 'Lyon' 6-max (real money) Seat #1 is the button
Seat 1: Ann (100€)
Seat 2: Bob (50€)
Seat 3: Cy (80€)
*** ANTE/BLINDS ***
Bob posts small blind 1€
Cy posts big blind 2€
*** PRE-FLOP ***
Ann calls 2€
Bob calls 1€
Cy folds
*** FLOP *** [2c 7d 9s]
Bob bets 6€
Ann folds
Bob collected 12€ from pot
*** SUMMARY ***
Total pot 12€ | No rake
"""


def one(text: str) -> ImportedHand:
    [hand] = import_text(text)
    return hand


def test_tda_non_standard_fold_in_turn_with_no_bet_stands_in_an_online_room() -> None:
    """TDA rules, "Non-standard folds": a fold in turn when the player could check is
    binding -- the hand is dead. PokerStars lets the player fold and records it: the big
    blind folds on the turn with nothing to call, leaves the hand, and his chips stay in the
    pot. The PHH hand records the room's rule in
    the ``_fold_without_bet`` extension field and the replay honours the fold."""
    hand = one(STARS_FOLD_WITHOUT_BET)
    assert hand.verdict is Verdict.MATCH, hand.message
    history = hand.history
    assert history is not None
    assert history.extra[FOLD_WITHOUT_BET] is True
    assert "p2 f" in [str(a) for a in history.actions]  # Cy (p2) folds with no bet to call
    played = replay(history)
    assert played.hand is not None and 1 in played.hand.folded
    assert history.finishing_stacks == (104, 98, 98)
    assert hand.repairs == ()  # the fold is the room's rule, nothing was changed


def test_tda_non_standard_fold_of_the_big_blind_option_stands_on_winamax() -> None:
    """TDA rules, "Non-standard folds": the big blind may fold his option in turn, and the
    fold is binding. Winamax records such a fold before the flop (the big blind folds when
    everyone only called)."""
    hand = one(WINAMAX_FOLD_WITHOUT_BET)
    assert hand.verdict is Verdict.MATCH, hand.message
    assert hand.history is not None and hand.history.extra[FOLD_WITHOUT_BET] is True
    assert hand.history.finishing_stacks == (54, 78, 98)  # Bob, Cy, Ann


def test_a_hand_without_a_fold_with_no_bet_has_no_room_field() -> None:
    text = STARS_FOLD_WITHOUT_BET.replace("Cy: folds\n", "Cy: checks\n").replace(
        "Bob: bets $4\nAnn: folds\n", "Bob: bets $4\nCy: folds\nAnn: folds\n"
    )
    hand = one(text)
    assert hand.verdict is Verdict.MATCH, hand.message
    assert hand.history is not None and FOLD_WITHOUT_BET not in hand.history.extra


def test_without_the_room_field_the_replay_refuses_a_fold_with_no_bet() -> None:
    """The engine's default (``BettingRules.fold_without_bet`` off) refuses the pointless fold:
    a PHH hand that does not say its room allows it is not replayed past the fold."""
    history = one(STARS_FOLD_WITHOUT_BET).history
    assert history is not None
    extra = {k: v for k, v in history.extra.items() if k != FOLD_WITHOUT_BET}
    result = replay(attrs.evolve(history, extra=extra))
    assert result.verdict is Verdict.FAILED
    assert "cannot fold: there is no bet to fold to" in result.message


def test_the_room_field_must_be_true_or_false() -> None:
    history = one(STARS_FOLD_WITHOUT_BET).history
    assert history is not None
    bad = attrs.evolve(history, extra=dict(history.extra, _fold_without_bet="yes"))
    result = replay(bad)
    assert result.verdict is Verdict.FAILED
    assert "_fold_without_bet must be true or false, not 'yes'" in result.message
    with pytest.raises(InvalidNotationError, match="must be true or false"):
        read_fold_without_bet({FOLD_WITHOUT_BET: 1})
    assert read_fold_without_bet({FOLD_WITHOUT_BET: False}) is False
    assert fold_without_bet_field(False) == {}


def test_the_room_field_survives_writing_and_reading_phh() -> None:
    history = one(STARS_FOLD_WITHOUT_BET).history
    assert history is not None
    text = dumps(history)
    assert "_fold_without_bet = true" in text
    again = loads(text)
    assert again == history
    assert replay(again).verdict is Verdict.MATCH


def test_pokerkit_reads_the_fold_with_no_bet_to_the_same_stacks() -> None:
    """pokerkit, PHH's reference implementation, plays a history as a cash game, where a fold
    with no bet to call stands (with a warning); it keeps ``_fold_without_bet`` as a
    user-defined field (PHH's underscore prefix) and ends with the same stacks."""
    pokerkit = pytest.importorskip("pokerkit")
    history = one(STARS_FOLD_WITHOUT_BET).history
    assert history is not None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = pokerkit.HandHistory.loads(dumps(history))
        *_, state = theirs
    assert theirs.user_defined_fields[FOLD_WITHOUT_BET] is True
    assert tuple(state.stacks) == history.finishing_stacks


def test_an_engine_hand_played_under_the_option_is_written_with_the_room_field() -> None:
    """A hand the engine played with ``fold_without_bet`` on is written with the field, so
    that its fold with no bet replays; a hand under the default is written without it."""
    rules = attrs.evolve(NO_LIMIT_HOLDEM.betting, fold_without_bet=True)
    room = attrs.evolve(NO_LIMIT_HOLDEM, betting=rules)
    hand = Hand.start(room, stakes=Stakes.no_limit(1, 2), stacks=[100] * 3, button=2, seed=3)
    hand = hand.apply(Call()).apply(Call()).apply(Fold())  # the big blind folds his option
    while not hand.is_complete:
        legal = hand.legal_actions()
        showdown = hand.phase.value == "showdown"
        hand = hand.apply(ShowHand() if showdown else Check() if legal and legal.check else Call())
    assert hand.folded == frozenset({1})
    history = to_history(hand)
    assert history.extra[FOLD_WITHOUT_BET] is True
    assert replay(loads(dumps(history))).verdict is Verdict.MATCH
    plain = Hand.start(
        NO_LIMIT_HOLDEM, stakes=Stakes.no_limit(1, 2), stacks=[100] * 3, button=2, seed=3
    )
    plain = plain.apply(Fold()).apply(Fold())
    assert FOLD_WITHOUT_BET not in to_history(plain).extra


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), data=st.data())
def test_any_hand_with_folds_with_no_bet_replays_from_its_phh_with_chips_conserved(
    seed: int, data: st.DataObject
) -> None:
    """Whatever the players do -- folding whenever the room lets them, bet or no bet, else
    checking or calling -- the hand written as PHH (with the room field) replays to the same
    stacks, and no chip is lost."""
    rules = attrs.evolve(NO_LIMIT_HOLDEM.betting, fold_without_bet=True)
    room = attrs.evolve(NO_LIMIT_HOLDEM, betting=rules)
    hand = Hand.start(room, stakes=Stakes.no_limit(1, 2), stacks=[50] * 4, button=3, seed=seed)
    while not hand.is_complete:
        legal = hand.legal_actions()
        if hand.phase.value == "showdown" or legal is None:
            hand = hand.apply(ShowHand())
            continue
        fold = legal.fold and data.draw(st.booleans())
        hand = hand.apply(Fold() if fold else Check() if legal.check else Call())
    assert sum(hand.stacks.values()) == 200
    history = loads(dumps(to_history(hand)))
    assert history.extra[FOLD_WITHOUT_BET] is True
    played = replay(history)
    assert played.verdict is Verdict.MATCH, played.message
    assert played.hand is not None and played.hand.folded == hand.folded


@given(
    variant=st.sampled_from(CATALOGUE),
    allowed=st.booleans(),
)
def test_room_rules_change_only_the_fold_without_bet_option(
    variant: Variant, allowed: bool
) -> None:
    """Whatever the variant, the room's field turns the option on and touches nothing else;
    without it the variant is returned as it is."""
    played = with_room_rules(variant, fold_without_bet_field(allowed))
    assert played.betting.fold_without_bet is (allowed or variant.betting.fold_without_bet)
    assert attrs.evolve(played, betting=variant.betting) == variant
    if not allowed:
        assert played is variant


# ---------------------------------------------------------------------------------------------
# an all-in player's fold

ALL_IN_FOLD = """PokerStars Hand #61: Tournament #9, $1+$0.10 USD Hold'em No Limit - Level IX \
(75/150) - 2020/01/01 0:00:00 ET
Table '9 1' 9-max Seat #1 is the button
Seat 1: Ann (5000 in chips)
Seat 2: Cy (5000 in chips)
Seat 3: Dee (5000 in chips)
Seat 4: Bob (10 in chips) is sitting out
Ann: posts the ante 20
Cy: posts the ante 20
Dee: posts the ante 20
Bob: posts the ante 10 and is all-in
Cy: posts small blind 75
Dee: posts big blind 150
*** HOLE CARDS ***
Bob: folds
Ann: raises 150 to 300
Cy: folds
Dee: calls 150
*** FLOP *** [9c Jd 2c]
Dee: checks
Ann: checks
*** TURN *** [9c Jd 2c] [Td]
Dee: checks
Ann: checks
*** RIVER *** [9c Jd 2c Td] [6d]
Dee: checks
Ann: checks
*** SHOW DOWN ***
Dee: shows [Qd Ac] (high card Ace)
Ann: shows [Ts 8s] (a pair of Tens)
Ann collected 705 from side pot
Ann collected 40 from main pot
*** SUMMARY ***
Total pot 745 Main pot 40. Side pot 705. | Rake 0
"""


def test_an_all_in_players_fold_is_dropped_as_a_repair() -> None:
    """A player all-in (here from the ante) has no decision left, so the engine never asks
    them to fold; the site's fold of their dead hand moves no chips. The conversion drops it,
    the player mucks at the showdown instead, and the repair is reported."""
    hand = one(ALL_IN_FOLD)
    assert hand.verdict is Verdict.MATCH, hand.message
    assert hand.repairs == ("Bob's fold all-in dropped (they cannot act)",)
    assert "(converted: Bob's fold all-in dropped" in hand.message
    history = hand.history
    assert history is not None
    actions = [str(a) for a in history.actions]
    assert "p3 f" not in actions  # Bob is p3 (Cy, Dee, Bob, Ann from the button's left)
    assert "p3 sm" in actions  # he mucks at the showdown
    assert FOLD_WITHOUT_BET not in history.extra  # no fold with no bet was kept
    assert history.finishing_stacks == (4905, 4680, 0, 5425)


def test_an_all_in_fold_that_leaves_a_showdown_the_file_does_not_show_is_unsupported() -> None:
    # the all-in big blind folds before the flop; without the fold the engine would play a
    # showdown against a hand the file never shows, on a board it never deals
    text = """PokerStars Hand #62: Tournament #9, $1+$0.10 USD Hold'em No Limit - Level IV \
(30/60) - 2020/01/01 0:00:00 ET
Table '9 1' 6-max Seat #1 is the button
Seat 1: Ann (2135 in chips)
Seat 4: Bob (815 in chips)
Seat 5: Cy (50 in chips) is sitting out
Ann: posts the ante 6
Bob: posts the ante 6
Cy: posts the ante 6
Bob: posts small blind 30
Cy: posts big blind 44 and is all-in
*** HOLE CARDS ***
Ann: raises 76 to 120
Bob: folds
Cy: folds
Uncalled bet (76) returned to Ann
Ann collected 136 from pot
*** SUMMARY ***
Total pot 136 | Rake 0
"""
    hand = one(text)
    assert hand.consistent
    assert hand.verdict is Verdict.UNSUPPORTED
    assert hand.message == (
        "Cy folds all-in, which the engine never does; without the fold Ann wins at a "
        "showdown the file does not show"
    )
    assert hand.repairs == ()


# ---------------------------------------------------------------------------------------------
# a raise nobody left can call


def _raise_over_all_in(short: int, to: int, *, winner: str = "Ann") -> str:
    """Winamax: Bob re-raises all-in for ``short``, Ann raises to ``to`` though nobody left
    can call; Winamax counts the uncalled part in what the winner collects. Ann holds the
    better hand; ``winner="Bob"`` has the file give Bob the pot all the same."""
    if winner == "Ann":
        collected = f"Ann collected {short + to}€ from pot"
    else:
        collected = f"Bob collected {2 * short}€ from pot\nAnn collected {to - short}€ from pot"
    return f"""Winamax Poker - CashGame - HandId: #1-2-5 - Holdem no limit (1€/2€) - 2020/01/01 \
10:00:00 UTC
Table: 'Lyon' 6-max (real money) Seat #1 is the button
Seat 1: Ann (100€)
Seat 2: Bob ({short}€)
*** ANTE/BLINDS ***
Ann posts small blind 1€
Bob posts big blind 2€
*** PRE-FLOP ***
Ann raises 4€ to 6€
Bob raises {short - 6}€ to {short}€ and is all-in
Ann raises {to - short}€ to {to}€
*** FLOP *** [2c 7d 9s]
*** TURN *** [2c 7d 9s][Jh]
*** RIVER *** [2c 7d 9s Jh][Kc]
*** SHOW DOWN ***
Ann shows [Ah Ad] (One pair)
Bob shows [3c 4d] (High card)
{collected}
*** SUMMARY ***
Total pot {short + to}€ | No rake
"""


def test_a_raise_that_nobody_left_can_call_is_played_as_the_call_it_comes_to() -> None:
    """Nobody left can call a raise over an all-in, so the engine refuses it; the site takes
    the raise and returns the uncalled part. The conversion plays it as the call it comes to
    and reports the repair; the finishing stacks are the site's."""
    hand = one(_raise_over_all_in(10, 20))
    assert hand.verdict is Verdict.MATCH, hand.message
    assert hand.repairs == (
        "Ann's raise to 20 with nobody left to call played as a call (the 10 over returned)",
    )
    history = hand.history
    assert history is not None
    assert [str(a) for a in history.actions][2:5] == ["p2 cbr 6", "p1 cbr 10", "p2 cc"]
    assert history.finishing_stacks == (0, 110)


def test_a_repaired_hand_that_does_not_reproduce_the_stacks_is_unsupported() -> None:
    # the file has the worse hand win: the repaired replay disagrees, and the repair is not
    # trusted -- the hand is unsupported, never a match
    hand = one(_raise_over_all_in(10, 20, winner="Bob"))
    assert hand.consistent
    assert hand.verdict is Verdict.UNSUPPORTED
    assert hand.message.startswith(
        "the hand converted with repairs (Ann's raise to 20 with nobody left to call played "
        "as a call (the 10 over returned)) is not reproduced: stacks differ"
    )


@given(short=st.integers(8, 99), over=st.integers(1, 400))
def test_any_raise_nobody_can_call_replays_with_the_uncalled_part_returned(
    short: int, over: int
) -> None:
    """Whatever the all-in and the raise over it, the repaired hand reproduces the site's
    stacks, chips are conserved, and the repair names the part returned."""
    to = short + over
    hand = one(_raise_over_all_in(short, to).replace("Seat 1: Ann (100€)", "Seat 1: Ann (500€)"))
    assert hand.verdict is Verdict.MATCH, hand.message
    assert hand.repairs == (
        f"Ann's raise to {to} with nobody left to call played as a call (the {over} over "
        "returned)",
    )
    history = hand.history
    assert history is not None
    finishing = [Decimal(s) for s in history.finishing_stacks or ()]
    starting = [Decimal(s or 0) for s in history.starting_stacks]
    assert sum(finishing) == sum(starting)  # no rake: every chip is still on the table
    assert finishing == [0, 500 + short]


# ---------------------------------------------------------------------------------------------
# lines that are not what they look like


def test_full_tilt_stands_up_is_a_player_leaving_not_a_stand_pat() -> None:
    """ "stands up" is a player leaving the table; only "stands pat" is a draw's stand-pat (a
    hold'em hand was once read as a draw from that line, and its later fold as a fold with no
    bet to call)."""
    text = """Full Tilt Poker Game #71: Table Roll - NL Hold'em - $0.01/$0.02 - 18:21:24 UTC - \
2013/05/24 [14:21:24 ET - 2013/05/24]
Seat 1: Ann ($0.40)
Seat 2: Bob ($0.98)
Seat 3: Cy ($0.40)
Seat 4: Dee ($1.26)
Bob posts the small blind of $0.01
Cy posts the big blind of $0.02
The button is in seat #1
*** HOLE CARDS ***
Dee folds
Ann folds
Bob calls $0.01
Cy raises to $0.40, and is all in
Dee stands up
Bob folds
Uncalled bet of $0.38 returned to Cy
Cy mucks
Cy wins the pot ($0.04)
*** SUMMARY ***
Total pot $0.04 | Rake $0
"""
    hand = one(text)
    assert hand.verdict is Verdict.MATCH, hand.message
    assert hand.history is not None
    assert "sd" not in " ".join(str(a) for a in hand.history.actions)
    assert FOLD_WITHOUT_BET not in hand.history.extra
    assert hand.history.finishing_stacks == (
        Decimal("0.96"),
        Decimal("0.42"),
        Decimal("1.26"),
        Decimal("0.40"),
    )


def test_partypoker_player_putting_chips_in_without_a_seat_is_unsupported() -> None:
    """A PartyPoker player who joins and plays without a seat line: their stack and place at
    the table are unknown, so the hand cannot be written; it is unsupported, with the reason,
    rather than replayed without them."""
    text = """#Game No : 81
***** Hand History for Game 81 *****
$0.80 USD NL Texas Hold'em - Tuesday, May 24, 22:06:44 EDT 2011
Table T #1 (Real Money)
Seat 1 is the button
Total number of players : 3/9
Seat 1: Ann ( $1 USD )
Seat 2: Bob ( $1 USD )
Bob posts small blind [$0.01 USD].
Zed has joined the table.
Zed posts big blind [$0.02 USD].
** Dealing down cards **
Ann calls [$0.02 USD]
Bob folds
Zed checks
** Dealing Flop ** [ Qs, Ac, 9h ]
Zed bets [$0.04 USD]
Ann folds
Zed wins $0.05 USD
"""
    hand = one(text)
    assert hand.verdict is Verdict.UNSUPPORTED
    assert hand.message == (
        "Zed puts chips in but has no seat in the file (their stack and place at the table "
        "are unknown)"
    )


# ---------------------------------------------------------------------------------------------
# blinds posted by a returning player, and a dead button

ONGAME_BACK = """***** History for hand R5-2-1 *****
Start hand: Mon Sep 13 00:21:42 GMT+0100 2010
Table: Suez [8] (NO_LIMIT TEXAS_HOLDEM 0.02/0.05, Real money)
User: Hero
Button: seat 8
Players in round: 4
Seat 1: Ann (5)
Seat 3: Bob (5)
Seat 4: Cy (5)
Seat 8: Dee (5)
Ann posts small blind (0.02)
Bob posts big blind (0.05)
Cy posts big blind (0.05)
Cy posts dead blind (0.02)
---
Dealing pocket cards
Cy checks
Dee calls 0.05
Ann calls 0.03
Bob checks
--- Dealing flop [8c, Ts, 4d]
Ann checks
Bob bets 0.10
Cy folds
Dee folds
Ann folds
---
Summary:
Main pot: 0.22 won by Bob (0.22)
Rake taken: $0
Seat 1: Ann (4.95), net: -0.05
Seat 3: Bob (5.17), net: +0.17
Seat 4: Cy (4.93), net: -0.07
Seat 8: Dee (4.95), net: -0.05
***** End of hand R5-2-1 *****
"""


def test_rrop_button_and_blind_use_returning_player_posts_big_blind_live_small_blind_dead_ongame() -> (
    None
):
    """Robert's Rules of Poker, "Button and Blind Use": a player returning after missing both
    blinds posts the big blind live and the small blind dead. OnGame prints the two posts
    ("posts big blind", "posts dead blind"); the big blind is Cy's live bet (he checks his
    option) and the small blind dead money in the pot."""
    hand = one(ONGAME_BACK)
    assert hand.verdict is Verdict.MATCH, hand.message
    history = hand.history
    assert history is not None
    assert history.players == ("Ann", "Bob", "Cy", "Dee")
    assert history.antes == (0, 0, Decimal("0.02"), 0)
    assert history.blinds_or_straddles == (
        Decimal("0.02"),
        Decimal("0.05"),
        Decimal("-0.05"),
        0,
    )
    assert history.finishing_stacks == (
        Decimal("4.95"),
        Decimal("5.17"),
        Decimal("4.93"),
        Decimal("4.95"),
    )


def test_an_ongame_forced_bet_the_importer_does_not_know_is_unsupported() -> None:
    hand = one(ONGAME_BACK.replace("Cy posts dead blind (0.02)", "Cy posts bonus (0.02)"))
    assert hand.verdict is Verdict.UNSUPPORTED
    assert hand.message == "Cy posts bonus (0.02): a forced bet the importer does not know"


IPOKER_DEAD_BUTTON = """<?xml version="1.0" encoding="utf-8"?><session sessioncode="1">
<general><mode>real</mode><gametype>Holdem NL</gametype>
<tablename>Gary</tablename><currency>USD</currency><nickname>Hero</nickname></general>
<game gamecode="88">
 <general><players>
  <player seat="1" name="Ann" chips="100" dealer="0" win="0" bet="2"/>
  <player seat="2" name="Bob" chips="100" dealer="0" win="0" bet="6"/>
  <player seat="3" name="" chips="0" dealer="1" win="0" bet="0"/>
  <player seat="4" name="Cy" chips="100" dealer="0" win="22" bet="14"/>
 </players></general>
 <round no="0"><action no="1" player="Cy" type="1" sum="1"/>
  <action no="2" player="Ann" type="2" sum="2"/>
 </round>
 <round no="1"><action no="3" player="Bob" type="23" sum="6"/>
  <action no="4" player="Cy" type="3" sum="5"/><action no="5" player="Ann" type="0" sum="0"/></round>
 <round no="2"><cards type="Flop" player="">D2 H9 H2</cards>
  <action no="6" player="Cy" type="5" sum="8"/><action no="7" player="Bob" type="0" sum="0"/>
 </round>
</game></session>
"""


def test_rrop_dead_button_on_an_empty_seat_ipoker() -> None:
    """Robert's Rules of Poker, "Button and Blind Use", the dead button: the button may sit on
    an empty seat. iPoker marks the dealer on a seat with no player; the blinds then run from
    the empty seat's left (Cy, then Ann), in turn."""
    hand = one(IPOKER_DEAD_BUTTON)
    assert hand.verdict is Verdict.MATCH, hand.message
    history = hand.history
    assert history is not None
    assert history.players == ("Cy", "Ann", "Bob")
    assert history.blinds_or_straddles == (1, 2, 0)
    assert history.finishing_stacks == (108, 98, 94)


IPOKER_MISSED_SMALL_BLIND = """<?xml version="1.0" encoding="utf-8"?><session sessioncode="1">
<general><mode>real</mode><gametype>Holdem NL 1/2</gametype>
<tablename>Gary</tablename><currency>USD</currency><nickname>Hero</nickname></general>
<game gamecode="89">
 <general><players>
  <player seat="1" name="Ann" chips="100" dealer="1" win="0" bet="0"/>
  <player seat="2" name="Bob" chips="100" dealer="0" win="15" bet="10"/>
  <player seat="3" name="Dee" chips="50" dealer="0" win="0" bet="2"/>
  <player seat="4" name="Cy" chips="100" dealer="0" win="0" bet="3"/>
 </players></general>
 <round no="0"><action no="1" player="Bob" type="1" sum="1"/>
  <action no="2" player="Dee" type="2" sum="2"/><action no="3" player="Cy" type="1" sum="1"/>
 </round>
 <round no="1"><action no="4" player="Cy" type="3" sum="2"/>
  <action no="5" player="Ann" type="0" sum="0"/><action no="6" player="Bob" type="3" sum="1"/>
  <action no="7" player="Dee" type="4" sum="0"/></round>
 <round no="2"><cards type="Flop" player="">D2 H9 H2</cards>
  <action no="8" player="Bob" type="5" sum="8"/><action no="9" player="Dee" type="0" sum="0"/>
  <action no="10" player="Cy" type="0" sum="0"/>
 </round>
</game></session>
"""


def test_rrop_button_and_blind_use_missed_small_blind_posted_dead_ipoker() -> None:
    """Robert's Rules of Poker, "Button and Blind Use": a returning player who missed the
    small blind posts it dead (not part of their bet). iPoker prints it as a small blind out
    of turn; the conversion posts it dead and reports it, and the hand reproduces: Cy's
    dead small blind does not count toward the call of the big blind."""
    hand = one(IPOKER_MISSED_SMALL_BLIND)
    assert hand.verdict is Verdict.MATCH, hand.message
    assert hand.repairs == ("Cy's small blind out of turn posted dead (a missed small blind)",)
    history = hand.history
    assert history is not None
    assert history.players == ("Bob", "Dee", "Cy", "Ann")
    assert history.antes == (0, 0, 1, 0)  # dead money
    assert history.blinds_or_straddles == (1, 2, 0, 0)
    assert history.finishing_stacks == (105, 48, 97, 100)


# ---------------------------------------------------------------------------------------------
# what the summary says and the action lines do not

STARS_NO_TURN = """PokerStars Hand #81: Hold'em No Limit ($1/$2 USD) - 2020/01/01 0:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Ann: posts small blind $1
Bob: posts big blind $2
*** HOLE CARDS ***
Ann: calls $1
Bob: checks
*** FLOP *** [3c Jd 6d]
Bob: checks
Ann: checks
*** TURN *** [3c Jd 6d] []
Bob: checks
Ann: checks
*** RIVER *** [3c Jd 6d] [5s]
Bob: bets $2
Ann: folds
Uncalled bet ($2) returned to Bob
Bob collected $4 from pot
*** SUMMARY ***
Total pot $4 | Rake $0
Board [3c Jd 6d Jh 5s]
"""


def test_a_street_line_without_its_card_takes_it_from_the_summarys_board() -> None:
    """A PokerStars file once printed ``*** TURN *** [...] []``: the summary's board still
    shows the card, so the turn is dealt from it, and the conversion says so."""
    hand = one(STARS_NO_TURN)
    assert hand.verdict is Verdict.MATCH, hand.message
    assert hand.repairs == (
        "the turn taken from the summary's board (its street line leaves it out)",
    )
    assert hand.history is not None
    assert "d db Jh" in [str(a) for a in hand.history.actions]
    # without the summary's board the card is unknown: unsupported
    bare = one(STARS_NO_TURN.replace("Board [3c Jd 6d Jh 5s]\n", ""))
    assert bare.verdict is Verdict.UNSUPPORTED
    assert bare.message == "the file leaves out the turn cards"


def test_full_tilt_a_player_the_summary_lists_as_sitting_out_was_not_dealt_in() -> None:
    """Full Tilt sometimes marks a player sitting out only in the summary (``Seat 2: Bob
    (button) is sitting out``); a player who never acts there was not dealt in, so the pot
    goes to the last player left without a showdown."""
    text = """Full Tilt Poker Game #91: Table Venice (6 max) - $0.01/$0.02 - No Limit Hold'em - \
15:42:59 ET - 2010/08/04
Seat 1: Ann ($0.70)
Seat 2: Bob ($0.70)
Seat 3: Cy ($0.98)
Seat 4: Dee ($5.14)
Cy posts the small blind of $0.01
Dee posts the big blind of $0.02
The button is in seat #2
*** HOLE CARDS ***
Ann calls $0.02
Cy calls $0.01
Dee checks
*** FLOP *** [3d As 2h]
Cy checks
Dee bets $0.06
Ann folds
Cy folds
Uncalled bet of $0.06 returned to Dee
Dee mucks
Dee wins the pot ($0.06)
*** SUMMARY ***
Total pot $0.06 | Rake $0
Board: [3d As 2h]
Seat 1: Ann folded on the Flop
Seat 2: Bob (button) is sitting out
Seat 3: Cy (small blind) folded on the Flop
Seat 4: Dee (big blind) collected ($0.06), mucked
"""
    hand = one(text)
    assert hand.verdict is Verdict.MATCH, hand.message
    assert hand.history is not None
    assert hand.history.players == ("Cy", "Dee", "Ann")


PARTY_BUTTON = """#Game No : 82
***** Hand History for Game 82 *****
$10 USD NL Texas Hold'em - Wednesday, October 3, 13:50:06 ET 2012
Table Parigi1 (Real Money)
Seat 1 is the button
Total number of players : 4
Seat 1: Ann ( $10 USD )
Seat 2: Bob ( $10 USD )
Seat 3: Cy ( $10 USD )
Seat 4: Dee ( $10 USD )
Cy posts small blind [$0.05 USD].
Dee posts big blind [$0.10 USD].
** Dealing down cards **
Ann calls [$0.10 USD].
Bob raises [$0.50 USD].
Cy folds.
Dee folds.
Ann folds.
Bob wins $0.75 USD
"""


def test_rrop_nobody_is_dealt_in_between_the_button_and_the_blinds_partypoker() -> None:
    """Robert's Rules of Poker, "Button and Blind Use": nobody but the blinds is dealt in
    between the button and the big blind. A PartyPoker file has the button on seat 1 with
    Bob, dealt in and posting nothing, between it and the small blind (seat 3): the button
    is put on Bob's seat, right of the small blind, and the repair is reported; the action
    order the file prints (Ann, then Bob, then the blinds) is the replay's check."""
    hand = one(PARTY_BUTTON)
    assert hand.verdict is Verdict.MATCH, hand.message
    assert hand.repairs == (
        "the button put on seat 2, right of the small blind (the file says seat 1)",
    )
    assert hand.history is not None
    assert hand.history.players == ("Cy", "Dee", "Ann", "Bob")
    assert hand.history.finishing_stacks == (
        Decimal("9.95"),
        Decimal("9.90"),
        Decimal("9.90"),
        Decimal("10.25"),
    )
    # an action order that does not follow the moved button is not reproduced: unsupported
    swapped = PARTY_BUTTON.replace(
        "Ann calls [$0.10 USD].\nBob raises", "Bob calls [$0.10 USD].\nAnn raises"
    ).replace("Ann folds.\nBob wins", "Bob folds.\nAnn wins")
    assert one(swapped).verdict is Verdict.UNSUPPORTED


IPOKER_LH = """<?xml version="1.0" encoding="utf-8"?><session sessioncode="2">
<general><mode>real</mode><gametype>LH 20/40 x2 Limit $10.00/$20.00</gametype>
<tablename>Papamoa (Heads Up)</tablename><currency>USD</currency><nickname>Hero</nickname>
</general>
<game gamecode="90"><general><players>
<player seat="3" name="Ann" chips="$500.00" dealer="0" win="$0.00" bet="$40.00" />
<player seat="8" name="Hero" chips="$400.00" dealer="1" win="$99.00" bet="$60.00" />
</players></general>
<round no="0"><action no="1" player="Hero" actiontxt="SB" type="1" sum="$10.00" />
<action no="2" player="Ann" actiontxt="BB" type="2" sum="$20.00" /></round>
<round no="1"><cards type="Pocket" player="Hero">SK HJ</cards>
<action no="3" player="Hero" actiontxt="Raise" type="6" sum="$30.00" />
<action no="4" player="Ann" actiontxt="Call" type="3" sum="$20.00" /></round>
<round no="2"><cards type="Flop">DQ C7 S6</cards>
<action no="5" player="Ann" actiontxt="Check" type="4" sum="$0.00" />
<action no="6" player="Hero" actiontxt="Bet" type="5" sum="$20.00" />
<action no="7" player="Ann" actiontxt="Fold" type="0" sum="$0.00" /></round>
</game></session>
"""


def test_ipoker_limit_holdem_with_the_limits_first_and_a_type_6_raise() -> None:
    """An iPoker limit hold'em file names its game ``LH 20/40 x2 Limit $10.00/$20.00``: bets
    of 20 and 40 on blinds of 10 and 20 (the raise before the flop and the bet on it are 20
    each). Its raise of type 6 adds its ``sum`` (the small blind's 10 and 30 more make the 40
    the player's ``bet`` total counts), so the numbers add up and the hand reproduces."""
    hand = one(IPOKER_LH)
    assert hand.consistent, hand.problem
    assert hand.verdict is Verdict.MATCH, hand.message
    history = hand.history
    assert history is not None and history.variant == "FT"
    assert (history.small_bet, history.big_bet) == (20, 40)
    assert [str(a) for a in history.actions][2:4] == ["p2 cbr 40.00", "p1 cc"]
    assert history.finishing_stacks == (Decimal("460.00"), Decimal("439.00"))


FULL_TILT_CAP = """Full Tilt Poker Game #92: Table Atable (6 max) - $25/$50 - $2,000 Cap Pot Limit Omaha Hi \
- 11:00:00 ET - 2011/02/01
Seat 1: Ann ($2,821)
Seat 2: Bob ($1,417.50)
Seat 3: Cy ($5,000)
Bob posts the small blind of $25
Cy posts the big blind of $50
The button is in seat #1
*** HOLE CARDS ***
Ann raises to $150
Bob folds
Cy calls $100
*** FLOP *** [2c 7d 9s]
Cy checks
Ann bets $325
Cy folds
Uncalled bet of $325 returned to Ann
Ann mucks
Ann wins the pot ($325)
*** SUMMARY ***
Total pot $325 | Rake $0
"""


def test_a_cap_game_plays_as_the_game_without_the_cap_while_nobody_reaches_it() -> None:
    """In a cap game nobody puts more than the cap into a hand (a player who reaches it is
    all-in for it). While nobody reaches it the hand is the uncapped game's: Full Tilt's
    ``$2,000 Cap Pot Limit Omaha Hi`` converts as pot-limit Omaha, and says so."""
    hand = one(FULL_TILT_CAP)
    assert hand.verdict is Verdict.MATCH, hand.message
    assert hand.history is not None and hand.history.variant == "PO"
    assert hand.repairs == ("played without the cap of 2000, which nobody reaches",)
    assert hand.history.finishing_stacks == (
        Decimal("1392.50"),
        4850,
        Decimal("2996"),
    )


def test_a_cap_game_in_which_a_player_reaches_the_cap_is_unsupported() -> None:
    # a $1,000 cap: Cy's raise to $850 on the flop puts his $1,000 in
    text = (
        FULL_TILT_CAP.replace("$2,000 Cap", "$1,000 Cap")
        .replace("Ann bets $325\nCy folds", "Ann bets $325\nCy raises to $850\nAnn folds")
        .replace("Uncalled bet of $325 returned to Ann", "Uncalled bet of $525 returned to Cy")
        .replace("Ann mucks\nAnn wins the pot ($325)", "Cy mucks\nCy wins the pot ($975)")
        .replace("Total pot $325", "Total pot $975")
    )
    hand = one(text)
    assert hand.consistent, hand.problem
    assert hand.verdict is Verdict.UNSUPPORTED
    assert hand.message == "Cy reaches the cap of 1000 (the engine has no cap)"

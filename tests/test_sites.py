"""The site importers: PokerStars-layout text to PHH, replayed through the engine.

The small hands here are written for these tests; the real files of the shared sample are
read where they are (tests/shared_data.HH_SAMPLE), never copied in.
"""

from __future__ import annotations

import functools
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerrules.errors import InvalidNotationError
from pokerrules.history.phh import dumps, loads
from pokerrules.history.replay import Verdict, replay
from pokerrules.history.sites import (
    ImportedHand,
    detect_format,
    import_file,
    import_text,
)
from pokerrules.history.sites._text import MAX_FILE_BYTES, decode, money
from tests.shared_data import HH_SAMPLE

HEAD = "PokerStars Hand #{n}: Hold'em No Limit ($0.05/$0.10 USD) - 2020/01/01 0:00:00 ET\n"

# Three players; the button raises, the small blind calls all-in short, the big blind folds:
# a side pot does not arise (two players), the uncalled excess comes back, the rake is taken.
ALL_IN = (
    HEAD.format(n=11)
    + """Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($3 in chips)
Seat 4: Cy ($10 in chips)
Seat 5: Dee ($7 in chips) is sitting out
Bob: posts small blind $0.05
Cy: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Ann [Ah Ad]
Ann: raises $0.90 to $1
Bob: raises $2 to $3 and is all-in
Cy: folds
Ann: calls $2
*** FLOP *** [2c 7d 9s]
*** TURN *** [2c 7d 9s] [Jc]
*** RIVER *** [2c 7d 9s Jc] [3h]
*** SHOW DOWN ***
Bob: shows [Kh Kd] (a pair of Kings)
Ann: shows [Ah Ad] (a pair of Aces)
Ann collected $5.80 from pot
*** SUMMARY ***
Total pot $6.10 | Rake $0.30
"""
)


def one(text: str) -> ImportedHand:
    [hand] = import_text(text)
    return hand


def test_pokerstars_all_in_with_rake_reproduces_the_stacks() -> None:
    hand = one(ALL_IN)
    assert hand.verdict is Verdict.MATCH, hand.message
    assert hand.consistent
    history = hand.history
    assert history is not None
    # PHH order: from the button's left round to the button; Dee sits out, not dealt in
    assert history.players == ("Bob", "Cy", "Ann")
    assert history.extra["seats"] == [2, 4, 1]
    assert history.starting_stacks == (3, 10, 10)
    assert history.finishing_stacks == (0, Decimal("9.90"), Decimal("12.80"))
    assert history.winnings == (0, 0, Decimal("5.80"))
    assert history.extra["_rake"] == Decimal("0.30")
    assert history.extra["hand"] == 11
    # the written PHH reads back the same
    assert loads(dumps(history)) == history


def test_a_wrong_winner_is_a_mismatch_not_hidden_by_the_rake() -> None:
    wrong = ALL_IN.replace("Ann collected $5.80", "Bob collected $5.80").replace(
        "Bob: shows [Kh Kd]", "Bob: shows [Kh Kd]"
    )
    hand = one(wrong)
    assert hand.consistent
    assert hand.verdict is Verdict.MISMATCH


def test_uncalled_bet_is_derived_when_the_file_prints_none() -> None:
    # files from before 2008 print no "Uncalled bet" line
    text = (
        HEAD.format(n=12)
        + """Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Ann: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Ann: raises $0.20 to $0.30
Bob: raises $0.60 to $0.90
Ann: folds
Bob collected $0.60 from pot
*** SUMMARY ***
Total pot $0.60 | Rake $0
"""
    )
    hand = one(text)
    assert hand.verdict is Verdict.MATCH, hand.message
    assert hand.consistent
    assert hand.history is not None
    assert hand.history.finishing_stacks == (Decimal("10.30"), Decimal("9.70"))


def test_numbers_that_do_not_add_up_are_flagged() -> None:
    hand = one(ALL_IN.replace("Total pot $6.10", "Total pot $6.20"))
    assert not hand.consistent
    assert hand.problem is not None and "6.20" in hand.problem


TOURNAMENT = """PokerStars Hand #7: Tournament #9, $1+$0.10 USD Hold'em No Limit - Level II (15/30) \
- 2020/01/01 0:00:00 ET
Table '9 1' 9-max Seat #3 is the button
Seat 1: Ann (1,000 in chips)
Seat 2: Bob (8 in chips)
Seat 3: Cy (2,500 in chips)
Ann: posts the ante 10
Bob: posts the ante 8 and is all-in
Cy: posts the ante 10
Ann: posts small blind 15
*** HOLE CARDS ***
Cy: raises 60 to 90
Ann: calls 75
*** FLOP *** [2c 7d 9s]
Ann: checks
Cy: bets 100
Ann: folds
Uncalled bet (100) returned to Cy
*** TURN *** [2c 7d 9s] [Jc]
*** RIVER *** [2c 7d 9s Jc] [3h]
*** SHOW DOWN ***
Cy: shows [Kh Kd] (a pair of Kings)
Cy collected 184 from side pot
Bob: shows [4h 5d] (high card Jack)
Cy collected 24 from main pot
*** SUMMARY ***
Total pot 208 Main pot 24. Side pot 184. | Rake 0
"""


def test_short_ante_all_in_and_a_missing_big_blind_make_side_pots() -> None:
    hand = one(TOURNAMENT)
    assert hand.verdict is Verdict.MATCH, hand.message
    history = hand.history
    assert history is not None
    assert history.players == ("Ann", "Bob", "Cy")
    # the full ante and blind, the short stack saying what was paid
    assert history.antes == (10, 10, 10)
    assert history.blinds_or_straddles == (15, 30, 0)
    assert history.ante_trimming_status is True
    assert history.finishing_stacks == (1000 - 100, 0, 2500 - 100 + 208)


RAZZ = """PokerStars Hand #5: Tournament #6, $10+$1 USD Razz Limit - Level I (10/20) - \
2020/01/01 0:00:00 ET
Table '6 1' 8-max
Seat 1: Ann (500 in chips)
Seat 2: Bob (500 in chips)
Seat 3: Hero (500 in chips)
Ann: posts the ante 2
Bob: posts the ante 2
Hero: posts the ante 2
*** 3rd STREET ***
Dealt to Ann [Kd]
Dealt to Bob [3d]
Dealt to Hero [3c Ac 5s]
Ann: brings in for 5
Bob: calls 5
Hero: raises 5 to 10
Ann: folds
Bob: calls 5
*** 4th STREET ***
Dealt to Bob [3d] [Qs]
Dealt to Hero [3c Ac 5s] [2h]
Hero: bets 10
Bob: folds
Uncalled bet (10) returned to Hero
Hero collected 31 from pot
*** SUMMARY ***
Total pot 31 | Rake 0
"""


def test_razz_deals_street_by_street_with_a_bring_in() -> None:
    hand = one(RAZZ)
    assert hand.verdict is Verdict.MATCH, hand.message
    history = hand.history
    assert history is not None and history.variant == "FR"
    assert [str(a) for a in history.actions[:3]] == [
        "d dh p1 ????Kd",
        "d dh p2 ????3d",
        "d dh p3 3cAc5s",
    ]
    assert history.finishing_stacks == (493, 488, 519)


@pytest.mark.parametrize(
    ("reason", "line"),
    [
        ("run it twice", "Hand was run twice\n"),
        ("cancelled", "Hand cancelled\n"),
        ("cash-out", "Ann cashed out the hand for $4 | Cash Out Fee $0.04\n"),
    ],
)
def test_situations_the_library_cannot_play_are_unsupported_with_the_reason(
    reason: str, line: str
) -> None:
    text = ALL_IN.replace("*** SUMMARY ***\n", line + "*** SUMMARY ***\n")
    hand = one(text)
    assert hand.verdict is Verdict.UNSUPPORTED
    assert reason in hand.message


def test_a_game_without_a_phh_code_is_unsupported_not_dropped() -> None:
    # six-card Omaha hi/lo: no code, standard or extension
    text = ALL_IN.replace("Hold'em No Limit", "6 Card Omaha Hi/Lo Pot Limit")
    hand = one(text)
    assert hand.verdict is Verdict.UNSUPPORTED
    assert "6 Card Omaha Hi/Lo Pot Limit" in hand.message


def test_a_splash_the_pot_is_unsupported() -> None:
    text = ALL_IN.replace("| Rake $0.30", "| STP $0.50 | Rake $0.30")
    assert one(text).verdict is Verdict.UNSUPPORTED


def test_hands_keep_the_files_order_and_a_malformed_hand_fails_alone() -> None:
    bad = ALL_IN.replace("#11", "#13").replace("raises $0.90 to $1", "raises lots")
    hands = import_text(ALL_IN + "\n\n" + bad + "\n\n" + ALL_IN.replace("#11", "#14"))
    assert [h.hand for h in hands] == ["11", "13", "14"]
    assert [h.verdict for h in hands] == [Verdict.MATCH, Verdict.FAILED, Verdict.MATCH]
    assert "line" in hands[1].message
    assert hands[2].line > hands[1].line > hands[0].line == 1


def test_text_quirks_bom_cp1252_crlf_and_non_breaking_spaces() -> None:
    text = ALL_IN.replace("$", "€").replace("USD", "EUR").replace("Ann", "Ann\u00a0Z")
    data = b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8")
    assert decode(data).startswith("PokerStars Hand #11")
    windows = text.replace("\u00a0", " ").replace("\n", "\r\n").encode("cp1252")
    for raw in (data, windows):
        [hand] = import_text(decode(raw))
        assert hand.verdict is Verdict.MATCH, hand.message
        assert hand.history is not None and hand.history.players == ("Bob", "Cy", "Ann Z")
        assert hand.history.extra["currency"] == "EUR"


def test_amounts_with_currency_signs_and_thousands_separators() -> None:
    assert money("$1,234.50") == Decimal("1234.50")
    assert money("1 500") == Decimal(1500)
    assert money("£0.02") == Decimal("0.02")
    assert money("1.234,50 €", decimal_mark=",") == Decimal("1234.50")
    with pytest.raises(InvalidNotationError):
        money("lots")


def test_unknown_text_and_absurd_sizes_are_refused_clearly() -> None:
    with pytest.raises(InvalidNotationError, match="not a hand history in a known format"):
        import_text("hello\nworld\n")
    with pytest.raises(InvalidNotationError, match="at most"):
        decode(b" " * (MAX_FILE_BYTES + 1))
    with pytest.raises(InvalidNotationError, match="lines"):
        import_text("\n" * 3_000_000)
    with pytest.raises(InvalidNotationError, match="unknown format"):
        import_text(ALL_IN, format="nosuchsite")


def test_detect_format_finds_pokerstars_layout_sites() -> None:
    for site in ("PokerStars Hand", "Full Tilt Hand", "Run It Once Poker Hand", "PokerBros Hand"):
        assert detect_format(ALL_IN.replace("PokerStars Hand", site)) == "pokerstars"
    hand = one(ALL_IN.replace("PokerStars Hand", "Run It Once Poker Hand"))
    assert hand.site == "Run It Once"


def test_import_file_reads_bytes_from_disk(tmp_path: Path) -> None:
    path = tmp_path / "session.txt"
    path.write_bytes(ALL_IN.replace("\n", "\r\n").encode("cp1252"))
    [hand] = import_file(path)
    assert hand.verdict is Verdict.MATCH


# --- the shared sample of real files --------------------------------------------------------

_SAMPLE_SITES = ["PokerStars", "Winamax", "888", "iPoker", "OnGame"]
#: Every folder of the sample (old Full Tilt holds truncated files whose numbers do not add up).
_ALL_SAMPLE_SITES = [*_SAMPLE_SITES, "FullTilt", "PartyPoker", "Absolute"]


def _sample(site: str) -> list[tuple[str, ImportedHand]]:
    folder = HH_SAMPLE / site
    if not folder.is_dir():
        pytest.skip(f"the shared sample is not at {folder}")
    return _imported(folder)


@functools.cache
def _imported(folder: Path) -> list[tuple[str, ImportedHand]]:
    """Every hand of a sample folder, imported once for all the tests that read it."""
    return [(f.name, h) for f in sorted(folder.iterdir()) for h in import_file(f)]


@pytest.mark.parametrize("site", _ALL_SAMPLE_SITES)
def test_every_self_consistent_sample_hand_reproduces_or_says_why_not(site: str) -> None:
    hands = _sample(site)
    verdicts = Counter(h.verdict for _, h in hands if h.consistent)
    bad = [
        (name, h.hand, h.verdict.value, h.message)
        for name, h in hands
        if h.consistent and h.verdict not in (Verdict.MATCH, Verdict.UNSUPPORTED)
    ]
    assert not bad, bad[:5]
    assert verdicts[Verdict.MATCH] > 0
    # every unsupported hand gives its reason
    assert all(h.message for _, h in hands if h.verdict is Verdict.UNSUPPORTED)


def test_sample_pokerstars_conversion_replays_from_the_written_phh() -> None:
    hands = [h for _, h in _sample("PokerStars") if h.verdict is Verdict.MATCH][:40]
    for hand in hands:
        assert hand.history is not None
        again = loads(dumps(hand.history))
        assert again == hand.history
        if not hand.history.extra.get("_rake"):
            assert replay(again).verdict is Verdict.MATCH


WINAMAX = """Winamax Poker - CashGame - HandId: #1-2-3 - Omaha pot limit (1€/2€) - 2020/01/01 \
10:00:00 UTC
Table: 'Lyon' 6-max (real money) Seat #1 is the button
Seat 1: Ann (100€)
Seat 2: Bob (50€)
Seat 3: Cy (80.50€)
Seat 5: Dee (90€)
*** ANTE/BLINDS ***
Bob posts small blind 1€
Cy posts big blind 2€
Dealt to Ann [Ah Ad Kh Kd]
*** PRE-FLOP ***
Ann raises 5€ to 7€
Bob folds
Cy calls 5€
*** FLOP *** [2c 7d 9s]
Cy checks
Ann bets 10€
Cy folds
Ann collected 24.50€ from pot
*** SUMMARY ***
Total pot 24.50€ | Rake 0.50€
"""


def test_winamax_hand_with_an_unseated_player_and_the_uncalled_bet_collected() -> None:
    hand = one(WINAMAX)
    assert hand.site == "Winamax" and hand.hand == "1-2-3"
    assert hand.verdict is Verdict.MATCH, hand.message
    assert hand.consistent
    history = hand.history
    assert history is not None and history.variant == "PO"
    # Dee is seated but never acts: not dealt in
    assert history.players == ("Bob", "Cy", "Ann")
    assert history.finishing_stacks == (49, Decimal("73.50"), Decimal("107.50"))


PACIFIC = """#Game No : 100
***** Cassava Hand History for Game 100 *****
0,50 $/1 $ Blinds Fix Limit Holdem - *** 08 03 2011 11:02:03
Table Rubtsovsk (Real Money)
Seat 3 is the button
Total number of players : 3
Seat 1: Ann ( 20,50 $ )
Seat 2: Bob ( 30 $ )
Seat 3: Cy ( 40 $ )
Seat 4: Dee ( 10 $ )
Ann posts small blind [0,50 $]
Bob posts big blind [1 $]
** Dealing down cards **
Dealt to Cy [ 8Pik, QPik ]
Cy raises [2 $]
Ann folds
Bob calls [1 $]
** Dealing flop ** [ 4d, 6d, Jd ]
Bob checks
Cy bets [1 $]
Bob folds
** Summary **
Cy did not show his hand
Cy collected [ 5,40 $ ]
"""


def test_888_raises_by_the_bracketed_amount_with_decimal_commas_and_the_rake_derived() -> None:
    hand = one(PACIFIC)
    assert hand.site == "888"
    assert hand.verdict is Verdict.MATCH, hand.message
    history = hand.history
    assert history is not None and history.variant == "FT"
    assert history.players == ("Ann", "Bob", "Cy")  # Dee never acts: not dealt in
    assert (history.small_bet, history.big_bet) == (1, 2)
    assert [str(a) for a in history.actions if a.player == 2 and a.verb.value == "cbr"] == [
        "p3 cbr 2",
        "p3 cbr 1",
    ]
    # the pot is 5.50 and 5.40 was collected: the rake was 0.10
    assert history.extra["_rake"] == Decimal("0.10")
    assert history.finishing_stacks == (Decimal("20.00"), 28, Decimal("42.40"))


IPOKER = """<?xml version="1.0" encoding="utf-8"?><session sessioncode="1">
<general><mode>real</mode><gametype>Holdem NL $0.02/$0.04</gametype>
<tablename>Gary</tablename><currency>USD</currency><nickname>Hero</nickname></general>
<game gamecode="77">
 <general><players>
  <player seat="1" name="Ann" chips="$5" dealer="1" win="$0" bet="$0.16"/>
  <player seat="2" name="Bob" chips="$4" dealer="0" win="$0.39" bet="$0.20"/>
  <player seat="3" name="Hero" chips="$3" dealer="0" win="$0" bet="$0.04"/>
  <player seat="4" name="Out" chips="$3" dealer="0" win="$0" bet="$0"/>
 </players></general>
 <round no="0"><action no="1" player="Bob" type="1" sum="$0.02"/>
  <action no="2" player="Hero" type="2" sum="$0.04"/><action no="3" player="Out" type="9" sum="$0"/>
 </round>
 <round no="1"><cards type="Pocket" player="Hero">HA C10</cards>
  <action no="4" player="Ann" type="23" sum="$0.16"/><action no="5" player="Bob" type="3" sum="$0.14"/>
  <action no="6" player="Hero" type="0" sum="$0"/></round>
 <round no="2"><cards type="Flop" player="">D2 H9 H2</cards>
  <action no="7" player="Bob" type="5" sum="$0.04"/><action no="8" player="Ann" type="0" sum="$0"/>
 </round>
</game></session>
"""


def test_ipoker_xml_raise_to_and_the_uncalled_bet_kept_in_what_is_won() -> None:
    [hand] = import_text(IPOKER)
    assert hand.site == "iPoker" and hand.hand == "77"
    assert hand.verdict is Verdict.MATCH, hand.message
    history = hand.history
    assert history is not None
    # Out sits out (type 9): not dealt in; Hero's 10 of clubs written suit first, C10
    assert history.players == ("Bob", "Hero", "Ann")
    assert str(history.actions[1]) == "d dh p2 AhTc"
    assert history.extra["_rake"] == Decimal("0.01")
    assert history.finishing_stacks == (Decimal("4.19"), Decimal("2.96"), Decimal("4.84"))


def test_ipoker_refuses_a_dtd_and_reports_a_truncated_game() -> None:
    evil = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><session sessioncode="1">'
    with pytest.raises(InvalidNotationError, match="DTD"):
        import_text(evil + "<game gamecode='1'></game></session>")
    [hand] = import_text(IPOKER.replace("</game></session>", ""))
    assert hand.verdict is Verdict.FAILED
    assert "truncated" in hand.message


ONGAME = """***** History for hand R5-1-1 *****
Start hand: Wed Aug 11 03:21:00 GMT+0100 2010
Table: Kassel [7] (NO_LIMIT TEXAS_HOLDEM 0.05/0.10, Real money)
User: Hero
Button: seat 8
Players in round: 3
Seat 9: Ann (4.35)
Seat 3: Bob (10.90)
Seat 8: Cy (9)
Ann posts small blind (0.05)
Bob posts big blind (0.10)
---
Dealing pocket cards
Dealing to Bob: [6s, 7h]
Cy raises 0.30 to 0.30
Ann calls 0.25
Bob folds
--- Dealing flop [8c, Ts, 4d]
Ann bets 0.10
Cy folds
---
Summary:
Main pot: 0.70 won by Ann (0.67)
Rake taken: $0.03
Seat 9: Ann (4.72), net: +0.37
Seat 3: Bob (10.80), net: -0.10
Seat 8: Cy (8.70), net: -0.30
***** End of hand R5-1-1 *****
"""


def test_ongame_hand_with_the_uncalled_bet_derived_and_the_pot_in_the_summary() -> None:
    hand = one(ONGAME)
    assert hand.site == "OnGame" and hand.hand == "R5-1-1"
    assert hand.verdict is Verdict.MATCH, hand.message
    assert hand.consistent
    assert hand.history is not None
    # the seats are listed from the button's left: Ann (9), Bob (3), then Cy (8) the button
    assert hand.history.players == ("Ann", "Bob", "Cy")
    assert hand.history.finishing_stacks == (Decimal("4.72"), Decimal("10.80"), Decimal("8.70"))


FULL_TILT = """Full Tilt Poker Game #32709486011: Table Roll (shallow) - NL Hold'em - $0.01/$0.02 - \
18:21:24 UTC - 2013/05/24
Seat 1: Ann ($0.40)
Seat 2: Out ($0.04), is sitting out
Seat 3: Bob ($0.98)
Seat 4: Hero ($0.40)
Bob posts the small blind of $0.01
Hero posts the big blind of $0.02
The button is in seat #1
*** HOLE CARDS ***
Dealt to Hero [Ks Ah]
Ann folds
Bob calls $0.01
Hero raises to $0.40, and is all in
Bob folds
Uncalled bet of $0.38 returned to Hero
Hero mucks
Hero wins the pot ($0.04)
*** SUMMARY ***
Total pot $0.04 | Rake $0
"""


def test_full_tilt_before_2016_raises_to_and_wins_the_pot() -> None:
    hand = one(FULL_TILT)
    assert hand.site == "Full Tilt"
    assert hand.verdict is Verdict.MATCH, hand.message
    assert hand.history is not None
    assert hand.history.players == ("Bob", "Hero", "Ann")
    assert hand.history.finishing_stacks == (Decimal("0.96"), Decimal("0.42"), Decimal("0.40"))


def test_sample_full_tilt_before_2016_never_reports_a_false_mismatch() -> None:
    # a few old Full Tilt files leave out an action: those hands fail, with the reason
    hands = [h for _, h in _sample("FullTilt") if h.consistent]
    assert not [h.hand for h in hands if h.verdict is Verdict.MISMATCH]
    matched = sum(h.verdict is Verdict.MATCH for h in hands)
    assert matched >= 0.9 * sum(h.verdict is not Verdict.UNSUPPORTED for h in hands)
    assert all(h.message for h in hands if h.verdict is Verdict.FAILED)


@given(
    cents=st.integers(min_value=0, max_value=10**12),
    sign=st.sampled_from(["$", "€", "£", ""]),
    comma=st.booleans(),
)
def test_money_reads_back_any_amount_written_with_a_sign_and_separators(
    cents: int, sign: str, comma: bool
) -> None:
    value = Decimal(cents).scaleb(-2)
    text = f"{value:,.2f}"
    if comma:  # 1.234,50 as European files write it
        text = text.replace(",", " ").replace(".", ",")
        assert money(f"{text} {sign}", decimal_mark=",") == value
    else:
        assert money(f"{sign}{text}") == value


@pytest.mark.parametrize("site", _SAMPLE_SITES)
def test_chips_are_conserved_in_every_reproduced_sample_hand(site: str) -> None:
    # what the players end with, plus the rake, is what they started with
    for _, hand in _sample(site):
        if hand.verdict is Verdict.MATCH and hand.history is not None:
            history = hand.history
            assert history.finishing_stacks is not None
            start = sum(Decimal(s) for s in history.starting_stacks if s is not None)
            end = sum(Decimal(s) for s in history.finishing_stacks)
            assert end + Decimal(history.extra["_rake"]) == start, hand.hand


@pytest.mark.parametrize("site", _ALL_SAMPLE_SITES)
def test_chips_are_conserved_in_every_reproduced_self_consistent_sample_hand(site: str) -> None:
    for _, hand in _sample(site):
        if hand.consistent and hand.ok and hand.history is not None:
            history = hand.history
            assert history.finishing_stacks is not None
            start = sum(Decimal(s) for s in history.starting_stacks if s is not None)
            end = sum(Decimal(s) for s in history.finishing_stacks)
            assert end + Decimal(history.extra["_rake"]) == start, hand.hand

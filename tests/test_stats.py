"""Player statistics (pokerrules.stats): each definition on a hand built to show it, the
positions, exact merging (a monoid), the PHH and engine paths agreeing, the records, the
DataFrame and the command line."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import assume, given, settings

from pokerrules import strategies as prs
from pokerrules.actions import Call, Check
from pokerrules.catalogue import LIMIT_HOLDEM, NO_LIMIT_HOLDEM, POT_LIMIT_OMAHA, SEVEN_CARD_STUD
from pokerrules.cli import main
from pokerrules.engine import Hand, ShowHand
from pokerrules.errors import InvalidDefinitionError
from pokerrules.history.export import to_history
from pokerrules.history.phh import HandHistory, load, loads, read_hands
from pokerrules.stats import PlayerStats, Statistics, position_names
from pokerrules.variants import Stakes
from tests.shared_data import PHH_SAMPLE

HEAD = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
players = ["Sam", "Bea", "Ben"]
"""  # p1 Sam is the small blind, p2 Bea the big blind, p3 Ben the button


def hand(*actions: str, head: str = HEAD) -> HandHistory:
    cards = ['"d dh p1 7h6h"', '"d dh p2 AhKh"', '"d dh p3 QcQd"']
    return loads(head + f"actions = [{', '.join(cards + [repr(a) for a in actions])}]\n")


BOARD = ("d db As7c2d", "d db 9s", "d db 3h")


def one(*actions: str) -> dict[str, PlayerStats]:
    stats = Statistics.of([hand(*actions)])
    assert stats.hands == 1 and not stats.skipped
    return stats.players


def test_vpip_and_pfr_count_voluntary_first_round_chips_not_blinds() -> None:
    """VPIP: called, bet or raised before the flop; a blind posted, or the big blind's check,
    is not voluntary (PokerTracker's Statistical Reference Guide, "VPIP")."""
    s = one("p3 cc", "p1 cc", "p2 cc", BOARD[0], "p1 cc", "p2 cc", "p3 cbr 2", "p1 f", "p2 f")
    assert (s["Ben"].vpip_hands, s["Sam"].vpip_hands, s["Bea"].vpip_hands) == (1, 1, 0)
    assert all(p.pfr_hands == 0 and p.preflop_chances == 1 for p in s.values())
    assert s["Bea"].vpip == 0.0 and s["Sam"].vpip == 100.0


def test_a_walk_is_no_vpip_opportunity_for_the_big_blind() -> None:
    """PokerTracker counts VPIP and PFR over the hands less the walks: everyone folding to the
    big blind gives the big blind no decision."""
    s = one("p3 f", "p1 f")
    assert s["Bea"].hands == 1 and s["Bea"].preflop_chances == 0 and s["Bea"].vpip is None
    assert s["Sam"].preflop_chances == 1 and s["Sam"].vpip == 0.0
    assert s["Bea"].net_won == 1 and s["Sam"].net_won == -1


def test_three_bet_and_fold_to_three_bet() -> None:
    """The button opens (level 2), the small blind re-raises (a 3-bet), the button folds: a
    3-bet for the small blind, a fold to a 3-bet for the button; the big blind, facing the
    3-bet already, had no 3-bet opportunity."""
    s = one("p3 cbr 6", "p1 cbr 18", "p2 f", "p3 f")
    assert (s["Sam"].three_bet_chances, s["Sam"].three_bets) == (1, 1)
    assert (s["Ben"].fold_to_three_bet_chances, s["Ben"].folds_to_three_bet) == (1, 1)
    assert s["Bea"].three_bet_chances == 0 and s["Ben"].three_bet_chances == 0
    assert (s["Sam"].pfr_hands, s["Ben"].pfr_hands, s["Bea"].pfr_hands) == (1, 1, 0)
    assert [s[n].net_won for n in ("Sam", "Bea", "Ben")] == [8, -2, -6]
    assert all(p.saw_flop == 0 and p.cbet_chances == 0 for p in s.values())


def test_calling_a_three_bet_is_an_opportunity_not_a_fold() -> None:
    s = one("p3 cbr 6", "p1 cbr 18", "p2 f", "p3 cc", BOARD[0], "p1 cbr 20", "p3 f")
    assert (s["Ben"].fold_to_three_bet_chances, s["Ben"].folds_to_three_bet) == (1, 0)
    assert s["Ben"].fold_to_three_bet == 0.0
    # the 3-bettor was the first round's last aggressor and bets the flop first: a c-bet
    assert (s["Sam"].cbet_chances, s["Sam"].cbets) == (1, 1)


def test_cbet_made_checked_and_preempted_by_a_donk_bet() -> None:
    """C-bet: the first round's last raiser bets the second round when nothing was bet before
    them; a bet by someone before them (a donk bet) leaves them no opportunity."""
    made = one("p3 cbr 6", "p1 f", "p2 cc", BOARD[0], "p2 cc", "p3 cbr 8", "p2 f")
    assert (made["Ben"].cbet_chances, made["Ben"].cbets) == (1, 1)
    checked = one(
        "p3 cbr 6", "p1 f", "p2 cc", BOARD[0], "p2 cc", "p3 cc", BOARD[1], "p2 cbr 10", "p3 f"
    )
    assert (checked["Ben"].cbet_chances, checked["Ben"].cbets) == (1, 0)
    donk = one("p3 cbr 6", "p1 f", "p2 cc", BOARD[0], "p2 cbr 8", "p3 f")
    assert donk["Ben"].cbet_chances == 0 and donk["Bea"].cbet_chances == 0


def test_aggression_factor_counts_later_rounds_only() -> None:
    """AF = (bets + raises) / calls after the flop; the first round's actions do not count."""
    s = one(
        *("p3 cbr 6", "p1 cc", "p2 cc", BOARD[0], "p1 cc", "p2 cbr 4", "p3 cc", "p1 f"),
        *(BOARD[1], "p2 cc", "p3 cbr 8", "p2 cbr 24", "p3 cc", BOARD[2], "p2 cc", "p3 cc"),
        *("p2 sm AhKh", "p3 sm"),
    )
    assert (s["Bea"].postflop_aggressive, s["Bea"].postflop_calls) == (2, 0)
    assert s["Bea"].aggression_factor is None
    assert (s["Ben"].postflop_aggressive, s["Ben"].postflop_calls) == (1, 2)
    assert s["Ben"].aggression_factor == 0.5
    assert s["Sam"].postflop_calls == 0 and s["Sam"].aggression_factor is None


def test_wtsd_and_wsd_count_a_mucked_hand_as_a_showdown_lost() -> None:
    """WTSD: went to showdown, of the hands that saw the flop; W$SD: won chips there. Mucking
    at the showdown is going to it and losing."""
    s = one(
        *("p3 cc", "p1 cc", "p2 cc", BOARD[0], "p1 cc", "p2 cc", "p3 cc", BOARD[1], "p1 cc"),
        *("p2 cbr 4", "p3 cc", "p1 f", BOARD[2], "p2 cc", "p3 cc", "p2 sm AhKh", "p3 sm"),
    )
    assert [s[n].saw_flop for n in ("Sam", "Bea", "Ben")] == [1, 1, 1]
    assert [s[n].showdowns for n in ("Sam", "Bea", "Ben")] == [0, 1, 1]
    assert (s["Bea"].showdowns_won, s["Ben"].showdowns_won) == (1, 0)
    assert s["Ben"].wtsd == 100.0 and s["Ben"].wsd == 0.0 and s["Sam"].wtsd == 0.0
    assert [s[n].net_won for n in ("Sam", "Bea", "Ben")] == [-2, 8, -6]


def test_a_split_pot_is_won_at_showdown_by_both() -> None:
    history = loads(
        HEAD + 'actions = ["d dh p1 2c3d", "d dh p2 4c5d", "d dh p3 4h5s", "p3 cc", "p1 f",'
        '"p2 cc", "d db TsJsQh", "p2 cc", "p3 cc", "d db Kd", "p2 cc", "p3 cc", "d db Ac",'
        '"p2 cc", "p3 cc", "p2 sm 4c5d", "p3 sm 4h5s"]\n'
    )
    s = Statistics.of([history]).players
    assert (s["Bea"].showdowns_won, s["Ben"].showdowns_won) == (1, 1)


def test_net_won_and_bb_per_100_in_the_hands_units() -> None:
    """bb/100 = 100 x the net won in big blinds per hand, exactly, at any decimal stakes."""
    head = HEAD.replace("[1, 2, 0]", "[0.05, 0.10, 0]").replace("min_bet = 2", "min_bet = 0.10")
    history = hand("p3 cbr 0.30", "p1 f", "p2 f", head=head)
    s = Statistics.of([history, history]).players
    assert s["Ben"].net_won == Fraction("0.30") and s["Ben"].net_bb == 3
    assert s["Ben"].bb_per_100 == 150.0 and s["Bea"].bb_per_100 == -100.0


def test_positions_are_named_from_the_button() -> None:
    assert position_names(3) == ("SB", "BB", "BTN")
    assert position_names(4) == ("SB", "BB", "UTG", "BTN")
    assert position_names(5) == ("SB", "BB", "UTG", "CO", "BTN")
    assert position_names(10)[2:-1] == ("UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO")
    with pytest.raises(InvalidDefinitionError):
        position_names(1)
    stats = Statistics.of([hand("p3 f", "p1 f")])
    assert stats.positions["BB"] == stats.players["Bea"]
    assert stats.positions["BTN"] == stats.players["Ben"]


def test_stud_has_no_positions_but_player_statistics() -> None:
    started = Hand.start(
        SEVEN_CARD_STUD,
        stakes=Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8),
        stacks=[50] * 3,
        button=2,
        seed=3,
    )
    done = _play_down(started)
    stats = Statistics.of([done, to_history(done)])
    assert stats.positions == {} and stats.hands == 2
    assert sum(p.hands for p in stats.players.values()) == 6


def _play_down(hand: Hand) -> Hand:
    while not hand.is_complete:
        legal = hand.legal_actions()
        if hand.phase.value in ("showdown", "expose"):
            hand = hand.apply(ShowHand())
        elif getattr(legal, "bring_in", None) is not None:
            from pokerrules.actions import BringIn

            hand = hand.apply(BringIn())
        else:
            hand = hand.apply(Check() if getattr(legal, "check", False) else Call())
    return hand


def test_bad_input_is_refused_clearly() -> None:
    with pytest.raises(InvalidDefinitionError, match="iterable of hands"):
        Statistics.of(hand("p3 f", "p1 f"))  # type: ignore[arg-type]
    with pytest.raises(InvalidDefinitionError, match="not 'x'"):
        Statistics.of(["x"])  # type: ignore[list-item]
    with pytest.raises(InvalidDefinitionError, match="'player' or 'position'"):
        Statistics().to_records("seat")  # type: ignore[arg-type]


def sample() -> list[HandHistory]:
    files = sorted(p for p in PHH_SAMPLE.rglob("*") if p.suffix in (".phh", ".phhs"))
    return [h for f in files for _, h in read_hands(f)]


@pytest.fixture(scope="module")
def sample_stats() -> tuple[list[HandHistory], Statistics]:
    hands = sample()
    return hands, Statistics.of(hands)


def test_sample_counts_every_replayable_hand(
    sample_stats: tuple[list[HandHistory], Statistics],
) -> None:
    hands, stats = sample_stats
    assert len(hands) == 200
    # every hand, the two with a blind posted out of turn too
    assert stats.hands == 200 and not stats.skipped
    assert sum(p.hands for p in stats.players.values()) == sum(h.players_count for h in hands)
    # chips are conserved: the nets of a hand without rake add up to zero
    assert sum(p.net_won for p in stats.players.values()) == 0


def test_sample_nets_equal_pokerkits_payoffs() -> None:
    """pokerkit's ``Statistics`` (payoffs per player) over the WSOP 2023 final-table hands
    agrees with the net won, player by player."""
    pokerkit = pytest.importorskip("pokerkit")
    folder = PHH_SAMPLE / "pokerkit-history" / "wsop"
    payoffs: dict[str, int] = {}
    files = sorted(folder.rglob("*.phh"))
    for path in files:
        with path.open("rb") as file:
            theirs = pokerkit.Statistics.from_hand_history(pokerkit.HandHistory.load(file))
        for name, stat in theirs.items():
            payoffs[name] = payoffs.get(name, 0) + stat.payoff_sum
    ours = Statistics.of(load(p) for p in files)
    assert ours.hands == len(files) == 83
    assert {k: v.net_won for k, v in ours.players.items()} == payoffs


def test_merging_is_exact_in_any_split_and_order(
    sample_stats: tuple[list[HandHistory], Statistics],
) -> None:
    """Statistics of parts add up to the whole's, whatever the split and the order: counts
    are added, not ratios (a commutative monoid with Statistics() as identity)."""
    hands, whole = sample_stats
    singles = [Statistics.of([h]) for h in hands]
    rng = random.Random(16)
    for _ in range(3):
        cuts = sorted(rng.sample(range(1, len(hands)), 4))
        parts = [
            sum(singles[a:b], Statistics())
            for a, b in zip([0, *cuts], [*cuts, len(hands)], strict=True)
        ]
        rng.shuffle(parts)
        assert sum(parts, Statistics()) == whole
    assert whole + Statistics() == Statistics() + whole == whole
    a, b, c = (sum(singles[i::3], Statistics()) for i in range(3))
    assert (a + b) + c == a + (b + c) == whole
    assert whole.to_records() == (c + a + b).to_records()
    assert Statistics.of(hands[:40]) == sum(singles[:40], Statistics())


@settings(max_examples=20)
@given(
    prs.played_hands(
        prs.variants([NO_LIMIT_HOLDEM, LIMIT_HOLDEM, POT_LIMIT_OMAHA, SEVEN_CARD_STUD])
    ),
)
def test_property_engine_hand_and_its_history_give_the_same_statistics(played: Hand) -> None:
    """An engine hand and its PHH history are the same hand: per position (names aside)
    every count agrees, and each player's counts sum to the hand count."""
    assume(played.stakes.rake is None and played.stakes.chip == 1)
    from_hand = Statistics.of([played])
    from_history = Statistics.of([to_history(played)])
    assume(not from_history.skipped)  # e.g. a short ante PHH's default rule plays otherwise
    assert from_hand.positions == from_history.positions
    assert sorted(map(repr, from_hand.players.values())) == sorted(
        map(repr, from_history.players.values())
    )
    total = sum(from_hand.players.values(), PlayerStats())
    assert total.hands == len(played.seats)
    assert total.net_won == 0  # no rake: chips are conserved


def test_records_and_table(sample_stats: tuple[list[HandHistory], Statistics]) -> None:
    _, stats = sample_stats
    records = stats.to_records()
    assert [r["player"] for r in records] == sorted(stats.players)
    first = records[0]
    player = stats.players[first["player"]]
    assert first["hands"] == player.hands and first["vpip"] == player.vpip
    assert first["net_won"] == player.net_won and first["bb_per_100"] == player.bb_per_100
    by_position = [r["position"] for r in stats.to_records("position")]
    assert by_position == ["UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO", "BTN", "SB", "BB"]
    lines = stats.table("position").splitlines()
    assert lines[0].split() == [
        *("POSITION", "HANDS", "VPIP", "PFR", "3B", "F3B", "CB", "AF", "WTSD", "W$SD"),
        *("NET", "BB/100"),
    ]
    assert lines[-1].split()[:3] == ["BB", str(stats.positions["BB"].hands), "49.4"]


def test_dataframe(sample_stats: tuple[list[HandHistory], Statistics]) -> None:
    pandas = pytest.importorskip("pandas")
    _, stats = sample_stats
    frame = stats.to_dataframe()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.index) == sorted(stats.players)
    pluribus = stats.players["Pluribus"]
    assert frame.loc["Pluribus", "hands"] == pluribus.hands
    assert frame.loc["Pluribus", "net_won"] == float(pluribus.net_won)
    assert frame.loc["Pluribus", "pfr"] == pluribus.pfr
    assert list(stats.to_dataframe("position").index)[-1] == "BB"


def test_cli_stats_prints_the_table_and_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "a.phh"
    good.write_text(
        HEAD + 'actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????",'
        '"p3 cbr 6", "p1 f", "p2 f"]\n'
    )
    (tmp_path / "b.phh").write_text("not = [toml")
    assert main(["stats", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:3] == ["PLAYER", "HANDS", "VPIP"]
    assert out[2].split()[:4] == ["Ben", "1", "100.0", "100.0"]
    assert out[-1] == "1 hand counted; 1 skipped (1 unreadable)"
    assert main(["stats", "--by", "position", str(good)]) == 0
    assert capsys.readouterr().out.splitlines()[1].split()[:2] == ["BTN", "1"]
    assert main(["stats", str(tmp_path / "missing.phh")]) == 2

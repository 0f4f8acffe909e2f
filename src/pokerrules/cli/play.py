"""``pokerrules play VARIANT [--seed N] [--ask-runouts]``: simple built-in players play one hand;
the hand history is printed.

The players are deliberately simple (they keep pairs and low cards on draws, bet or raise now
and then, rarely fold) and seeded, so the same seed plays the same hand. With
``--ask-runouts`` each player still in at an all-in with board cards to come is asked how many
times to run the board out (``Hand.start(ask_runouts=True)``); a simple player asks for twice
more often than once, and the board runs twice only when they all asked for it.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from typing import Any

import attrs

from pokerrules._validators import shown
from pokerrules.actions import Bet, BringIn, Call, Check, Complete, Fold, Raise
from pokerrules.cards import AnyCard, Card, Deck, format_cards
from pokerrules.catalogue import default_stakes
from pokerrules.cli._options import (
    Section,
    add_json,
    add_seed,
    check_range,
    emit_json,
    integer,
    seed_of,
)
from pokerrules.engine import (
    Acted,
    BoardDealt,
    Burned,
    CarriedOver,
    ChooseRunouts,
    Deal,
    Dealt,
    Discard,
    Hand,
    PlayerAction,
    Posted,
    Raked,
    RanOut,
    Reshuffled,
    Returned,
    ShowHand,
    StandPat,
    Won,
)
from pokerrules.errors import InvalidDefinitionError, InvalidNotationError
from pokerrules.evaluation import HandValue
from pokerrules.runouts import check_runout_choice
from pokerrules.table import Table
from pokerrules.variants import Stakes, Variant, find_variant

__all__ = ["DEMO_SECTIONS", "NAMES", "choose", "describe", "register"]

#: The players' names in printed hands, seat by seat.
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")


def _low_game(variant: Variant) -> bool:
    return variant.showdown.scales[0].is_low


def _keepers(cards: tuple[AnyCard, ...], low: bool) -> set[AnyCard]:
    """The cards a simple player keeps on a draw: pairs and better (high), or distinct cards of
    eight or lower and the joker (low)."""
    if low:
        kept: set[AnyCard] = set()
        ranks: set[int] = set()
        for card in sorted(cards, key=lambda c: c.rank.low_value if isinstance(c, Card) else 0):
            if not isinstance(card, Card):
                kept.add(card)
            elif card.rank.low_value <= 8 and card.rank not in ranks:
                kept.add(card)
                ranks.add(card.rank)
        return kept
    counts = Counter(c.rank for c in cards if isinstance(c, Card))
    return {c for c in cards if not isinstance(c, Card) or counts[c.rank] > 1}


def choose(hand: Hand, rng: random.Random) -> PlayerAction:
    """A simple player's action for the seat to act."""
    legal = hand.legal_actions()
    if legal is None or legal.kind == "showdown":
        return ShowHand()
    if legal.kind == "runouts":
        twice = legal.runouts is not None and 2 in legal.runouts and rng.random() < 0.7
        return ChooseRunouts(2 if twice else 1)
    if legal.kind == "draw":
        keep = _keepers(legal.held, _low_game(hand.variant))
        most = legal.discard.high if legal.discard is not None else 0
        throw = tuple(c for c in legal.held if c not in keep)[:most]
        return Discard(throw) if throw else StandPat()
    if legal.bring_in is not None:
        return Complete() if legal.complete is not None and rng.random() < 0.2 else BringIn()
    roll = rng.random()
    if legal.bet is not None and roll < 0.25:
        return Bet(legal.bet.low)
    if legal.raise_to is not None and roll < 0.12:
        return Raise(to=legal.raise_to.low)
    if legal.fold and legal.call is not None and roll > 0.9:
        return Fold()
    return Check() if legal.check else Call()


def _value(hand: Hand, seat: int) -> str:
    boards = hand.boards if hand.variant.boards > 1 else (hand.board,)
    values = [_board_value(hand, seat, board) for board in boards]
    if len(values) == 1:
        return values[0]
    return "; ".join(f"board {k}: {value}" for k, value in enumerate(values, 1))


def _board_value(hand: Hand, seat: int, board: tuple[AnyCard, ...]) -> str:
    holding = hand.holding(seat)
    parts = []
    for share, value in zip(
        hand.variant.showdown.shares,
        hand.variant.showdown.values(holding, board),
        strict=True,
    ):
        if isinstance(value, HandValue):
            parts.append(value.describe())
        elif value is not None:
            parts.append(f"{share}: {value}")
    return "; ".join(parts) or "no hand"


def _said(action: PlayerAction, before: int, after: int) -> str:
    """An action as a history line says it: a call with the chips it took, an all-in marked."""
    text = f"{action} {before - after}" if isinstance(action, Call) else str(action)
    return f"{text} (all in)" if before and not after else text


def describe(hand: Hand, names: dict[int, str] | None = None) -> list[str]:
    """The hand history of a finished hand, one line per event, with street headings."""
    names = names or {s: f"seat {s}" for s in hand.seats}
    lines = [f"{hand.variant.name}, button {names.get(hand.button, f'seat {hand.button}')}"]
    lines += [f"  {names[s]}: {x} chips" for s, x in hand.starting_stacks.items()]
    state = hand.rewind()
    street = None
    for event in hand.log:
        if (
            isinstance(event, Dealt | Acted)
            and state.street != street
            and state.phase.value != "showdown"
        ):
            street = state.street
            lines.append(f"*** {street} ***")
        match event:
            case Posted(seat=seat, kind=kind, amount=amount):
                lines.append(f"{names[seat]} posts {kind} {amount}")
            case Dealt(seat=None, cards=cards):
                lines.append(f"board: {format_cards(cards)}")
                state = state.apply(Deal(cards))
            case Dealt(seat=seat, cards=cards, up=up):
                shown = " ".join(f"[{c}]" if u else str(c) for c, u in zip(cards, up, strict=True))
                lines.append(f"{names[seat or 0]} is dealt {shown}")
                state = state.apply(Deal(cards))
            case Acted(seat=seat, action=action):
                if isinstance(action, ShowHand):
                    held = format_cards(state.holding(seat).cards)
                    lines.append(f"{names[seat]} shows {held} ({_value(state, seat)})")
                    state = state.apply(action, seat=seat)
                else:
                    before = state.stacks[seat]
                    state = state.apply(action, seat=seat)
                    lines.append(f"{names[seat]}: {_said(action, before, state.stacks[seat])}")
            case RanOut(runout=runout, cards=cards):
                lines.append(f"runout {runout}: {format_cards(cards)}")
                state = state.apply(Deal(cards))
            case BoardDealt(board=board, cards=cards):
                lines.append(f"board {board}: {format_cards(cards)}")
                state = state.apply(Deal(cards))
            case Returned(seat=seat, amount=amount):
                lines.append(f"{names[seat]} takes back {amount} (uncalled)")
            case Won(seat=seat, amount=amount, pot=pot):
                lines.append(f"{names[seat]} wins {amount} ({pot})")
            case CarriedOver(amount=amount):
                lines.append(f"{amount} carries over to the next pot")
            case Raked(amount=amount):
                lines.append(f"the house rakes {amount}")
            case Reshuffled():
                lines.append(str(event))
            case Burned():
                pass
    shares = hand.variant.showdown.shares
    for award in hand.outcome.awards if hand.outcome and len(shares) > 1 else ():
        if len(award.winners) == len(shares):
            split = "; ".join(
                f"{share}: {', '.join(names[s] for s in seats)}"
                for share, seats in zip(shares, award.winners, strict=True)
            )
            lines.append(f"{award.name} of {award.pot.amount} split -- {split}")
    lines.append("final stacks: " + ", ".join(f"{names[s]} {x}" for s, x in hand.stacks.items()))
    return lines


def run(args: argparse.Namespace) -> int:
    """Play one hand and print its history."""
    variant = find_variant(args.variant)
    players = args.players if args.players is not None else min(variant.max_players, 4)
    if not variant.min_players <= players <= min(variant.max_players, len(NAMES)):
        raise InvalidNotationError(
            f"--players must be {variant.min_players} to {min(variant.max_players, len(NAMES))} "
            f"for {variant.name}, not {shown(players)}"
        )
    check_range("--stack", args.stack, 1)
    if args.ask_runouts:
        try:
            check_runout_choice(variant)
        except InvalidDefinitionError as error:
            raise InvalidNotationError(f"--ask-runouts: {error}") from None
    seed = seed_of(args)
    rng = random.Random(seed)
    hand = Hand.start(
        variant,
        stakes=default_stakes(variant),
        stacks=[args.stack] * players,
        button=players - 1,
        seed=seed,
        ask_runouts=args.ask_runouts,
    )
    while not hand.is_complete:
        hand = hand.apply(choose(hand, rng))
    names = dict(enumerate(NAMES[:players]))
    if args.json:
        emit_json({"seed": seed, "names": list(names.values()), "hand": _document(hand)})
        return 0
    print(f"seed {seed}")
    for line in describe(hand, names):
        print(line)
    return 0


def register(subparsers: Any) -> None:
    """Add ``play`` to the command line."""
    parser = subparsers.add_parser(
        "play", help="simple built-in players play a hand of a variant; print its history"
    )
    parser.add_argument("variant", help='a variant name or alias, e.g. "limit hold\'em"')
    add_seed(parser, "shuffle and players' seed")
    parser.add_argument(
        "--players",
        type=integer,
        default=None,
        help="players at the table (default: 4, or fewer if the variant seats fewer)",
    )
    parser.add_argument(
        "--stack", type=integer, default=200, help="each player's starting stack (default: 200)"
    )
    parser.add_argument(
        "--ask-runouts",
        action="store_true",
        help="at an all-in with board cards to come, ask each player still in how many times "
        "to run the board out (a board game without draws; twice only if they all agree)",
    )
    add_json(parser)
    parser.set_defaults(handler=run)


def _document(value: object) -> dict[str, Any]:
    """``value`` as a serialization document (the format is loaded only when asked for)."""
    from pokerrules.serialization import to_data  # noqa: PLC0415 - loads cattrs

    return to_data(value)


# --- sections of ``pokerrules demo`` -------------------------------------------------------------


def demo_kill_hand() -> Section:
    """A limit hold'em kill game: two pots in a row make the next hand a full kill."""
    lines: list[str] = []
    hands: list[dict[str, Any]] = []
    table = Table.open(
        find_variant("limit hold'em with a full kill"),
        stakes=Stakes.limit(20, 40),
        stacks={0: 1000, 1: 1000, 2: 1000, 3: 1000},
        button=3,
    )
    hero = 2
    for number in (1, 2, 3):
        hand = table.deal(seed=number)
        posted = [e for e in hand.log if isinstance(e, Posted) and e.kind == "kill"]
        if posted:
            lines.append(
                f"  hand {number}: {NAMES[hero]} posts a kill of {posted[0].amount}; "
                f"the limits are {hand.stakes.small_bet}/{hand.stakes.big_bet}"
            )
            hands.append(_document(hand))
            break
        while not hand.is_complete:
            hand = hand.apply(_hero_wins(hand, hero))
        table = table.record(hand)
        hands.append(_document(hand))
        won = hand.outcome.payouts if hand.outcome else {}
        kill = table.kill
        state = "the next hand is a kill" if kill and kill.is_kill else f"{NAMES[hero]} has a leg"
        lines.append(f"  hand {number}: {NAMES[hero]} wins {won.get(hero, 0)}; {state}")
    title = "A kill hand (limit hold'em $20/$40, full kill)"
    return Section(title, lines, {"hands": hands, "table": _document(table)})


def _hero_wins(hand: Hand, hero: int) -> PlayerAction:
    """The hero bets and raises; one opponent calls before the flop and folds after it."""
    legal = hand.legal_actions()
    if legal is None or legal.kind != "bet":
        return ShowHand()
    if hand.actor == hero:
        if legal.bet is not None:
            return Bet(legal.bet.low)
        if legal.raise_to is not None:
            return Raise(to=legal.raise_to.low)
        return Check() if legal.check else Call()
    if hand.street == "pre-flop" and hand.actor == (hero + 1) % 4:
        return Call() if legal.call is not None else Check()
    return Fold() if legal.fold else Check()


def demo_side_pots() -> Section:
    """Three players all-in for different amounts: a main pot and a side pot."""
    deck = Deck.ordered("As Ad Kc Kd Qh Qs 2c 7d 8h 9s 3c 4d 5h Jc 6s Tc")
    hand = Hand.start(
        find_variant("no-limit hold'em"),
        stakes=Stakes.no_limit(1, 2),
        stacks={0: 50, 1: 100, 2: 200},
        button=2,
        deck=deck,
    )
    hand = hand.apply(Raise(to=200)).apply(Call()).apply(Call())
    while not hand.is_complete:
        hand = hand.apply(ShowHand())
    names = dict(enumerate(NAMES))
    lines = [f"  {line}" for line in describe(hand, names)[-7:]]
    title = "A three-way all-in with side pots (no-limit hold'em)"
    return Section(title, lines, {"hand": _document(hand)})


def demo_chicago_split() -> Section:
    """Chicago High Spade: the best hand and the highest spade in the hole split the pot."""
    deck = Deck.ordered("Ks 2d 4c  Ah Ad 3c  9h 5h  Ac 8d  Jd 6c  Tc 7h")
    variant = attrs.evolve(find_variant("Chicago High Spade"), burn=False)
    hand = Hand.start(
        variant,
        stakes=Stakes(ante=5, bring_in=5, small_bet=10, big_bet=20),
        stacks={0: 100, 1: 100},
        button=1,
        deck=deck,
    )
    rng = random.Random(0)
    while not hand.is_complete:
        legal = hand.legal_actions()
        if legal is not None and legal.kind == "bet" and legal.bring_in is not None:
            hand = hand.apply(BringIn())
        elif legal is not None and legal.kind == "bet":
            hand = hand.apply(Check() if legal.check else Call())
        else:
            hand = hand.apply(choose(hand, rng))
    names = dict(enumerate(NAMES))
    lines = [f"  {line}" for line in describe(hand, names)[-6:]]
    return Section("A Chicago High Spade split", lines, {"hand": _document(hand)})


#: The hand engine's sections of ``pokerrules demo``.
DEMO_SECTIONS = (demo_kill_hand, demo_side_pots, demo_chicago_split)

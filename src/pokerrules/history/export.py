"""Write a hand played by the engine as a PHH hand history.

>>> from pokerrules.actions import Call, Check
>>> from pokerrules.engine import Hand, ShowHand
>>> from pokerrules.history.export import to_history
>>> from pokerrules.history.phh import dumps
>>> from pokerrules.history.replay import replay
>>> from pokerrules.variants import Stakes, find_variant
>>> hand = Hand.start(find_variant("limit hold'em"), stakes=Stakes.limit(2, 4),
...                   stacks=[100, 100], button=1, seed=7)
>>> while not hand.is_complete:
...     legal = hand.legal_actions()
...     hand = hand.apply(ShowHand() if hand.phase.value == "showdown" else
...                       Check() if legal.check else Call())
>>> history = to_history(hand)
>>> history.variant, history.blinds_or_straddles
('FT', (1, 2))
>>> [str(a) for a in history.actions[:5]]
['d dh p1 ...', 'd dh p2 ...', 'p2 cc', 'p1 cc', 'd db ...']
>>> replay(history).verdict
<Verdict.MATCH: 'match'>
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from pokerrules._validators import shown
from pokerrules.actions import Bet, BringIn, Call, Check, Complete, Fold, LegalActions, Raise
from pokerrules.cards import AnyCard, Card
from pokerrules.engine import (
    Acted,
    ChooseRunouts,
    Deal,
    Dealt,
    Discard,
    Hand,
    Muck,
    Posted,
    RanOut,
    ShowHand,
    StandPat,
)
from pokerrules.errors import InvalidDefinitionError
from pokerrules.forced_bets import AnteKind, MississippiAction
from pokerrules.history.codes import EXTENSION_GAMES, STRUCTURES, extension_code
from pokerrules.history.phh import HandHistory, Notation, Verb
from pokerrules.history.replay import VARIANT_CODES, variant_of_code
from pokerrules.history.room_rules import fold_without_bet_field
from pokerrules.history.runout_boards import runout_boards_field

__all__ = ["to_history"]

# the standard codes first, then the library's extension codes for the other catalogue games
_CODES: Final = {
    variant_of_code(code).name: code
    for code in (
        extension_code(structure, game) for game in EXTENSION_GAMES for structure in STRUCTURES
    )
} | {variant.name: code for code, variant in VARIANT_CODES.items()}
# posts the PHH fields (antes, blinds) cannot express
_NOT_IN_PHH: Final = frozenset({"kill"})


def to_history(hand: Hand, *, players: list[str] | None = None) -> HandHistory:
    """The PHH history of an engine hand of a catalogue variant with a PHH code (a standard
    code, else one of the library's extension codes: :mod:`pokerrules.history.codes`).

    Players are listed clockwise from the button's left (the button last), as PHH lists them;
    ``players`` names them in that order.
    """
    if not isinstance(hand, Hand):
        raise InvalidDefinitionError(f"to_history takes an engine Hand, not {shown(hand)}")
    if players is not None and (
        not isinstance(players, list | tuple) or not all(isinstance(p, str) for p in players)
    ):
        raise InvalidDefinitionError(f"players must be a list of names, not {shown(players)}")
    if players is not None and len(players) != len(hand.seats):
        raise InvalidDefinitionError(
            f"players names {len(players)} players but the hand has {len(hand.seats)}"
        )
    variant = hand.variant
    code = _CODES.get(variant.name)
    if code is None:
        raise InvalidDefinitionError(f"{variant.name} has no PHH variant code")
    if hand.stakes.chip != 1:
        # PHH amounts are in the smallest unit: a larger chip would split pots differently
        raise InvalidDefinitionError(
            f"PHH has no field for a chip of {shown(hand.stakes.chip)}: export hands played "
            "with chip=1"
        )
    if hand.stakes.rake is not None:
        # the spec's winnings and finishing stacks would be after the rake, with no field
        # saying what it was: a replay could not check them
        raise InvalidDefinitionError(
            "PHH has no field for the rake: export hands played with stakes without a rake"
        )
    chose = next(
        (e for e in hand.log if isinstance(e, Acted) and isinstance(e.action, ChooseRunouts)),
        None,
    )
    if chose is not None:
        # the specification has no action for it: a reader would skip the agreement
        raise InvalidDefinitionError(
            f"PHH has no action for choosing the number of runouts (seat {chose.seat}: "
            f"{chose.action})"
        )
    extra = next((e for e in hand.log if isinstance(e, Posted) and e.kind in _NOT_IN_PHH), None)
    if extra is not None:
        raise InvalidDefinitionError(f"PHH has no field for a {extra.kind} (seat {extra.seat})")
    order = _order(hand)
    index = {seat: k for k, seat in enumerate(order)}
    n = len(order)
    stakes = hand.stakes
    antes = [0] * n
    kind = variant.forced_bets.ante
    if kind is AnteKind.EACH:
        antes = [stakes.ante] * n
    elif kind is AnteKind.BIG_BLIND:
        antes[1] = stakes.ante
    elif kind is AnteKind.BUTTON:
        # PHH reverses the forced bets heads-up: the first entry is the button's there
        antes[0 if n == 2 else n - 1] = stakes.ante
    blinds = None
    if not variant.is_stud:
        blinds = [*stakes.blinds, *[0] * (n - len(stakes.blinds))]
        # live straddles follow the big blind in the same list (PHH: each one double the last)
        for event in hand.log:
            if isinstance(event, Posted) and event.kind == "straddle":
                blinds[index[event.seat]] = event.amount
        if variant.forced_bets.button_blind:
            if hand.button not in hand.seats:
                raise InvalidDefinitionError(
                    "PHH lists the button last: a button blind needs a player on the button"
                )
            straddle = next(
                (e for e in hand.log if isinstance(e, Posted) and e.kind == "straddle"), None
            )
            if straddle is not None:
                # the replay reads a lone blind in the button's entry as a button blind: with
                # a straddle beside it the history would be another hand
                raise InvalidDefinitionError(
                    f"PHH has no field for a straddle over a button blind (seat {straddle.seat})"
                )
            # the button's entry: the last, or the first heads-up (PHH reverses heads-up)
            blinds = [0] * n
            blinds[0 if n == 2 else n - 1] = stakes.blinds[0]
        if (
            hand.start_options["straddle_seat"] is not None
            and variant.forced_bets.mississippi_action is not MississippiAction.LEFT_OF_STRADDLER
        ):
            # PHH's reader acts the player after the largest straddle first
            raise InvalidDefinitionError(
                "PHH has no field for a Mississippi straddle with the action under the gun"
            )
        live = [b for b in blinds if b]
        if any(live[k + 1] != 2 * live[k] for k in range(1, len(live) - 1)):
            raise InvalidDefinitionError(f"PHH straddles double each time, not {live[1:]}")
    # blinds posted out of turn (pokerrules.history.replay): a blind owed is dead money, the
    # player's antes entry; a big blind missed is live, a negative blinds_or_straddles entry
    for event in hand.log:
        if not isinstance(event, Posted) or event.kind not in ("owed blind", "missed big blind"):
            continue
        k = index[event.seat]
        k = 1 - k if n == 2 else k  # PHH reverses the forced bets heads-up
        if event.kind == "owed blind":
            antes[k] += event.amount
        elif blinds is not None:
            blinds[k] = -event.amount
    limit = variant.structure.is_limit
    initial = hand.starting_stacks
    # the specification deals one board: the runouts after the first go in the library's
    # extension field (pokerrules.history.runout_boards)
    runs: list[tuple[Card, ...]] = []
    actions = _notations(hand, index, runs)
    return HandHistory(
        variant=code,
        antes=antes,
        blinds_or_straddles=blinds,
        bring_in=stakes.bring_in if variant.is_stud else None,
        small_bet=stakes.small_bet if limit else None,
        big_bet=stakes.big_bet if limit else None,
        min_bet=None if limit else stakes.minimum_bet,
        starting_stacks=[initial[s] for s in order],
        actions=actions,
        players=players,
        finishing_stacks=[hand.stacks[s] for s in order] if hand.is_complete else None,
        extra=runout_boards_field(runs) | fold_without_bet_field(variant.betting.fold_without_bet),
    )


def _order(hand: Hand) -> list[int]:
    seats = sorted(hand.seats)
    left = [s for s in seats if s > hand.button]
    return left + [s for s in seats if s <= hand.button]


def _phh_cards(cards: Iterable[AnyCard]) -> tuple[Card, ...]:
    out = tuple(c for c in cards if isinstance(c, Card))
    if len(out) != len(tuple(cards)):
        raise InvalidDefinitionError("PHH has no notation for the joker")
    return out


def _notations(hand: Hand, index: dict[int, int], runs: list[tuple[Card, ...]]) -> list[Notation]:
    """Replay the log dealt by hand, writing each step in PHH notation (the cards of the
    runouts after the first go to ``runs``)."""
    state = hand.rewind()
    out: list[Notation] = []
    for event in hand.log:
        if isinstance(event, RanOut):
            runs.append(_phh_cards(event.cards))
            state = state.apply(Deal(event.cards))
        elif isinstance(event, Dealt):
            if event.seat is None:
                out.append(Notation(verb=Verb.DEAL_BOARD, cards=_phh_cards(event.cards)))
            else:
                out.append(
                    Notation(
                        verb=Verb.DEAL_HOLE,
                        player=index[event.seat],
                        cards=_phh_cards(event.cards),
                    )
                )
            state = state.apply(Deal(event.cards))
        elif isinstance(event, Acted):
            out.append(_notation(state, event, index[event.seat]))
            state = state.apply(event.action, seat=event.seat)
    outcome = hand.outcome
    if outcome is not None and not outcome.uncontested:
        # PHH shows every hand still in at the showdown, the winner's included, even when
        # the others mucked and the engine needed no show to award the pot
        for seat in sorted(hand.in_hand, key=index.__getitem__):
            if not hand.is_shown(seat):
                cards = _phh_cards(hand.holding(seat).cards)
                out.append(Notation(verb=Verb.SHOW_OR_MUCK, player=index[seat], cards=cards))
    return out


def _notation(state: Hand, event: Acted, player: int) -> Notation:
    action = event.action
    legal = state.legal_actions()
    match action:
        case Fold():
            return Notation(verb=Verb.FOLD, player=player)
        case Check() | Call():
            return Notation(verb=Verb.CHECK_OR_CALL, player=player)
        case BringIn():
            return Notation(verb=Verb.BRING_IN, player=player)
        case Bet(amount=amount):
            return Notation(verb=Verb.BET_OR_RAISE_TO, player=player, amount=amount)
        case Raise(to=to):
            return Notation(verb=Verb.BET_OR_RAISE_TO, player=player, amount=to)
        case Complete():
            total = legal.complete if isinstance(legal, LegalActions) else None
            return Notation(verb=Verb.BET_OR_RAISE_TO, player=player, amount=total)
        case Discard(cards=cards):
            return Notation(verb=Verb.STAND_PAT_OR_DISCARD, player=player, cards=_phh_cards(cards))
        case StandPat():
            return Notation(verb=Verb.STAND_PAT_OR_DISCARD, player=player)
        case ShowHand():
            held = state.holding(event.seat).cards
            return Notation(verb=Verb.SHOW_OR_MUCK, player=player, cards=_phh_cards(held))
        case Muck():
            return Notation(verb=Verb.SHOW_OR_MUCK, player=player)
    raise InvalidDefinitionError(f"{action!r} has no PHH notation")  # pragma: no cover

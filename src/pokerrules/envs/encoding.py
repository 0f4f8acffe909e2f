"""What a seat sees and may do, as arrays: the observation encoder and the discrete action set
of :class:`~pokerrules.envs.PokerEnv` (numpy only; usable without PettingZoo).

The action set is one list of discrete actions for the whole hand:

====== =====================================================================================
index  action
====== =====================================================================================
0      fold
1      check, or call
2      bet or raise the minimum (in a limit game, the one size the structure allows)
3      bet or raise half the pot (no-limit and pot-limit; a raise is to the bet to call plus
       half the pot after calling)
4      bet or raise the pot
5      bet or raise the most allowed (all-in in no-limit, the pot in pot-limit)
6      bring in (stud)
7      complete (stud)
8      stand pat (draw)
9 ...  discard: index ``9 + m - 1`` discards the held cards whose positions are the bits of
       ``m`` (bit 0 the first held card); only in draw games, bounded to 2\\ :sup:`8` - 1
9 ...  run the board out ``k`` times: index ``9 + k - 1`` (``k`` from 1 to
       :data:`~pokerrules.runouts.MAX_RUNOUTS`); only when the players choose the runouts at
       an all-in (``ActionSet(variant, runouts=True)``), in a board game without draws
====== =====================================================================================

A sized bet that is not strictly between the minimum and the most (or not a legal amount) is
masked out: it would only repeat actions 2 or 5. A number of runouts is legal from one up to
what the cards left can deal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerrules._validators import shown
from pokerrules.actions import Bet, BringIn, Call, Check, Complete, Fold, LegalActions, Raise
from pokerrules.cards import AnyCard
from pokerrules.engine import ChooseRunouts, Discard, Hand, PlayerAction, StandPat
from pokerrules.errors import IllegalActionError, InvalidDefinitionError
from pokerrules.runouts import MAX_RUNOUTS, check_runout_choice
from pokerrules.variants import Variant

__all__ = ["ACTION_NAMES", "MAX_DRAW_CARDS", "ActionSet", "Observer"]

FOLD, CALL, MIN, HALF, POT, MOST, BRING_IN, COMPLETE, STAND_PAT, DISCARD = range(10)

#: The names of the fixed actions, by index.
ACTION_NAMES: Final = (
    "fold",
    "check or call",
    "minimum bet or raise",
    "half-pot bet or raise",
    "pot bet or raise",
    "largest bet or raise",
    "bring in",
    "complete",
    "stand pat",
)

#: The most cards a draw game's hand may hold for its discards to be encoded.
MAX_DRAW_CARDS: Final = 8

Mask = npt.NDArray[np.int8]
Vector = npt.NDArray[np.float32]


def _most_held(variant: Variant) -> int:
    return sum(street.down + street.up for street in variant.streets)


class ActionSet:
    """The discrete actions of ``variant``: :meth:`mask` over the legal ones, :meth:`decode` to
    the engine's action. ``street_bets`` (chips each seat has put in on this betting round)
    size the pot-fraction raises. With ``runouts`` the set also holds the choice of how many
    times to run the board out at an all-in (hands started with ``ask_runouts=True``), from
    index :attr:`runouts_at` on; a game that cannot run its board again is refused."""

    def __init__(self, variant: Variant, *, runouts: bool = False) -> None:
        if not isinstance(runouts, bool):
            raise InvalidDefinitionError(f"runouts must be True or False, not {shown(runouts)}")
        if runouts:
            check_runout_choice(variant)
        self.draws = any(street.draw is not None for street in variant.streets)
        held = _most_held(variant) if self.draws else 0
        if held > MAX_DRAW_CARDS:
            raise InvalidDefinitionError(
                f"{variant.name} holds {held} cards on a draw: the action set encodes "
                f"discards from at most {MAX_DRAW_CARDS}"
            )
        self.held = held
        #: The index of "run it once"; ``k`` runouts are ``runouts_at + k - 1``.
        self.runouts_at = DISCARD + ((1 << held) - 1 if held else 0)
        self.runouts = MAX_RUNOUTS if runouts else 0
        self.size = self.runouts_at + self.runouts

    def _sized(
        self, hand: Hand, legal: LegalActions, fraction: float, street_bets: Mapping[int, int]
    ) -> int | None:
        """The amount of a bet (or raise-to) of ``fraction`` of the pot, or ``None`` when it
        is not strictly inside the legal range."""
        if legal.bet is not None:
            span, amount = legal.bet, round(fraction * hand.pot)
        elif legal.raise_to is not None:
            call = legal.call or 0
            level = street_bets.get(legal.seat, 0) + call
            span, amount = legal.raise_to, level + round(fraction * (hand.pot + call))
        else:
            return None
        if span.low < amount < span.high and amount in span:
            return amount
        return None

    def _legal(self, hand: Hand, street_bets: Mapping[int, int]) -> dict[int, PlayerAction]:
        """Each legal index and the engine action it stands for."""
        choices = hand.legal_actions()
        out: dict[int, PlayerAction] = {}
        if choices is None:
            return out
        if choices.kind == "bet":
            if choices.fold:
                out[FOLD] = Fold()
            if choices.check:
                out[CALL] = Check()
            elif choices.call is not None:
                out[CALL] = Call()
            span = choices.bet if choices.bet is not None else choices.raise_to
            if span is not None:

                def sized(amount: int) -> PlayerAction:
                    return Bet(amount) if choices.bet is not None else Raise(to=amount)

                out[MIN] = sized(span.low)
                if span.high > span.low:
                    out[MOST] = sized(span.high)
                for index, fraction in ((HALF, 0.5), (POT, 1.0)):
                    amount = self._sized(hand, choices, fraction, street_bets)
                    if amount is not None:
                        out[index] = sized(amount)
            if choices.bring_in is not None:
                out[BRING_IN] = BringIn()
            if choices.complete is not None:
                out[COMPLETE] = Complete()
        elif choices.kind == "draw":
            out[STAND_PAT] = StandPat()
            count = len(choices.held)
            for m in range(1, 1 << min(count, self.held)):
                cards_thrown = m.bit_count()
                if choices.discard is not None and cards_thrown in choices.discard:
                    cards = tuple(c for i, c in enumerate(choices.held) if m >> i & 1)
                    out[DISCARD + m - 1] = Discard(cards)
        elif choices.kind == "runouts" and choices.runouts is not None:
            for count in range(1, min(choices.runouts.high, self.runouts) + 1):
                if count in choices.runouts:
                    out[self.runouts_at + count - 1] = ChooseRunouts(count)
        return out

    def mask(self, hand: Hand, street_bets: Mapping[int, int]) -> Mask:
        """1 for each legal index, 0 elsewhere (all 0 when nobody is to act)."""
        mask = np.zeros(self.size, dtype=np.int8)
        for index in self._legal(hand, street_bets):
            mask[index] = 1
        return mask

    def decode(self, hand: Hand, index: int, street_bets: Mapping[int, int]) -> PlayerAction:
        """The engine action that ``index`` stands for now; refused when it is masked out."""
        legal = self._legal(hand, street_bets)
        action = legal.get(index)
        if action is None:
            names = ", ".join(str(i) for i in sorted(legal))
            raise IllegalActionError(
                f"action {index} is not legal now (legal: {names or 'none: nobody is to act'})"
            )
        return action


class Observer:
    """The observation of a seat, as a flat float32 vector in [0, 1] (``size`` long):

    * its own cards (one bit per card of the deck), each board (one block of a bit per card for
      every board the game deals: two in a double-board game, the top board first), each other
      seat's face-up cards (in seat order from the observer's left) -- never another seat's
      face-down cards;
    * for each seat from the observer on: its stack and its chips in the pot (fractions of all
      the chips at the table), whether it is still in the hand, and where the button is;
    * whether the observer is to act, the pot and the chips it must call (fractions), the
      street (one bit per street) and whether a draw is under way;
    * with ``runouts`` (the players choose the runouts at an all-in), one last bit: whether
      that choice is under way.

    So ``size`` is ``deck * (players + boards) + 4 * players + 3 + streets + 1``, plus one with
    ``runouts``: each board the game deals adds one deck's worth of bits.
    """

    def __init__(self, variant: Variant, players: int, *, runouts: bool = False) -> None:
        self.cards: dict[AnyCard, int] = {c: i for i, c in enumerate(variant.deck.cards)}
        self.players = players
        self.boards = variant.boards
        self.streets = {street.name: i for i, street in enumerate(variant.streets)}
        deck = len(self.cards)
        self._seats_at = deck * (players + self.boards)
        self._tail = self._seats_at + 4 * players
        self._draw_at = self._tail + 3 + len(variant.streets)
        self.size = self._draw_at + 1 + (1 if runouts else 0)

    def _cards(self, out: Vector, offset: int, cards: tuple[AnyCard, ...]) -> None:
        for card in cards:
            out[offset + self.cards[card]] = 1.0

    def encode(self, hand: Hand, seat: int, total: int) -> Vector:
        """``seat``'s observation of ``hand``; ``total`` is every chip at the table."""
        out = np.zeros(self.size, dtype=np.float32)
        deck, n = len(self.cards), self.players
        order = [(seat + k) % n for k in range(n)]
        self._cards(out, 0, hand.holding(seat).cards)
        boards = self.boards
        # a game's boards (a board run out again after an all-in is not one of them)
        for b, board in enumerate(hand.boards[:boards] if boards > 1 else (hand.board,)):
            self._cards(out, deck * (1 + b), board)
        for k, other in enumerate(order[1:], start=1 + boards):
            self._cards(out, deck * k, hand.holding(other).up)
        stacks, live = hand.stacks, set(hand.in_hand)
        # once the pot is awarded nothing is in it (contributions would count winnings)
        bets = dict.fromkeys(order, 0) if hand.is_complete else hand.contributions
        base = self._seats_at
        for k, other in enumerate(order):
            out[base + k] = stacks[other] / total
            out[base + n + k] = bets[other] / total
            out[base + 2 * n + k] = 1.0 if other in live else 0.0
            out[base + 3 * n + k] = 1.0 if other == hand.button else 0.0
        choices = hand.legal_actions()
        tail = self._tail
        out[tail] = 1.0 if hand.actor == seat else 0.0
        out[tail + 1] = min(hand.pot / total, 1.0)
        if choices is not None and choices.seat == seat and choices.call:
            out[tail + 2] = min(choices.call / total, 1.0)
        street = self.streets.get(hand.street)
        if street is not None and not hand.is_complete:
            out[tail + 3 + street] = 1.0
        kind = choices.kind if choices is not None else None
        out[self._draw_at] = 1.0 if kind == "draw" else 0.0
        if self.size > self._draw_at + 1:
            out[self._draw_at + 1] = 1.0 if kind == "runouts" else 0.0
        return out

"""The state of a Chicago game as a plain value, and the queries the rule checks share.

This module is the bottom of the game's one-way chain: :mod:`~pokerrules.games.chicago.flow` (the transitions between
actions) and :mod:`~pokerrules.games.chicago.commands` (the checks and effects of each action) work on a
:class:`ChicagoState`; :mod:`~pokerrules.games.chicago.game` is the public face over them.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from pokerrules._validators import optional, shown
from pokerrules.cards import Card, Deck, Suit, format_cards
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import HandCategory, HandValue, evaluate_high
from pokerrules.games.chicago.actions import LogEntry
from pokerrules.games.chicago.rules import ChicagoRules, EqualHands, StockRule
from pokerrules.games.chicago.scoring import ScoreSheet

__all__ = ["ChicagoState", "FinishedDeal", "Phase", "Trick", "stopped_now"]


class Phase(enum.Enum):
    """Where a game stands."""

    #: Players exchange in turn from the dealer's left.
    EXCHANGE = "exchange"
    #: The player to act decides on a card turned face up by a one-up exchange.
    ONE_UP = "one up"
    #: Players declare or pass in turn after a scoring exchange.
    DECLARATION = "declaration"
    #: Players may call Chicago in turn before the first card is played.
    CHICAGO = "chicago"
    #: Trick play.
    TRICKS = "tricks"
    #: The game has a winner.
    OVER = "over"


def _seat(_instance: object, attribute: Any, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidDefinitionError(f"{attribute.name} must be a seat number, not {shown(value)}")


def _plays(_instance: object, attribute: Any, value: Any) -> None:
    if not isinstance(value, tuple) or not all(
        isinstance(play, tuple)
        and len(play) == 2
        and isinstance(play[0], int)
        and not isinstance(play[0], bool)
        and play[0] >= 0
        and isinstance(play[1], Card)
        for play in value
    ):
        raise InvalidDefinitionError(
            f"{attribute.name} must be a tuple of (seat, Card) pairs, not {shown(value)}"
        )


@attrs.frozen(kw_only=True)
class Trick:
    """A trick: who led and the cards played so far, in order; ``winner`` once complete.

    No trumps: the highest card of the suit led wins (pagat; WP: "Ordinary whist rules
    apply"; hurspelarman.se).
    """

    leader: int = attrs.field(validator=_seat)
    plays: tuple[tuple[int, Card], ...] = attrs.field(default=(), validator=_plays)
    winner: int | None = attrs.field(default=None, validator=optional(_seat))

    @property
    def suit_led(self) -> Suit | None:
        """The suit of the first card, or ``None`` before it is played."""
        return self.plays[0][1].suit if self.plays else None

    @property
    def winning_card(self) -> Card | None:
        """The highest card of the suit led so far."""
        if not self.plays:
            return None
        led = self.plays[0][1].suit
        return max((card for _, card in self.plays if card.suit is led), key=lambda c: c.rank)

    def taker(self) -> int | None:
        """The seat holding the trick so far."""
        best = self.winning_card
        return next((seat for seat, card in self.plays if card is best), None)

    def __str__(self) -> str:
        cards = " ".join(f"{card}" for _, card in self.plays)
        return f"trick led by seat {self.leader}: {cards}" + (
            f", won by seat {self.winner}" if self.winner is not None else ""
        )


@attrs.frozen(kw_only=True)
class FinishedDeal:
    """A deal played to its end, kept readable after the next deal is dealt.

    ``deal`` is its number and ``dealer`` its dealer; ``hands`` the five-card hands as trick
    play began (the final hands); ``tricks`` the tricks played (all five, or up to the first
    one a Chicago caller lost); ``caller`` the seat that called Chicago, if any. Its scores are
    on the score sheet (:meth:`~pokerrules.games.chicago.scoring.ScoreSheet.deal_entries`).
    """

    deal: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[Trick, ...]
    caller: int | None = None

    @property
    def last_trick_winner(self) -> int | None:
        """Who took the last trick played."""
        return self.tricks[-1].winner if self.tricks else None


def stopped_now(
    rules: ChicagoRules, scores: tuple[int, ...], stopped: frozenset[int], seat: int
) -> bool:
    """Whether the exchange stop keeps ``seat`` from exchanging now: measured when the cards
    were dealt (``stopped``) or on the current score."""
    stop = rules.exchange_stop
    if stop is None:
        return False
    if stop.from_next_deal:
        return seat in stopped
    return scores[seat] >= stop.threshold


@attrs.frozen(kw_only=True, repr=False, slots=False)
class ChicagoState:
    """A whole game of Swedish Chicago at one moment, as a plain value: the deal in progress,
    the scores and the log, with the queries every rule check shares.

    :class:`~pokerrules.games.chicago.ChicagoGame` is its public face: it adds the
    construction and the command. The fields are the state; treat them as read-only.
    ``queue`` holds the seats still to act in the current round (exchange, declaration, calls
    or trick), the first acting now.
    """

    rules: ChicagoRules
    names: tuple[str, ...]
    seed: int
    scores: tuple[int, ...]
    sheet: ScoreSheet
    #: The log before this deal, and this deal's entries (see :attr:`log`).
    earlier_log: tuple[LogEntry, ...]
    deal_log: tuple[LogEntry, ...]
    #: Seats that have called Chicago at some time in this game.
    chicago_callers: frozenset[int]
    winner: int | None
    #: Stacked decks not yet dealt.
    pending_decks: tuple[Deck, ...]
    deal_number: int
    dealer: int
    phase: Phase
    queue: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    reshuffles: int
    exchange_number: int
    #: Seats stopped from exchanging for the whole deal (exchange stop measured at the deal).
    stopped: frozenset[int]
    #: Seats that replaced a blind-Chicago hand this deal.
    replaced: frozenset[int]
    #: The card turned face up by a one-up exchange, and the card it would replace.
    up_card: Card | None
    up_discard: Card | None
    #: Seats that declared in the current declaration round, and the best hand declared.
    declarers: tuple[int, ...]
    best_declared: HandValue | None
    #: Seats that scored for a hand and show it before their next exchange.
    to_show: frozenset[int]
    #: Cards in each hand that every player has seen (shown hands, accepted one-up cards).
    exposed: tuple[frozenset[Card], ...]
    caller: int | None
    #: Under :attr:`~pokerrules.games.chicago.rules.GameEnd.WIN_AGAIN`: seats at the target
    #: when this deal was dealt.
    eligible: frozenset[int]
    #: The hands as trick play began, scored as the final hands.
    final_hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[Trick, ...]
    #: The last deal played to its end (its hands, tricks and Chicago call), or ``None``.
    last_deal: FinishedDeal | None

    # --- queries ------------------------------------------------------------------------------

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Everything that happened, in order: the start, each deal's deck, every action, and
        the hands shown and stocks reshuffled on the way.
        :meth:`~pokerrules.games.chicago.game.ChicagoGame.replay` takes it back."""
        return self.earlier_log + self.deal_log

    @property
    def players(self) -> int:
        """How many play."""
        return len(self.names)

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` when the game is over."""
        return self.queue[0] if self.queue else None

    @property
    def is_over(self) -> bool:
        """Whether the game has a winner."""
        return self.phase is Phase.OVER

    @property
    def turn_order(self) -> tuple[int, ...]:
        """This deal's turn order: from the dealer's left, clockwise."""
        n = self.players
        return tuple((self.dealer + 1 + i) % n for i in range(n))

    @property
    def current_trick(self) -> Trick | None:
        """The trick being played (or the last one), ``None`` before trick play."""
        return self.tricks[-1] if self.tricks else None

    def hand_value(self, seat: int) -> HandValue:
        """The poker value of a player's five cards (during trick play: the hand as play
        began)."""
        self._check_seat(seat)
        return evaluate_high(self.final_hands[seat] if self.final_hands else self.hands[seat])

    def is_stopped(self, seat: int) -> bool:
        """Whether the exchange stop keeps ``seat`` from exchanging now."""
        self._check_seat(seat)
        return stopped_now(self.rules, self.scores, self.stopped, seat)

    def all_cards(self) -> tuple[Card, ...]:
        """Every card of the deck wherever it is now: hands, stock, discards, a card turned
        face up by a one-up exchange (the card it would replace is still in the hand) and the
        tricks. Always the 52 cards."""
        cards: list[Card] = [c for hand in self.hands for c in hand]
        cards += self.stock
        cards += self.discards
        if self.up_card is not None:
            cards.append(self.up_card)
        cards += [card for trick in self.tricks for _, card in trick.plays]
        return tuple(cards)

    # --- describing ---------------------------------------------------------------------------

    def legal_text(self) -> str:
        """What the player to act may do, in words."""
        seat = self.to_act
        if seat is None:
            return "nothing: the game is over"
        phase = self.phase
        hand = self.hands[seat]
        if phase is Phase.EXCHANGE:
            if len(hand) > 5:
                return f"discard one of {format_cards(sorted(hand))}"
            text = f"exchange 0-{self.max_exchange(seat)} of {format_cards(sorted(hand))}"
            if self.can_one_up():
                text += ", or one up for one card"
            if self.can_replace(seat):
                text += ", or replace the hand"
            return text
        if phase is Phase.ONE_UP:
            return f"accept or decline the face-up {self.up_card}"
        if phase is Phase.DECLARATION:
            return "declare or pass" if self.declaration_problem(seat) is None else "pass"
        if phase is Phase.CHICAGO:
            return "call Chicago or pass" if self.call_problem(seat) is None else "pass"
        return f"play one of {format_cards(self.playable_cards(seat))}"

    def _check_seat(self, seat: int) -> int:
        """``seat`` if it is a seat at this table; otherwise a precise error (never an
        IndexError, nor a negative index counting from the end)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise InvalidDefinitionError(
                f"seat {shown(seat)} is not at this table: the seats are 0-{self.players - 1}"
            )
        return seat

    def who(self, seat: int) -> str:
        """A player in messages: ``'Bob (seat 1)'``."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidDefinitionError(f"seat must be a seat number, not {shown(seat)}")
        if 0 <= seat < self.players:
            return f"{self.names[seat]} (seat {seat})"
        return f"seat {shown(seat)}"

    def phase_text(self) -> str:
        if self.phase in (Phase.EXCHANGE, Phase.ONE_UP):
            return f"exchange {self.exchange_number}"
        if self.phase is Phase.DECLARATION:
            return f"declarations after exchange {self.exchange_number}"
        if self.phase is Phase.CHICAGO:
            return "Chicago calls"
        if self.phase is Phase.TRICKS:
            return f"trick {len(self.tricks)}"
        return "end of the game"

    # --- rule checks shared by legal_actions and apply ----------------------------------------

    def max_exchange(self, seat: int | None = None) -> int:
        """How many cards ``seat`` (default: the player to act) may exchange now: the whole
        hand, or under :attr:`StockRule.NO_MORE_CARDS` no more than the stock holds."""
        seat = self.to_act if seat is None else self._check_seat(seat)
        if seat is None:
            return 0
        size = len(self.hands[seat])
        if self.rules.stock_rule is StockRule.NO_MORE_CARDS:
            return min(size, len(self.stock))
        return size

    def can_one_up(self) -> bool:
        """Whether a one-card exchange may ask for one up now."""
        if not self.rules.one_up:
            return False
        if self.rules.stock_rule is StockRule.NO_MORE_CARDS:
            return len(self.stock) >= 2
        return True

    def can_replace(self, seat: int) -> bool:
        """Whether ``seat`` may throw in a blind-Chicago hand now."""
        limit = self.rules.blind_chicago
        hand = self.hands[self._check_seat(seat)]
        return (
            limit is not None
            and self.phase is Phase.EXCHANGE
            and self.exchange_number == 1
            and seat not in self.replaced
            and len(hand) == 5
            and all(card.rank <= limit for card in hand)
            and self.max_exchange(seat) == 5
        )

    def declaration_problem(self, seat: int) -> str | None:
        value = evaluate_high(self.hands[seat])
        if value.category < HandCategory.PAIR:
            return f"{value.describe()} scores nothing"
        best = self.best_declared
        if best is None or value > best:
            return None
        if value == best and self.rules.equal_hands is EqualHands.SHARED:
            return None
        return f"the hand is not better than the {best.describe()} already declared"

    def call_problem(self, seat: int) -> str | None:
        minimum = self.rules.chicago_minimum_score
        if minimum is not None and self.scores[seat] < minimum:
            return (
                f"a Chicago needs {minimum} points and {self.names[seat]} has {self.scores[seat]}"
            )
        return None

    def playable_cards(self, seat: int | None = None) -> tuple[Card, ...]:
        """The cards ``seat`` (default: the player to act) may play to the current trick:
        the suit led if held, else any card (no trumps)."""
        seat = self.to_act if seat is None else self._check_seat(seat)
        if seat is None or self.phase is not Phase.TRICKS:
            return ()
        hand = sorted(self.hands[seat])
        led = self.tricks[-1].suit_led
        if led is None:
            return tuple(hand)
        following = tuple(c for c in hand if c.suit is led)
        return following or tuple(hand)

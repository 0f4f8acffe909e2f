"""How a Chicago game moves: dealing, exchanges, declarations, calls, tricks and scoring.

``Draft`` is a private, mutable working copy of a :class:`~.state.ChicagoState`. A transition
copies the state into a draft, checks and applies the action there and freezes the result; the
state it started from is never touched, so a rejected action leaves it exactly as it was.
Imports run one way: this module knows the state (:mod:`~pokerrules.games.chicago.state`), never the game built on it.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

from pokerrules.cards import STANDARD_CARDS, Card, Deck, Rank, format_cards
from pokerrules.errors import InvalidDefinitionError, StockExhaustedError
from pokerrules.evaluation import HandValue, evaluate_high
from pokerrules.games.chicago.actions import Dealt, LogEntry, Position, Reshuffled, Shown
from pokerrules.games.chicago.rules import (
    ChicagoRules,
    EqualHands,
    GameEnd,
    HandEffect,
    Overshoot,
    StockRule,
)
from pokerrules.games.chicago.scoring import (
    ScoreEntry,
    ScoreReason,
    ScoreSheet,
    best_hand_seats,
)
from pokerrules.games.chicago.state import ChicagoState, FinishedDeal, Phase, Trick, stopped_now

__all__ = ["TRICKS_PER_DEAL", "Draft", "check_deck", "deck_seed"]

State = TypeVar("State", bound=ChicagoState)

#: Five tricks are played in every deal (the five cards of each hand).
TRICKS_PER_DEAL = 5
_STANDARD = frozenset(STANDARD_CARDS)


def deck_seed(seed: int, deal: int, shuffle: int) -> random.Random:
    """The generator of the ``shuffle``-th shuffle (0 for the deal) of deal ``deal``."""
    return random.Random(f"pokerrules.chicago:{seed}:{deal}:{shuffle}")


def check_deck(deck: Deck) -> tuple[Card, ...]:
    """The cards of a full standard deck, or :class:`InvalidDefinitionError`."""
    cards = deck.cards
    if len(cards) != len(_STANDARD) or set(cards) != _STANDARD:
        raise InvalidDefinitionError("Chicago is dealt from one full 52-card deck without jokers")
    return cards  # type: ignore[return-value]


class Draft:
    """A mutable working copy of a game state (see the module docstring)."""

    # Every field of ChicagoState, set by ``__init__`` from the state.
    rules: ChicagoRules
    names: tuple[str, ...]
    seed: int
    scores: tuple[int, ...]
    sheet: ScoreSheet
    earlier_log: tuple[LogEntry, ...]
    deal_log: tuple[LogEntry, ...]
    chicago_callers: frozenset[int]
    winner: int | None
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
    stopped: frozenset[int]
    replaced: frozenset[int]
    up_card: Card | None
    up_discard: Card | None
    declarers: tuple[int, ...]
    best_declared: HandValue | None
    to_show: frozenset[int]
    exposed: tuple[frozenset[Card], ...]
    caller: int | None
    eligible: frozenset[int]
    final_hands: tuple[tuple[Card, ...], ...]
    tricks: tuple[Trick, ...]
    last_deal: FinishedDeal | None

    def __init__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)

    # --- small helpers ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def order(self) -> tuple[int, ...]:
        """Turn order: from the dealer's left, clockwise."""
        n = self.players
        return tuple((self.dealer + 1 + i) % n for i in range(n))

    def record(self, entry: LogEntry) -> None:
        self.deal_log = (*self.deal_log, entry)

    def set_hand(self, seat: int, cards: tuple[Card, ...]) -> None:
        hands = list(self.hands)
        hands[seat] = cards
        self.hands = tuple(hands)
        exposed = self.exposed[seat]
        if exposed and not exposed <= set(cards):
            self.expose(seat, exposed & set(cards), replace=True)

    def expose(self, seat: int, cards: frozenset[Card], *, replace: bool = False) -> None:
        exposed = list(self.exposed)
        exposed[seat] = cards if replace else exposed[seat] | cards
        self.exposed = tuple(exposed)

    def is_stopped(self, seat: int) -> bool:
        """Whether the exchange stop keeps ``seat`` from exchanging now."""
        return stopped_now(self.rules, self.scores, self.stopped, seat)

    def pop_turn(self) -> None:
        self.queue = self.queue[1:]

    # --- dealing and the stock ----------------------------------------------------------------

    def start_deal(self, dealer: int, position: Position | None = None) -> None:
        """Rotate the deal to ``dealer``, shuffle (or take the next stacked deck) and deal five
        cards each, one at a time from the dealer's left (pagat), six to players stopped under
        a six-card exchange stop -- or, given a ``position``, lay out its cards instead."""
        self.deal_number += 1
        self.dealer = dealer
        self.sheet = self.sheet.new_deal(dealer)
        self.earlier_log += self.deal_log
        self.deal_log = ()
        rules = self.rules
        stop = rules.exchange_stop
        over = frozenset(
            s for s in range(self.players) if stop and self.scores[s] >= stop.threshold
        )
        self.stopped = over if stop is not None and stop.from_next_deal else frozenset()
        six = over if stop is not None and stop.six_cards else frozenset()
        if position is None:
            self.deal_cards(dealer, six)
        else:
            self.lay_out(position, six)
        self.reshuffles = 0
        self.exchange_number = 1
        self.phase = Phase.EXCHANGE
        self.queue = self.order
        self.replaced = frozenset()
        self.up_card = self.up_discard = None
        self.declarers = ()
        self.best_declared = None
        self.to_show = frozenset()
        self.exposed = tuple(frozenset() for _ in range(self.players))
        self.caller = None
        self.final_hands = ()
        self.tricks = ()
        if rules.game_end is GameEnd.WIN_AGAIN:
            target = rules.target_score
            self.eligible = frozenset(s for s in range(self.players) if self.scores[s] >= target)
        else:
            self.eligible = frozenset()
        if position is not None:
            if position.exchange is None:
                self.exchange_number = rules.exchanges
                self.phase = Phase.CHICAGO
            else:
                self.exchange_number = position.exchange

    def deal_cards(self, dealer: int, six: frozenset[int]) -> None:
        if self.pending_decks:
            deck, self.pending_decks = self.pending_decks[0], self.pending_decks[1:]
        else:
            deck = Deck.shuffled(deck_seed(self.seed, self.deal_number, 0))
        cards = check_deck(deck)
        self.record(Dealt(deal=self.deal_number, dealer=dealer, deck=deck))
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        position = 0
        for round_ in range(6):
            for seat in self.order:
                if round_ < 5 or seat in six:
                    hands[seat].append(cards[position])
                    position += 1
        self.hands = tuple(tuple(h) for h in hands)
        self.stock = cards[position:]
        self.discards = ()

    def lay_out(self, position: Position, six: frozenset[int]) -> None:
        """The cards of a given position, checked: one hand per seat of five cards (six for
        a player the exchange stop dealt six, before the first exchange), every card once. The
        stock is the position's (the top of the stock) and then every other card, shuffled."""
        n, rules = self.players, self.rules
        if len(position.hands) != n:
            raise InvalidDefinitionError(
                f"the position gives {len(position.hands)} hands for {n} players"
            )
        if position.exchange is not None and position.exchange > rules.exchanges:
            raise InvalidDefinitionError(
                f"the position is before exchange {position.exchange}, but these rules have "
                f"{rules.exchanges} exchanges"
            )
        for seat, hand in enumerate(position.hands):
            size = 6 if seat in six and position.exchange == 1 else 5
            if len(hand) != size:
                raise InvalidDefinitionError(
                    f"seat {seat}'s hand {format_cards(hand)} has {len(hand)} cards, not {size}"
                )
        placed = [c for hand in position.hands for c in hand] + list(position.discards)
        if position.stock is not None:
            placed += position.stock
        twice = sorted({c for c in placed if placed.count(c) > 1})
        if twice:
            raise InvalidDefinitionError(f"the position holds {format_cards(twice)} twice")
        rest = [c for c in STANDARD_CARDS if c not in set(placed)]
        deck_seed(self.seed, self.deal_number, 0).shuffle(rest)
        stock = (*(position.stock or ()), *rest)
        self.hands = position.hands
        self.stock = stock
        self.discards = position.discards

    def can_draw(self, count: int) -> bool:
        """Whether ``count`` cards can be drawn now."""
        if self.rules.stock_rule is StockRule.NO_MORE_CARDS:
            return count <= len(self.stock)
        return count <= len(self.stock) + len(self.discards)

    def draw(self, count: int, seat: int) -> tuple[Card, ...]:
        """Draw ``count`` cards for ``seat``; the cards that player is discarding are not yet
        on the discard pile, so a reshuffle never gives them back."""
        if not self.can_draw(count):
            raise StockExhaustedError(
                f"{self.names[seat]} cannot draw {count} cards: only {len(self.stock)} are left "
                "in the stock",
                seat=seat,
                legal=f"exchange at most {len(self.stock)} cards",
            )
        taken, self.stock = self.stock[:count], self.stock[count:]
        if len(taken) < count:
            self.reshuffles += 1
            pile = list(self.discards)
            deck_seed(self.seed, self.deal_number, self.reshuffles).shuffle(pile)
            self.discards = ()
            self.record(Reshuffled(deal=self.deal_number, stock=tuple(pile)))
            need = count - len(taken)
            taken, self.stock = taken + tuple(pile[:need]), tuple(pile[need:])
        return taken

    # --- the flow between actions --------------------------------------------------------------

    def advance(self) -> None:
        """Run every step that needs no decision, up to the next player's turn."""
        while True:
            phase = self.phase
            if phase is Phase.EXCHANGE:
                if not self.queue:
                    if self.exchange_number in self.rules.scoring_rounds:
                        self.phase = Phase.DECLARATION
                        self.queue = self.order
                        self.declarers = ()
                        self.best_declared = None
                        return
                    self.after_exchange()
                    continue
                seat = self.queue[0]
                if seat in self.to_show:
                    self.show(seat)
                if len(self.hands[seat]) > 5 or not self.is_stopped(seat):
                    return
                self.pop_turn()
            elif phase is Phase.DECLARATION:
                if self.queue:
                    return
                self.resolve_declarations()
                if self.phase is Phase.OVER:
                    return
                self.after_exchange()
            elif phase is Phase.CHICAGO:
                if self.queue:
                    return
                self.start_tricks()
            else:
                return

    def after_exchange(self) -> None:
        """Go on to the next exchange, or to the Chicago calls after the last."""
        if self.exchange_number < self.rules.exchanges:
            self.exchange_number += 1
            self.phase = Phase.EXCHANGE
        else:
            self.to_show = frozenset()
            self.phase = Phase.CHICAGO
        self.queue = self.order

    def show(self, seat: int) -> None:
        """A player who scored for a hand shows it before exchanging again
        (kortspelsregler.com: a player who scored for the best hand shows it before breaking
        it up)."""
        cards = self.hands[seat]
        self.record(Shown(deal=self.deal_number, seat=seat, cards=cards))
        self.expose(seat, frozenset(cards))
        self.to_show = self.to_show - {seat}

    def resolve_declarations(self) -> None:
        """Score the best declared hand (one scorer, or every equal hand when shared)."""
        if not self.declarers:
            return
        best = self.best_declared
        scorers = self.declarers[-1:]
        if self.rules.equal_hands is EqualHands.SHARED:
            scorers = tuple(s for s in self.declarers if self.value(s) == best)
        exchange = self.exchange_number
        for seat in scorers:
            value = self.value(seat)
            self.award_hand(
                seat, value, ScoreReason.HAND, f"{value.describe()}, after exchange {exchange}"
            )
        if exchange < self.rules.exchanges:
            self.to_show = self.to_show | set(scorers)
        self.check_end()

    def value(self, seat: int) -> HandValue:
        return evaluate_high(self.hands[seat])

    # --- scoring ------------------------------------------------------------------------------

    def score(
        self,
        seat: int,
        points: int,
        reason: ScoreReason,
        detail: str = "",
        hand: HandValue | None = None,
    ) -> None:
        """Add one entry to the sheet and the score."""
        entry = ScoreEntry(
            deal=self.deal_number,
            seat=seat,
            points=points,
            reason=reason,
            detail=detail,
            hand=hand,
        )
        self.sheet = self.sheet.add(entry)
        scores = list(self.scores)
        scores[seat] += points
        self.scores = tuple(scores)
        if scores[seat] < 0 and not self.rules.negative_scores:
            self.score(seat, -scores[seat], ScoreReason.FLOOR, "scores never go below zero")
        rules = self.rules
        excess = self.scores[seat] - rules.target_score
        if rules.game_end is GameEnd.EXACT_TARGET and points > 0 and excess > 0:
            # the points do not count, or the score counts back from the target by the excess
            back = points if rules.overshoot is Overshoot.STAYS else 2 * excess
            self.score(seat, -back, ScoreReason.OVERSHOOT, f"{excess} past the target")

    def award_hand(self, seat: int, value: HandValue, reason: ScoreReason, detail: str) -> None:
        """Score a hand by the points table, with its effect (reset, jump, win)."""
        points, effect = self.rules.points.award(value)
        self.score(seat, points, reason, detail, value)
        name = self.names[seat]
        if effect is HandEffect.RESET_OPPONENTS:
            for other in range(self.players):
                if other != seat and self.scores[other] != 0:
                    self.score(
                        other,
                        -self.scores[other],
                        ScoreReason.RESET,
                        f"{name}'s {value.describe()}",
                    )
        elif effect is HandEffect.JUMP_TO_TARGET:
            gap = self.rules.target_score - self.scores[seat]
            if gap > 0:
                self.score(seat, gap, ScoreReason.JUMP, value.describe())
        elif effect is HandEffect.WIN and self.winner is None:
            self.winner = seat
            self.phase = Phase.OVER
            self.queue = ()

    def check_end(self) -> None:
        """End the game if the end rule has a winner now (WIN_AGAIN is checked at the last
        trick)."""
        if self.winner is not None:
            self.phase = Phase.OVER
            self.queue = ()
            return
        end = self.rules.game_end
        if end is GameEnd.WIN_AGAIN:
            return
        target = self.rules.target_score
        order = self.order
        candidates = [s for s in order if self.scores[s] >= target]
        if end is GameEnd.EXACT_TARGET:
            candidates = [s for s in candidates if self.scores[s] == target]
        if end is GameEnd.CHICAGO_REQUIRED:
            candidates = [s for s in candidates if s in self.chicago_callers]
        if candidates:
            self.end_game(max(candidates, key=lambda s: (self.scores[s], -order.index(s))))

    def end_game(self, winner: int) -> None:
        self.winner = winner
        self.phase = Phase.OVER
        self.queue = ()

    # --- tricks -------------------------------------------------------------------------------

    def start_tricks(self) -> None:
        """The player left of the dealer leads, or the Chicago caller (see the rules)."""
        self.final_hands = self.hands
        leader = self.order[0]
        if self.caller is not None and self.rules.chicago_caller_leads:
            leader = self.caller
        self.phase = Phase.TRICKS
        self.start_trick(leader)

    def start_trick(self, leader: int) -> None:
        n = self.players
        self.tricks = (*self.tricks, Trick(leader=leader))
        self.queue = tuple((leader + i) % n for i in range(n))

    def play(self, seat: int, card: Card) -> None:
        """Play ``card`` (already checked) and settle the trick when it is complete."""
        self.set_hand(seat, tuple(c for c in self.hands[seat] if c is not card))
        trick = self.tricks[-1]
        plays = (*trick.plays, (seat, card))
        trick = Trick(leader=trick.leader, plays=plays)
        self.pop_turn()
        if self.queue:
            self.tricks = (*self.tricks[:-1], trick)
            return
        winner = trick.taker()
        trick = Trick(leader=trick.leader, plays=plays, winner=winner)
        self.tricks = (*self.tricks[:-1], trick)
        if winner is None:  # pragma: no cover - a complete trick always has a taker
            raise InvalidDefinitionError("a complete trick has no winner")
        caller = self.caller
        rules = self.rules
        if caller is not None and winner != caller:
            self.score(
                caller,
                -rules.chicago_points,
                ScoreReason.CHICAGO_LOST,
                f"trick {len(self.tricks)} lost to {self.names[winner]}",
            )
            self.check_end()
            self.end_deal()
            return
        if len(self.tricks) < TRICKS_PER_DEAL:
            self.start_trick(winner)
            return
        card_won = trick.winning_card
        deuce = card_won is not None and card_won.rank is Rank.TWO
        detail = f"won with {card_won}"
        if caller is not None:
            if deuce and rules.chicago_deuce_points is not None:
                self.score(
                    caller, rules.chicago_deuce_points, ScoreReason.CHICAGO_WON_DEUCE, detail
                )
            else:
                self.score(
                    caller, rules.chicago_points, ScoreReason.CHICAGO_WON, "all five tricks"
                )
        elif deuce and rules.last_trick_deuce_points is not None:
            self.score(winner, rules.last_trick_deuce_points, ScoreReason.LAST_TRICK_DEUCE, detail)
        else:
            self.score(winner, rules.last_trick_points, ScoreReason.LAST_TRICK, detail)
        if (
            rules.game_end is GameEnd.WIN_AGAIN
            and winner in self.eligible
            and self.scores[winner] >= rules.target_score
        ):
            self.end_game(winner)
        self.check_end()
        self.end_deal()

    def end_deal(self) -> None:
        """Score the best final hand, then deal again unless the game is over. The deal's
        hands and tricks stay readable as :attr:`~.state.ChicagoState.last_deal`."""
        self.last_deal = FinishedDeal(
            deal=self.deal_number,
            dealer=self.dealer,
            hands=self.final_hands,
            tricks=self.tricks,
            caller=self.caller,
        )
        if self.phase is Phase.OVER:
            return
        if self.caller is None or self.rules.chicago_hand_points:
            values = [(seat, evaluate_high(self.final_hands[seat])) for seat in self.order]
            scorers = best_hand_seats(values, self.rules.equal_hands)
            by_seat = dict(values)
            for seat in scorers:
                value = by_seat[seat]
                self.award_hand(
                    seat,
                    value,
                    ScoreReason.FINAL_HAND,
                    f"{value.describe()}: "
                    f"{format_cards(sorted(self.final_hands[seat], reverse=True))}",
                )
            self.check_end()
        if self.winner is not None:
            return
        self.start_deal((self.dealer + 1) % self.players)
        self.advance()

    # --- freezing -------------------------------------------------------------------------------

    def freeze(self, cls: type[State]) -> State:
        """The new state. Every field was copied from a valid state and changed only by the
        rules above, so the generated ``__init__`` is skipped."""
        game: State = object.__new__(cls)
        game.__dict__.update(self.__dict__)
        return game

"""Simple computer players and a game simulator.

>>> game = simulate(["Ann", "Bob", "Cat"], seed=1)
>>> game.is_over, game.names[game.winner] in game.names
(True, True)
>>> game.scores[game.winner] >= game.rules.target_score
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

import attrs

from pokerrules._validators import is_instance, shown
from pokerrules.cards import Card, Rank
from pokerrules.errors import GameOverError, InvalidDefinitionError
from pokerrules.evaluation import HandCategory, evaluate_high
from pokerrules.games.chicago.actions import (
    AcceptOneUp,
    Action,
    CallChicago,
    Declare,
    DeclineOneUp,
    Discard,
    Exchange,
    OneUp,
    Pass,
    PlayCard,
    ReplaceHand,
)
from pokerrules.games.chicago.game import ChicagoGame
from pokerrules.games.chicago.rules import ChicagoRules, GameEnd
from pokerrules.games.chicago.state import Phase

__all__ = ["ChicagoPlayer", "RandomPlayer", "SimplePlayer", "simulate"]


class ChicagoPlayer(Protocol):
    """Anything that picks an action for the player to act."""

    def choose(self, game: ChicagoGame) -> Action:
        """A legal action for ``game.to_act``."""
        ...


def _probability(_instance: object, attribute: Any, value: Any) -> None:
    """A validator: a probability, a number from 0 to 1 (not a bool)."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float | Fraction)
        or not 0 <= value <= 1
    ):
        raise InvalidDefinitionError(
            f"{attribute.name} must be a probability from 0 to 1, not {shown(value)}"
        )


@attrs.define
class RandomPlayer:
    """Picks a legal action at random, without listing every exchange (fast enough for
    thousands of games): stand pat or discard a random number of random cards, sometimes one
    up, sometimes a blind-Chicago replacement, declare with probability ``declare_rate``, call Chicago with
    probability ``chicago_rate`` when allowed (random trick play rarely makes one, so a high
    rate keeps scores from ever reaching the target), and play any legal card."""

    rng: random.Random = attrs.field(
        factory=lambda: random.Random(0), validator=is_instance(random.Random)
    )
    chicago_rate: float = attrs.field(default=0.05, validator=_probability)
    declare_rate: float = attrs.field(default=0.9, validator=_probability)

    def choose(self, game: ChicagoGame) -> Action:
        """A random legal action."""
        rng = self.rng
        seat = game.to_act
        if seat is None:
            raise GameOverError("the game is over: there is no player to act")
        hand = game.hands[seat]
        phase = game.phase
        if phase is Phase.EXCHANGE:
            if len(hand) > 5:
                return Discard(rng.choice(hand))
            if game.can_replace(seat) and rng.random() < 0.5:
                return ReplaceHand()
            if game.can_one_up() and rng.random() < 0.15:
                return OneUp(rng.choice(hand))
            size = rng.randint(0, game.max_exchange())
            return Exchange(rng.sample(hand, size))
        if phase is Phase.ONE_UP:
            return AcceptOneUp() if rng.random() < 0.5 else DeclineOneUp()
        if phase is Phase.TRICKS:
            return PlayCard(rng.choice(game.playable_cards()))
        legal = game.legal_actions()
        if phase is Phase.CHICAGO and len(legal) > 1:
            return CallChicago() if rng.random() < self.chicago_rate else Pass()
        if phase is Phase.DECLARATION and len(legal) > 1:
            return Declare() if rng.random() < self.declare_rate else Pass()
        return rng.choice(legal)


def _keep(cards: Sequence[Card]) -> list[Card]:
    """The cards worth keeping for a poker hand."""
    value = evaluate_high(cards)
    if value.category >= HandCategory.STRAIGHT:
        return list(cards)
    suits = Counter(c.suit for c in cards)
    suit, count = suits.most_common(1)[0]
    if count == 4 and value.category < HandCategory.TWO_PAIR:
        return [c for c in cards if c.suit is suit]
    ranks = Counter(c.rank for c in cards)
    grouped = [c for c in cards if ranks[c.rank] > 1]
    return grouped or [max(cards, key=lambda c: c.rank)]


@attrs.define
class SimplePlayer:
    """A plain strategy: keep pairs, trips and four-card flushes, stand pat on a straight or
    better, take a one-up card only if it improves the hand, always declare, call Chicago with
    three aces (or, when a Chicago is needed to win, at the target), and in the tricks play the
    lowest card that follows, keeping the highest for the last trick."""

    def choose(self, game: ChicagoGame) -> Action:
        """The strategy's action."""
        seat = game.to_act
        if seat is None:
            raise GameOverError("the game is over: there is no player to act")
        hand = game.hands[seat]
        phase = game.phase
        if phase is Phase.EXCHANGE:
            return self._exchange(game, seat, hand)
        if phase is Phase.ONE_UP:
            up, old = game.up_card, game.up_discard
            if up is None or old is None:  # pragma: no cover - ONE_UP always has both
                return DeclineOneUp()
            kept = [c for c in hand if c is not old]
            better = evaluate_high([*kept, up]) > evaluate_high(hand)
            return AcceptOneUp() if better else DeclineOneUp()
        if phase is Phase.DECLARATION:
            return Declare() if Declare() in game.legal_actions() else Pass()
        if phase is Phase.CHICAGO:
            if CallChicago() not in game.legal_actions():
                return Pass()
            aces = sum(1 for c in hand if c.rank is Rank.ACE)
            rules = game.rules
            needed = (
                rules.game_end is GameEnd.CHICAGO_REQUIRED
                and seat not in game.chicago_callers
                and game.scores[seat] >= rules.target_score
            )
            return CallChicago() if aces >= 3 or needed else Pass()
        playable = game.playable_cards()
        if game.caller == seat:
            return PlayCard(max(playable, key=lambda c: c.rank))
        return PlayCard(min(playable, key=lambda c: (c.rank, c.suit)))

    def _exchange(self, game: ChicagoGame, seat: int, hand: Sequence[Card]) -> Action:
        if len(hand) > 5:
            best = max(hand, key=lambda c: evaluate_high([x for x in hand if x is not c]))
            return Discard(best)
        if game.can_replace(seat):
            return ReplaceHand()
        keep = _keep(hand)
        away = [c for c in hand if c not in keep][: game.max_exchange()]
        if len(away) == 1 and game.can_one_up():
            return OneUp(away[0])
        return Exchange(away)


def simulate(
    players: int | Sequence[str] = 3,
    *,
    rules: ChicagoRules | None = None,
    seed: int = 0,
    strategies: Mapping[int, ChicagoPlayer] | None = None,
    max_deals: int = 1000,
) -> ChicagoGame:
    """Play a whole game from ``seed`` between :class:`SimplePlayer` players (or the given
    ``strategies`` by seat) and return the final state. A game still running after
    ``max_deals`` deals is returned unfinished."""
    if isinstance(max_deals, bool) or not isinstance(max_deals, int) or max_deals < 1:
        raise InvalidDefinitionError(
            f"max_deals must be a whole number >= 1, not {shown(max_deals)}"
        )
    if strategies is not None and not isinstance(strategies, Mapping):
        raise InvalidDefinitionError(
            f"strategies must map seats to players, not {shown(strategies)}"
        )
    game = ChicagoGame.new(players, rules=rules, seed=seed)
    chosen: dict[int, ChicagoPlayer] = {s: SimplePlayer() for s in range(game.players)}
    for given, player in (strategies or {}).items():
        if isinstance(given, bool) or not isinstance(given, int) or given not in chosen:
            raise InvalidDefinitionError(
                f"strategies name seat {shown(given)}, not one of the seats 0-{game.players - 1}"
            )
        if not callable(getattr(player, "choose", None)):
            raise InvalidDefinitionError(
                f"the player for seat {given} has no choose(game) method: {shown(player)}"
            )
        chosen[given] = player
    while not game.is_over and game.deal_number <= max_deals:
        seat = game.to_act
        if seat is None:  # pragma: no cover - a running game always has a player to act
            break
        game = game.apply(chosen[seat].choose(game), seat=seat)
    return game

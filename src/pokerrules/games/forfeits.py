"""End-of-hand forfeits for party games, tracked across hands.

Each player starts with the same number of *forfeits* (tokens, items, dares: whatever the group
agrees on) and gives one up when the rule in force says so. When a player has none left they
are out of the game; the game is over when at most one player is left in. The rules are the
common ones of the party-game variants of poker (pagat/gambiter, "Strip Poker"; Wikipedia,
"Strip poker"):

=====================================  =========================================================
:class:`ForfeitRule`                   who forfeits at the end of a hand
=====================================  =========================================================
``WORST_HAND`` (default)               the worst hand; every player tied for worst
``BIGGEST_LOSER``                      whoever lost the most chips in the hand (ties: all)
``BEST_HAND_TAKES``                    the best hand takes the forfeit (the reverse game)
``BEST_HAND_CHOOSES``                  a player chosen by the best hand (each tied best chooses)
``ALL_BUT_WINNER``                     everyone still in except the best hand(s)
=====================================  =========================================================

Worst and best hands, with ties, come from :func:`pokerrules.evaluation.worst_hands` and
:func:`~pokerrules.evaluation.best_hands` on the scale of the game played (high by default).

Trading: where the group allows it (``trade_chips`` set), a player may give up a forfeit for
that many chips from the bank; with ``buy_back`` a player may later pay ``buy_back_price``
chips (the trade price by default) to get one back (pagat/gambiter describes chips bought with
a forfeit; "buy-back" variants let players recover what they gave up). Chips are conserved:
the players' chips always equal their starting chips plus the bank's net issue.

>>> from pokerrules import parse_cards
>>> game = ForfeitGame.start(["Ann", "Bob", "Cat"], forfeits=3)
>>> game = game.end_hand(hands={
...     "Ann": parse_cards("As Ad 7c 4h 2s"),
...     "Bob": parse_cards("Kc Qd 9h 5s 3c"),
...     "Cat": parse_cards("Ks Qh 9c 5d 3h"),
... })
>>> game.last_forfeited  # Bob and Cat tie for the worst hand
('Bob', 'Cat')
>>> game.forfeits_left("Bob"), game.forfeits_left("Ann")
(2, 3)
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable, Mapping
from typing import Any

import attrs

from pokerrules._validators import (
    is_count,
    is_instance,
    is_member,
    is_whole,
    optional,
    shown,
)
from pokerrules.cards import AnyCard, Card, Joker
from pokerrules.errors import (
    ActionNotAvailableError,
    BetSizeError,
    GameOverError,
    IllegalActionError,
    InvalidDefinitionError,
)
from pokerrules.evaluation import Scale, best_hands, worst_hands

__all__ = [
    "EventKind",
    "ForfeitEvent",
    "ForfeitGame",
    "ForfeitRule",
    "ForfeitRules",
    "PlayerStanding",
    "who_forfeits",
]


class ForfeitRule(enum.Enum):
    """Who forfeits at the end of a hand (see the module table)."""

    WORST_HAND = "the worst hand forfeits"
    BIGGEST_LOSER = "the biggest loser forfeits"
    BEST_HAND_TAKES = "the best hand takes a forfeit"
    BEST_HAND_CHOOSES = "the best hand chooses who forfeits"
    ALL_BUT_WINNER = "everyone but the winner forfeits"


def _optional_positive(_instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise InvalidDefinitionError(
            f"{attribute.name} is a positive chip amount, not {shown(value)}"
        )


def _of(kind: type) -> Any:
    """A validator raising :class:`InvalidDefinitionError` for a value of the wrong type."""

    def check(_instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, kind):
            raise InvalidDefinitionError(
                f"{attribute.name} must be a {kind.__name__}, not {shown(value)}"
            )

    return check


@attrs.frozen(kw_only=True)
class ForfeitRules:
    """The house rules of a forfeit game.

    ``trade_chips`` is what the bank pays for a forfeit (``None``: trading is not allowed);
    ``buy_back`` allows buying a forfeit back for ``buy_back_price`` chips (default: the trade
    price). ``scale`` is how hands compare (use a low scale for lowball games).
    """

    rule: ForfeitRule = attrs.field(default=ForfeitRule.WORST_HAND, validator=_of(ForfeitRule))
    scale: Scale = attrs.field(default=Scale.HIGH, validator=_of(Scale))
    trade_chips: int | None = attrs.field(default=None, validator=_optional_positive)
    buy_back: bool = attrs.field(default=False, validator=_of(bool))
    buy_back_price: int | None = attrs.field(default=None, validator=_optional_positive)

    def __attrs_post_init__(self) -> None:
        if self.buy_back and self.trade_chips is None and self.buy_back_price is None:
            raise InvalidDefinitionError("buying back needs a price: set buy_back_price")

    @property
    def price_to_buy_back(self) -> int | None:
        """What buying one forfeit back costs (``None`` when it is not allowed)."""
        if not self.buy_back:
            return None
        return self.buy_back_price if self.buy_back_price is not None else self.trade_chips


def who_forfeits(
    rule: ForfeitRule,
    *,
    players: Iterable[str],
    hands: Mapping[str, Collection[AnyCard]] | None = None,
    results: Mapping[str, int] | None = None,
    chosen: Mapping[str, str] | None = None,
    scale: Scale = Scale.HIGH,
) -> tuple[str, ...]:
    """The players (in ``players`` order) who forfeit under ``rule``.

    ``hands`` are the hands shown at the end (the hand rules), ``results`` each player's chips
    won (positive) or lost (negative) in the hand (``BIGGEST_LOSER``) and ``chosen`` maps each
    best hand to the player it picks (``BEST_HAND_CHOOSES``). Raises when what the rule needs is
    missing or names someone not in the game.

    >>> from pokerrules import parse_cards
    >>> who_forfeits(ForfeitRule.BIGGEST_LOSER, players=["Ann", "Bob", "Cat"],
    ...              results={"Ann": 30, "Bob": -10, "Cat": -20})
    ('Cat',)
    """
    if not isinstance(rule, ForfeitRule):
        raise InvalidDefinitionError(f"rule must be a ForfeitRule, not {shown(rule)}")
    order = _names(players)
    _no_choice_unless_chosen_by_rule(rule, chosen)
    for what, given in (("hands", hands), ("results", results), ("chosen", chosen)):
        if given is not None and not isinstance(given, Mapping):
            raise InvalidDefinitionError(
                f"{what} must be a mapping from player names, not {shown(given)}"
            )
    twice = sorted({p for p in order if order.count(p) > 1})
    if twice:
        raise InvalidDefinitionError(f"players are named more than once: {', '.join(twice)}")
    if rule is ForfeitRule.BIGGEST_LOSER:
        if results is None:
            raise InvalidDefinitionError(f"{rule.value}: the hand's chip results are needed")
        _known(order, results, "results")
        _chip_results(results)
        worst = min(results.values(), default=0)
        return tuple(p for p in order if worst < 0 and results.get(p) == worst)
    if not hands:
        raise InvalidDefinitionError(f"{rule.value}: the hands shown are needed")
    _known(order, hands, "hands")
    _shown_cards(hands)
    if rule is ForfeitRule.WORST_HAND:
        losers = set(worst_hands(hands, scale))
        return tuple(p for p in order if p in losers)
    winners = set(best_hands(hands, scale))
    if rule is ForfeitRule.BEST_HAND_TAKES:
        return tuple(p for p in order if p in winners)
    if rule is ForfeitRule.ALL_BUT_WINNER:
        return tuple(p for p in order if p not in winners)
    picks = dict(chosen or {})
    for chooser, pick in picks.items():
        if not isinstance(chooser, str) or not isinstance(pick, str):
            raise IllegalActionError(
                f"chosen maps a player's name to a player's name, not {shown(chooser)} to "
                f"{shown(pick)}",
                legal=", ".join(order),
            )
    for chooser in sorted(winners, key=order.index):
        legal = ", ".join(p for p in order if p != chooser)
        target = picks.get(chooser)
        if target is None:
            raise ActionNotAvailableError(
                f"{chooser} holds the best hand and must choose who forfeits", legal=legal
            )
        if target == chooser or target not in order:
            raise IllegalActionError(
                f"{chooser} cannot choose {shown(target)}: choose another player in the game",
                legal=legal,
            )
    extra = set(picks) - winners
    if extra:
        raise IllegalActionError(
            f"only the best hand chooses; {', '.join(sorted(extra))} did not hold it",
            legal=", ".join(sorted(winners)),
        )
    targets = set(picks.values())
    return tuple(p for p in order if p in targets)


def _names(players: object) -> list[str]:
    """The players' names in order (a precise error for anything but names)."""
    if isinstance(players, str) or not isinstance(players, Iterable):
        raise InvalidDefinitionError(f"players must be a list of names, not {shown(players)}")
    names = list(players)
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise InvalidDefinitionError(f"a player's name is text, not {shown(name)}")
    return names


def _no_choice_unless_chosen_by_rule(rule: ForfeitRule, chosen: object) -> None:
    """Only :attr:`ForfeitRule.BEST_HAND_CHOOSES` lets anyone choose who forfeits."""
    if chosen is not None and rule is not ForfeitRule.BEST_HAND_CHOOSES:
        raise ActionNotAvailableError(
            f"nobody chooses who forfeits under {rule} ({rule.value}): chosen is only for "
            f"ForfeitRule.BEST_HAND_CHOOSES, not {shown(chosen)}",
            legal="end the hand without chosen",
        )


def _chip_results(results: Mapping[str, Any]) -> None:
    for player, result in results.items():
        if isinstance(result, bool) or not isinstance(result, int):
            raise InvalidDefinitionError(
                f"{player}'s result must be a whole number of chips, not {shown(result)}"
            )


def _shown_cards(hands: Mapping[str, Collection[Any]]) -> None:
    """Refuse a hand holding something other than cards, and a card shown in two hands."""
    seen: dict[AnyCard, str] = {}
    for player, hand in hands.items():
        if isinstance(hand, str) or not isinstance(hand, Iterable):
            raise InvalidDefinitionError(
                f"{player}'s hand must be cards (use parse_cards), not {shown(hand)}"
            )
        for card in hand:
            if not isinstance(card, Card | Joker):
                raise InvalidDefinitionError(
                    f"{player}'s hand holds {shown(card)}, not a card (use parse_cards)"
                )
            if card in seen:
                raise InvalidDefinitionError(
                    f"{card} is shown in both {seen[card]}'s and {player}'s hands"
                )
            seen[card] = player


def _known(order: list[str], given: Mapping[str, Any], what: str) -> None:
    unknown = [p for p in given if p not in order]
    if unknown:
        raise InvalidDefinitionError(
            f"{what} name players not in the game: {', '.join(map(_shown_name, unknown))}"
        )


def _shown_name(name: object) -> str:
    """A player's name for a message: the name itself, or the repr of anything else."""
    return name if isinstance(name, str) else shown(name)


class EventKind(enum.Enum):
    """What happened to a forfeit."""

    FORFEIT = "forfeit"
    TRADE = "trade"
    BUY_BACK = "buy back"


def _name(_instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, str) or not value.strip():
        raise InvalidDefinitionError(
            f"{attribute.name} must be a player's name (text), not {shown(value)}"
        )


def _integer(_instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidDefinitionError(
            f"{attribute.name} must be a whole number of chips, not {shown(value)}"
        )


def _at_least_one(_instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidDefinitionError(
            f"{attribute.name} must be a whole number >= 1, not {shown(value)}"
        )


def _tuple_of(kind: type) -> Any:
    """A validator: a tuple of ``kind`` values."""

    def check(_instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, tuple) or not all(isinstance(v, kind) for v in value):
            raise InvalidDefinitionError(
                f"{attribute.name} must be a tuple of {kind.__name__} values, not {shown(value)}"
            )

    return check


def _standings(_instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    _tuple_of(PlayerStanding)(_instance, attribute, value)
    names = [s.name for s in value]
    if len(names) < 2 or len(set(names)) != len(names):
        raise InvalidDefinitionError(f"a forfeit game needs two or more distinct players: {names}")


@attrs.frozen(kw_only=True)
class ForfeitEvent:
    """One forfeit given up, traded or bought back, in hand ``hand`` (1-based; 0 before the
    first hand ends). ``chips`` is what changed hands with the bank; ``chosen_by`` who chose."""

    hand: int = attrs.field(validator=is_count)
    player: str = attrs.field(validator=_name)
    kind: EventKind = attrs.field(validator=is_member(EventKind))
    chips: int = attrs.field(default=0, validator=_integer)
    chosen_by: str | None = attrs.field(default=None, validator=optional(_name))


@attrs.frozen(kw_only=True)
class PlayerStanding:
    """A player's forfeits left and chips."""

    name: str = attrs.field(validator=_name)
    forfeits: int = attrs.field(validator=is_count)
    chips: int = attrs.field(validator=is_whole)


@attrs.frozen(kw_only=True)
class ForfeitGame:
    """A forfeit game across hands (immutable; commands return the next game)."""

    rules: ForfeitRules = attrs.field(validator=is_instance(ForfeitRules))
    standings: tuple[PlayerStanding, ...] = attrs.field(validator=_standings)
    starting_forfeits: int = attrs.field(validator=_at_least_one)
    starting_chips: int = attrs.field(validator=is_whole)
    hands_played: int = attrs.field(default=0, validator=is_count)
    events: tuple[ForfeitEvent, ...] = attrs.field(default=(), validator=_tuple_of(ForfeitEvent))
    bank_issued: int = attrs.field(default=0, validator=_integer)

    @classmethod
    def start(
        cls,
        players: Iterable[str],
        *,
        forfeits: int = 5,
        chips: int = 0,
        rules: ForfeitRules | None = None,
    ) -> ForfeitGame:
        """A new game: every player starts with ``forfeits`` forfeits and ``chips`` chips."""
        names = _names(players)
        if len(names) < 2 or len(set(names)) != len(names):
            raise InvalidDefinitionError(
                f"a forfeit game needs two or more distinct players: {names}"
            )
        for name, amount in (("forfeits", forfeits), ("chips", chips)):
            if isinstance(amount, bool) or not isinstance(amount, int):
                raise InvalidDefinitionError(f"{name} must be a whole number, not {shown(amount)}")
        if forfeits < 1 or chips < 0:
            raise InvalidDefinitionError("players start with at least one forfeit and no debt")
        standings = tuple(PlayerStanding(name=n, forfeits=forfeits, chips=chips) for n in names)
        return cls(
            rules=rules if rules is not None else ForfeitRules(),
            standings=standings,
            starting_forfeits=forfeits,
            starting_chips=chips,
        )

    # -- queries ------------------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """Every player, in seating order."""
        return tuple(s.name for s in self.standings)

    @property
    def in_game(self) -> tuple[str, ...]:
        """The players with forfeits left."""
        return tuple(s.name for s in self.standings if s.forfeits > 0)

    @property
    def is_over(self) -> bool:
        """Whether at most one player is left in."""
        return len(self.in_game) <= 1

    def forfeits_left(self, player: str) -> int:
        """How many forfeits ``player`` has left (0 for an unknown name)."""
        return next((s.forfeits for s in self.standings if s.name == player), 0)

    def chips(self, player: str) -> int:
        """``player``'s chips (0 for an unknown name)."""
        return next((s.chips for s in self.standings if s.name == player), 0)

    @property
    def last_forfeited(self) -> tuple[str, ...]:
        """Who forfeited at the end of the last hand."""
        return tuple(
            e.player
            for e in self.events
            if e.kind is EventKind.FORFEIT and e.hand == self.hands_played
        )

    def tally(self) -> dict[str, int]:
        """Forfeits given up at the end of hands so far, per player (trades not counted)."""
        counts = dict.fromkeys(self.players, 0)
        for event in self.events:
            if event.kind is EventKind.FORFEIT:
                counts[event.player] += 1
        return counts

    # -- commands -----------------------------------------------------------------------------

    def _standing(self, player: str) -> PlayerStanding:
        for standing in self.standings:
            if standing.name == player:
                return standing
        raise IllegalActionError(
            f"{shown(player)} is not in this game", legal=", ".join(self.players)
        )

    def _with(
        self,
        changes: Mapping[str, tuple[int, int]],
        events: Iterable[ForfeitEvent],
        issued: int = 0,
    ) -> ForfeitGame:
        standings = tuple(
            attrs.evolve(
                s,
                forfeits=s.forfeits + changes.get(s.name, (0, 0))[0],
                chips=s.chips + changes.get(s.name, (0, 0))[1],
            )
            for s in self.standings
        )
        return attrs.evolve(
            self,
            standings=standings,
            events=(*self.events, *events),
            bank_issued=self.bank_issued + issued,
        )

    def end_hand(
        self,
        *,
        hands: Mapping[str, Collection[AnyCard]] | None = None,
        results: Mapping[str, int] | None = None,
        chosen: str | Mapping[str, str] | None = None,
    ) -> ForfeitGame:
        """Apply the rule in force at the end of a hand.

        ``results`` (each player's chips won or lost; they must add up to zero) are applied to
        the chip counts. ``chosen`` is the best hand's pick (a name, or a mapping from each tied
        best hand to its pick).
        """
        self._require_not_over("no hand can end")
        _no_choice_unless_chosen_by_rule(self.rules.rule, chosen)
        if chosen is not None and not isinstance(chosen, str | Mapping):
            raise InvalidDefinitionError(
                f"chosen must be a player's name or a mapping from each best hand to its "
                f"pick, not {shown(chosen)}"
            )
        for what, given in (("hands", hands), ("results", results)):
            if given is not None and not isinstance(given, Mapping):
                raise InvalidDefinitionError(
                    f"{what} must be a mapping from player names, not {shown(given)}"
                )
        active = list(self.in_game)
        if results is not None:
            _known(active, results, "results")
            _chip_results(results)
            if sum(results.values()) != 0:
                listed = ", ".join(f"{p}: {shown(r)}" for p, r in results.items())
                raise BetSizeError(f"the hand's chip results must add up to zero: {listed}")
            short = [p for p, r in results.items() if self.chips(p) + r < 0]
            if short:
                raise BetSizeError(f"{', '.join(short)} cannot lose more chips than they have")
        picks = chosen
        if isinstance(chosen, str):
            if hands:
                _known(active, hands, "hands")
                _shown_cards(hands)
            winners = best_hands(hands, self.rules.scale) if hands else []
            picks = dict.fromkeys(winners[:1], chosen)
        forfeiters = who_forfeits(
            self.rules.rule,
            players=active,
            hands=hands,
            results=results,
            chosen=picks if isinstance(picks, Mapping) else None,
            scale=self.rules.scale,
        )
        number = self.hands_played + 1
        choosers = {v: k for k, v in picks.items()} if isinstance(picks, Mapping) else {}
        changes = {p: (0, r) for p, r in (results or {}).items()}
        for player in forfeiters:
            changes[player] = (-1, changes.get(player, (0, 0))[1])
        events = [
            ForfeitEvent(hand=number, player=p, kind=EventKind.FORFEIT, chosen_by=choosers.get(p))
            for p in forfeiters
        ]
        return attrs.evolve(self._with(changes, events), hands_played=number)

    def _require_not_over(self, what: str) -> None:
        if self.is_over:
            left = ", ".join(self.in_game) or "nobody"
            raise GameOverError(f"{what}: the game is over ({left} left in)")

    def trade(self, player: str) -> ForfeitGame:
        """``player`` gives up one forfeit for the rules' ``trade_chips`` chips from the bank."""
        self._require_not_over(f"{_shown_name(player)} cannot trade a forfeit")
        standing = self._standing(player)
        price = self.rules.trade_chips
        if price is None:
            raise ActionNotAvailableError(
                f"{player} cannot trade a forfeit: trading is not allowed"
            )
        if standing.forfeits < 1:
            raise ActionNotAvailableError(f"{player} has no forfeit left to trade")
        event = ForfeitEvent(
            hand=self.hands_played, player=player, kind=EventKind.TRADE, chips=price
        )
        return self._with({player: (-1, price)}, [event], issued=price)

    def buy_back(self, player: str) -> ForfeitGame:
        """``player`` pays the buy-back price to recover one forfeit given up earlier."""
        self._require_not_over(f"{_shown_name(player)} cannot buy a forfeit back")
        standing = self._standing(player)
        price = self.rules.price_to_buy_back
        if price is None:
            raise ActionNotAvailableError(
                f"{player} cannot buy a forfeit back: buy-back is not allowed"
            )
        if standing.forfeits >= self.starting_forfeits:
            raise ActionNotAvailableError(f"{player} has given nothing up to buy back")
        if standing.chips < price:
            raise BetSizeError(
                f"{player} cannot buy a forfeit back: it costs {shown(price)} chips and they "
                f"have {shown(standing.chips)}"
            )
        event = ForfeitEvent(
            hand=self.hands_played, player=player, kind=EventKind.BUY_BACK, chips=-price
        )
        return self._with({player: (1, -price)}, [event], issued=-price)

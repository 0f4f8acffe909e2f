"""The rule options of Swedish Chicago and the two presets.

Sources, cited by their short names throughout the package:

* **pagat** -- pagat.com, "Chicago" (after a contribution by Dan Glimne);
* **WP** -- English Wikipedia, "Chicago (poker card game)", its basic rules and its list of
  variations;
* **SvWP** and the **Swedish sites** -- Swedish Wikipedia "Chicago (kortspel)" and the Swedish
  rule pages kortspelsregler.com, spelskoj.se, spelakort.com, regler.io and pokernobless.se;
* **Swedish house rules** -- rules played at Swedish tables that none of the pages above
  gives: the exchange stop at 46 from the next deal, the 15-point minimum to call Chicago and
  scores that never go below zero. They are options, never defaults.

Every option below names its sources. :data:`SWEDISH_RULES` collects the rules common on the
Swedish sites; :data:`WIKIPEDIA_RULES` the basic game of the English Wikipedia article. The
defaults of :class:`ChicagoRules` are the first-listed choices of each option below.

>>> rules = ChicagoRules()
>>> rules.exchanges, rules.scoring_rounds, rules.target_score
(2, (1,), 52)
>>> ChicagoRules.swedish().scoring_rounds
(1, 2)
>>> ChicagoRules(exchanges=3, scoring_exchanges=[2]).scoring_rounds
(2,)
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Final

import attrs

from pokerrules._validators import is_count, optional, shown
from pokerrules.cards import Rank
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import HandCategory, HandValue

__all__ = [
    "FINNISH_RULES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "STOP_42_SIX_CARDS",
    "STOP_45",
    "STOP_46_NEXT_DEAL",
    "SWEDISH_RULES",
    "WIKIPEDIA_RULES",
    "ChicagoRules",
    "EqualHands",
    "ExchangeStop",
    "GameEnd",
    "HandEffect",
    "Overshoot",
    "PointsTable",
    "StockRule",
]

#: Chicago is played by two to six (pagat: 2-4; regler.io and kortspel24.se: 2-6).
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6


class HandEffect(enum.Enum):
    """What a big hand does besides its points (WP, "Variations": "elevating the player
    immediately to 52 points, or lowering ... all players ... to 0 points"; "Holding a Royal
    flush usually means immediate victory"; kortspelsregler.com: the royal straight flush
    "ger automatiskt vinst"; spelskoj.se: four of a kind 8 points "or resetting the other
    players' points")."""

    #: Only the points of the table.
    POINTS = "points"
    #: The points, and every opponent's score is set to zero.
    RESET_OPPONENTS = "reset opponents"
    #: The points, and the holder's score is raised to the target (52) if it is below.
    JUMP_TO_TARGET = "jump to target"
    #: The points, and the holder wins the game at once, whatever the end rule.
    WIN = "win"


class GameEnd(enum.Enum):
    """When the game ends and who wins it."""

    #: The first player to reach the target wins at once (pagat; WP: "reach, or exceed, 52").
    #: If one scoring event lifts several players to the target (shared hands), the higher
    #: score wins, then the player earlier in turn order from the dealer's left.
    REACH_TARGET = "reach target"
    #: A player who reached the target in an earlier deal must win the last trick of a later
    #: deal while still at the target (WP: "after (and not in the same hand as) a player
    #: reaches 52 points, he must win the game once more").
    WIN_AGAIN = "win again"
    #: Only a player who has called Chicago in this game (won or lost) can win; the first such
    #: player at the target wins (WP: "a game will require that a player declare 'Chicago'
    #: before they can win ... regardless of whether one wins or loses the 5 tricks").
    CHICAGO_REQUIRED = "chicago required"
    #: The first player whose score is exactly the target wins (spelregel.se: the game is
    #: played to exactly 52). Points that would carry a score past it are handled by
    #: ``ChicagoRules.overshoot``, which the source leaves open.
    EXACT_TARGET = "exact target"


class Overshoot(enum.Enum):
    """Under :attr:`GameEnd.EXACT_TARGET`, points that would carry a score past the target.
    spelregel.se asks for exactly 52 and Finnish Wikipedia plays "51 pisteeseen saakka" (up
    to 51), but neither says what an overshoot does: both ways of exact-score games are
    offered."""

    #: The points do not count: the score stays where it was. The default.
    STAYS = "score stays"
    #: The score counts back from the target by the excess: 49 + 5 at a target of 52 is 50.
    BOUNCES = "bounces back"


class EqualHands(enum.Enum):
    """Exactly equal hands (same poker rank; suits never count -- kortspelsregler.com:
    "vanliga pokerregler avgör vilken hand som är högst")."""

    #: The player earlier in turn order from the dealer's left scores: a later player with an
    #: equal hand cannot declare, since only a better hand speaks (kortspelsregler.com).
    EARLIER_IN_TURN = "earlier in turn"
    #: Every player with the equal best hand scores its full points.
    SHARED = "shared"


class StockRule(enum.Enum):
    """What happens when the stock runs out during the exchanges (pokernobless.se: with three
    exchanges "det kan finnas en risk att korten tar slut")."""

    #: The discards, except those of the player being served, are shuffled into a new stock,
    #: as in draw poker (Robert's Rules of Poker, "Draw Poker").
    RESHUFFLE_DISCARDS = "reshuffle discards"
    #: No new stock: a player may exchange at most as many cards as are left.
    NO_MORE_CARDS = "no more cards"


def _of(kind: type, *, optional: bool = False) -> Callable[[Any, Any, Any], None]:
    """A validator raising :class:`InvalidDefinitionError` for a value of the wrong type."""

    def check(_: object, attribute: Any, value: object) -> None:
        if value is None and optional:
            return
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise InvalidDefinitionError(
                f"{attribute.name} must be a {kind.__name__}, not {shown(value)}"
            )

    return check


@attrs.frozen(kw_only=True)
class PointsTable:
    """Points for the best hand (pagat; WP; every Swedish site): pair 1, two pair 2, three of
    a kind 3, straight 4, flush 5, full house 6, four of a kind 7, straight flush 8. A high
    card scores nothing.

    The royal flush: 52 points and the game (pagat: "royal straight flush 52";
    kortspelsregler.com: 52 points and "automatiskt vinst"; the default) | 20 (WP's table) |
    9 (WP, "Variations": "awarding 9 points for a Royal Flush") | ``None``, scoring as a
    straight flush. Four of a kind and the straight flush take a :class:`HandEffect` (WP,
    "Variations"; spelskoj.se).

    >>> table = PointsTable()
    >>> from pokerrules import evaluate_high, parse_cards
    >>> table.award(evaluate_high(parse_cards("Kh Kd 7s 7c 2d")))
    (2, <HandEffect.POINTS: 'points'>)
    >>> table.award(evaluate_high(parse_cards("As Ks Qs Js Ts")))
    (52, <HandEffect.WIN: 'win'>)
    >>> PointsTable(royal_flush=None).award(evaluate_high(parse_cards("As Ks Qs Js Ts")))
    (8, <HandEffect.POINTS: 'points'>)
    """

    pair: int = attrs.field(default=1, validator=is_count)
    two_pair: int = attrs.field(default=2, validator=is_count)
    three_of_a_kind: int = attrs.field(default=3, validator=is_count)
    straight: int = attrs.field(default=4, validator=is_count)
    flush: int = attrs.field(default=5, validator=is_count)
    full_house: int = attrs.field(default=6, validator=is_count)
    four_of_a_kind: int = attrs.field(default=7, validator=is_count)
    straight_flush: int = attrs.field(default=8, validator=is_count)
    royal_flush: int | None = attrs.field(default=52, validator=optional(is_count))
    four_of_a_kind_effect: HandEffect = attrs.field(
        default=HandEffect.POINTS, validator=_of(HandEffect)
    )
    straight_flush_effect: HandEffect = attrs.field(
        default=HandEffect.POINTS, validator=_of(HandEffect)
    )
    royal_flush_effect: HandEffect = attrs.field(default=HandEffect.WIN, validator=_of(HandEffect))

    def award(self, value: HandValue) -> tuple[int, HandEffect]:
        """The points and the effect of a five-card high hand; ``(0, POINTS)`` for a high
        card."""
        category = value.category
        if category is HandCategory.STRAIGHT_FLUSH:
            if value.ranks[0] is Rank.ACE and self.royal_flush is not None:
                return self.royal_flush, self.royal_flush_effect
            return self.straight_flush, self.straight_flush_effect
        if category is HandCategory.FOUR_OF_A_KIND:
            return self.four_of_a_kind, self.four_of_a_kind_effect
        points: int = getattr(self, _PLAIN[category]) if category in _PLAIN else 0
        return points, HandEffect.POINTS

    def amounts(self) -> frozenset[int]:
        """Every number of points a hand can score under this table."""
        values = {
            self.pair,
            self.two_pair,
            self.three_of_a_kind,
            self.straight,
            self.flush,
            self.full_house,
            self.four_of_a_kind,
            self.straight_flush,
        }
        if self.royal_flush is not None:
            values.add(self.royal_flush)
        return frozenset(values)


_PLAIN: Final = {
    HandCategory.PAIR: "pair",
    HandCategory.TWO_PAIR: "two_pair",
    HandCategory.THREE_OF_A_KIND: "three_of_a_kind",
    HandCategory.STRAIGHT: "straight",
    HandCategory.FLUSH: "flush",
    HandCategory.FULL_HOUSE: "full_house",
}


@attrs.frozen(kw_only=True)
class ExchangeStop:
    """The exchange stop ("köpstopp"): a player at or above ``threshold`` points may not
    exchange.

    * 42, dealt six cards (WP: "After achieving 42 points a player is no longer permitted to
      trade cards ... Instead, they are dealt 6 cards at the beginning of the game and must
      discard one before the first scoring round"; spelakort.com and pokernobless.se: 42) --
      :data:`STOP_42_SIX_CARDS`, the default;
    * 45 (WP, "Variations": "any player with 45 points or more is not allowed to replace any
      cards") -- :data:`STOP_45`;
    * 46 from the following deal (a Swedish house rule) -- :data:`STOP_46_NEXT_DEAL`.

    ``from_next_deal`` measures the score when the cards are dealt, so a player who reaches
    the threshold during a deal still exchanges in that deal; otherwise the stop applies at
    once, from the player's next exchange. ``six_cards`` deals six cards to every player who is
    stopped when the cards are dealt; they discard one in the first exchange.
    """

    threshold: int = attrs.field(validator=is_count)
    six_cards: bool = attrs.field(default=False, validator=_of(bool))
    from_next_deal: bool = attrs.field(default=False, validator=_of(bool))


#: 42 points; stopped players are dealt six cards and discard one (WP).
STOP_42_SIX_CARDS: Final = ExchangeStop(threshold=42, six_cards=True)
#: 45 points (WP, "Variations").
STOP_45: Final = ExchangeStop(threshold=45)
#: 46 points, applying from the following deal (a Swedish house rule).
STOP_46_NEXT_DEAL: Final = ExchangeStop(threshold=46, from_next_deal=True)


def _scoring_tuple(value: object) -> tuple[int, ...] | None:
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return (value,)
    if isinstance(value, tuple | list | range | frozenset | set):
        for number in value:
            if isinstance(number, bool) or not isinstance(number, int):
                raise InvalidDefinitionError(
                    f"scoring_exchanges must be exchange numbers (whole numbers), "
                    f"not {shown(number)}"
                )
        return tuple(sorted(value))
    raise InvalidDefinitionError(f"scoring_exchanges must be exchange numbers, not {shown(value)}")


def _exchanges(_instance: object, _attribute: object, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (2, 3):
        raise InvalidDefinitionError(f"exchanges must be 2 or 3, not {shown(value)}")


@attrs.frozen(kw_only=True)
class ChicagoRules:
    """Every option of Swedish Chicago, keyword-only, with the documented defaults.

    **Exchanges.** ``exchanges``: 2 (pagat's English summary, WP: one scoring exchange, then
    "another round of exchanges, but no hand scoring"; the default) | 3 (kortspelsregler.com,
    spelakort.com; WP "Variations": "Some play with 3 exchanges").
    ``scoring_exchanges``: the exchanges after which the best hand scores; ``None`` (the
    default) for every exchange but the last, whatever the number of exchanges (see
    :attr:`scoring_rounds`) (WP: "scoring for hands will be made after both the first and the
    second exchange"). ``one_up``: a one-card exchange may take the card face up, to keep or
    refuse for the next one (WP; pokernobless.se; default on) | off (WP "Variations": "Some do
    not use the 'one up' rule"; hurspelarman.se).

    **Points.** ``points``: the :class:`PointsTable`. ``last_trick_points``: 5 (pagat, WP;
    default) | 2 (pokernobless.se). ``last_trick_deuce_points`` and ``chicago_deuce_points``:
    ``None`` (default) | 10 and 30 -- the last trick won with a deuce, and a Chicago whose
    last trick is won with a deuce (WP "Variations").

    **Chicago.** ``chicago_points``: the bonus and the penalty, 15 (pagat, WP, every Swedish
    site; default) | 13 (WP "Variations"). ``chicago_minimum_score``: the score needed to call,
    ``None`` (default) | 13 (WP "Variations": "forbidden to declare Chicago unless the player
    has reached 13 points") | 15 (a Swedish house rule). ``negative_scores``: may a score go below
    zero (default yes; WP's -15) -- a Swedish house rule keeps scores at zero or more.
    ``chicago_hand_points``: in a deal with a Chicago call the best final hand still scores
    (default; WP: "others will allow other points to be awarded") | once Chicago is called
    only the Chicago counts (WP: "no player will get any points at all besides the +15 or
    -15"; hands already scored in that deal's exchange rounds keep their points). The last trick never
    adds to a Chicago (WP: "The +5 for the game, however, can never be stacked with the +15").
    ``chicago_caller_leads``: the caller leads to the first trick (pokernobless.se,
    spelakort.com, the 13-point variation in WP; default) | the player left of the dealer
    leads anyway (WP's basic game).

    **Exchange stop.** ``exchange_stop``: an :class:`ExchangeStop` or ``None`` (no stop).

    **End.** ``target_score`` 52 (everywhere but Finnish Wikipedia, which plays to 51: see
    :data:`FINNISH_RULES`). ``game_end``: a :class:`GameEnd`. ``overshoot``: an
    :class:`Overshoot`, for :attr:`GameEnd.EXACT_TARGET`.

    **Blind Chicago.** ``blind_chicago``: ``None`` (default, off) | the highest rank a dealt
    hand may hold to be thrown in for five new cards before its first exchange:
    ``Rank.NINE`` ("below ten", exclusive) or ``Rank.TEN`` (inclusive) (WP "Variations": "a
    player given five cards below ten (either inclusive or exclusive ...) is allowed to
    replace them before the exchanges begin").

    **Equal hands.** ``equal_hands``: an :class:`EqualHands`. **Stock.** ``stock_rule``: a
    :class:`StockRule`.

    >>> ChicagoRules(exchanges=4)
    Traceback (most recent call last):
    ...
    pokerrules.errors.InvalidDefinitionError: exchanges must be 2 or 3, not 4
    """

    exchanges: int = attrs.field(default=2, validator=_exchanges)
    scoring_exchanges: tuple[int, ...] | None = attrs.field(default=None, converter=_scoring_tuple)
    one_up: bool = attrs.field(default=True, validator=_of(bool))
    points: PointsTable = attrs.field(factory=PointsTable, validator=_of(PointsTable))
    last_trick_points: int = attrs.field(default=5, validator=is_count)
    last_trick_deuce_points: int | None = attrs.field(default=None, validator=optional(is_count))
    chicago_points: int = attrs.field(default=15, validator=is_count)
    chicago_deuce_points: int | None = attrs.field(default=None, validator=optional(is_count))
    chicago_minimum_score: int | None = attrs.field(default=None, validator=optional(is_count))
    negative_scores: bool = attrs.field(default=True, validator=_of(bool))
    chicago_hand_points: bool = attrs.field(default=True, validator=_of(bool))
    chicago_caller_leads: bool = attrs.field(default=True, validator=_of(bool))
    exchange_stop: ExchangeStop | None = attrs.field(
        default=STOP_42_SIX_CARDS, validator=_of(ExchangeStop, optional=True)
    )
    target_score: int = attrs.field(default=52, validator=is_count)
    game_end: GameEnd = attrs.field(default=GameEnd.REACH_TARGET, validator=_of(GameEnd))
    overshoot: Overshoot = attrs.field(default=Overshoot.STAYS, validator=_of(Overshoot))
    blind_chicago: Rank | None = attrs.field(default=None, validator=_of(Rank, optional=True))
    equal_hands: EqualHands = attrs.field(
        default=EqualHands.EARLIER_IN_TURN, validator=_of(EqualHands)
    )
    stock_rule: StockRule = attrs.field(
        default=StockRule.RESHUFFLE_DISCARDS, validator=_of(StockRule)
    )

    def __attrs_post_init__(self) -> None:
        for number in self.scoring_rounds:
            if not 1 <= number <= self.exchanges:
                raise InvalidDefinitionError(
                    f"scoring exchange {shown(number)} is not one of the exchanges "
                    f"1-{self.exchanges}"
                )
        if len(set(self.scoring_rounds)) != len(self.scoring_rounds):
            raise InvalidDefinitionError("scoring_exchanges lists an exchange twice")
        if self.target_score < 1:
            raise InvalidDefinitionError("target_score must be at least 1")

    @classmethod
    def swedish(cls) -> ChicagoRules:
        """The rules common on the Swedish sites, with the Swedish house rules: three exchanges
        scoring after the first and second, one-up, the royal flush 52 and the game, last
        trick 5, Chicago +-15 called from 15 points with scores never below zero and the
        caller leading, the exchange stop at 46 from the following deal, first to 52."""
        return SWEDISH_RULES

    @classmethod
    def wikipedia(cls) -> ChicagoRules:
        """The basic game of the English Wikipedia article: two exchanges scoring after the
        first, one-up, the royal flush 20, last trick 5, Chicago +-15 at any score with the
        player left of the dealer leading, the exchange stop at 42 with six cards dealt,
        first to 52."""
        return WIKIPEDIA_RULES

    @property
    def scoring_rounds(self) -> tuple[int, ...]:
        """The exchanges after which the best hand scores, in order."""
        if self.scoring_exchanges is None:
            return tuple(range(1, self.exchanges))
        return self.scoring_exchanges

    def score_amounts(self) -> frozenset[int]:
        """Every amount a single scoring event (a hand, the last trick, a Chicago) can add
        or take away under these rules; resets, jumps to the target and the zero floor come
        on top."""
        amounts = set(self.points.amounts())
        amounts.add(self.last_trick_points)
        amounts.update({self.chicago_points, -self.chicago_points})
        for extra in (self.last_trick_deuce_points, self.chicago_deuce_points):
            if extra is not None:
                amounts.add(extra)
        return frozenset(amounts)


#: The rules common in Sweden (see :meth:`ChicagoRules.swedish`).
SWEDISH_RULES: Final = ChicagoRules(
    exchanges=3,
    chicago_minimum_score=15,
    negative_scores=False,
    exchange_stop=STOP_46_NEXT_DEAL,
)

#: The rules of the English Wikipedia article (see :meth:`ChicagoRules.wikipedia`).
WIKIPEDIA_RULES: Final = ChicagoRules(
    points=PointsTable(royal_flush=20, royal_flush_effect=HandEffect.POINTS),
    chicago_caller_leads=False,
)

#: Finnish Wikipedia ("Chicago (korttipeli)"): the game "can be played to 51 points"; four of a
#: kind scores 8 and sets every other player back to zero; a straight flush is worth 51, the
#: others lose their points and it wins the game; the last trick taken with a deuce ("kakkos
#: lopetus") scores 10. Whether 51 must be hit exactly the article does not say: this preset
#: reaches it (51 or more); ``attrs.evolve(FINNISH_RULES, game_end=GameEnd.EXACT_TARGET)``
#: plays it exactly, with the :class:`Overshoot` of choice.
FINNISH_RULES: Final = ChicagoRules(
    target_score=51,
    points=PointsTable(
        four_of_a_kind=8,
        four_of_a_kind_effect=HandEffect.RESET_OPPONENTS,
        straight_flush=51,
        straight_flush_effect=HandEffect.WIN,
    ),
    last_trick_deuce_points=10,
)

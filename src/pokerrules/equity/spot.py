"""The games equity is computed for, and the checked description of one all-in spot.

A :class:`BoardGame` says how a hand is made from hole cards and a five-card board (any five
of the seven in hold'em; exactly two hole cards and three board cards in Omaha) and whether the
pot is split with an eight-or-better low. A :class:`Spot` is a game, each player's range, the
board so far and the dead cards, with every card conflict checked.

>>> find_board_game("PLO8") is OMAHA_HI_LO
True
>>> spot = Spot.build(["AsAh", "QQ+"], board="Kd 7c 2h", dead="Qs")
>>> [len(r) for r in spot.ranges]  # QQ+ keeps 3 QQ, 3 KK and the one AA without As, Ah
[1, 7]
>>> Spot.build(["AsAh", "AsKd"])
Traceback (most recent call last):
...
pokerrules.errors.CardConflictError: As is in player 1's hand and in player 2's hand
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from math import comb
from typing import Any, Final

import attrs

from pokerrules._validators import is_flag, is_instance, shown
from pokerrules.cards import STANDARD_CARDS, Card, format_cards, parse_cards
from pokerrules.errors import CardConflictError, EmptyRangeError, InvalidDefinitionError
from pokerrules.ranges import HandRange

__all__ = [
    "BOARD_GAMES",
    "FIVE_CARD_OMAHA",
    "FIVE_CARD_OMAHA_HI_LO",
    "HOLDEM",
    "HOLDEM_HI_LO",
    "OMAHA",
    "OMAHA_HI_LO",
    "BoardGame",
    "HandInput",
    "Spot",
    "find_board_game",
]

_EVERY_CARD: Final = frozenset(STANDARD_CARDS)
_ORDER: Final = tuple(STANDARD_CARDS)

#: The number of cards on a complete board.
BOARD_SIZE: Final = 5

#: What a player's hand may be given as: notation (a known hand or a range), a
#: :class:`~pokerrules.ranges.HandRange`, or the cards of a known hand.
HandInput = str | HandRange | Sequence[Card]


#: The most hole cards a board game can deal: two players and a full board use at most the
#: deck's 52 cards.
MAX_HOLE_CARDS: Final = (52 - BOARD_SIZE) // 2


def _hole_cards(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_HOLE_CARDS:
        raise InvalidDefinitionError(
            f"{attribute.name} must be a whole number from 1 to {MAX_HOLE_CARDS} (two players "
            f"and a board of {BOARD_SIZE} from one deck), not {shown(value)}"
        )


def _name(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise InvalidDefinitionError(
            f"{attribute.name} must be a name (text, not blank), not {shown(value)}"
        )


def _aliases_tuple(value: object) -> object:
    # A list is read as a tuple; anything else is checked by _aliases.
    return tuple(value) if isinstance(value, list) else value


def _aliases(instance: object, attribute: Any, value: object) -> None:
    if not isinstance(value, tuple) or not all(
        isinstance(alias, str) and alias.strip() for alias in value
    ):
        raise InvalidDefinitionError(
            f"{attribute.name} must be a tuple of names (text), not {shown(value)}"
        )


@attrs.frozen(kw_only=True)
class BoardGame:
    """A community-card game as far as showdowns go.

    ``exactly_two`` is the Omaha rule: a hand is exactly two hole cards and three board cards
    (Robert's Rules of Poker, "Omaha"). ``hi_lo`` splits each pot between the best high hand
    and the best ace-to-five low of eight or better (five different ranks, eight or lower);
    when no hand qualifies for low the high hand takes the whole pot (Robert's Rules of Poker,
    "Omaha High-Low Split, Eight-or-Better").
    """

    name: str = attrs.field(validator=_name)
    hole_cards: int = attrs.field(validator=_hole_cards)
    exactly_two: bool = attrs.field(default=False, validator=is_flag)
    hi_lo: bool = attrs.field(default=False, validator=is_flag)
    aliases: tuple[str, ...] = attrs.field(
        default=(), converter=_aliases_tuple, validator=_aliases
    )

    def __attrs_post_init__(self) -> None:
        if self.exactly_two and self.hole_cards < 2:
            raise InvalidDefinitionError(
                f"{self.name}: a game that plays exactly two hole cards needs at least two"
            )
        if not self.exactly_two and self.hole_cards > 2:
            raise InvalidDefinitionError(
                f"{self.name}: with more than two hole cards a hand is exactly two of them and "
                "three from the board (exactly_two=True); the best five of eight or more cards "
                "is not a board game equity evaluates"
            )

    @property
    def evaluations_per_hand(self) -> int:
        """Five-card hands looked at per player per showdown (1: best of all the cards)."""
        if not self.exactly_two:
            return 1
        return comb(self.hole_cards, 2) * comb(BOARD_SIZE, 3)

    def __str__(self) -> str:
        return self.name


#: Texas hold'em: two hole cards, any five of the seven.
HOLDEM: Final = BoardGame(
    name="Texas hold'em", hole_cards=2, aliases=("holdem", "hold'em", "texas holdem", "nlhe")
)
#: Hold'em high-low split, eight or better for low.
HOLDEM_HI_LO: Final = BoardGame(
    name="Hold'em hi-lo", hole_cards=2, hi_lo=True, aliases=("holdem8", "holdem hilo")
)
#: Omaha: four hole cards, exactly two of them with three from the board.
OMAHA: Final = BoardGame(
    name="Omaha",
    hole_cards=4,
    exactly_two=True,
    aliases=("omaha", "plo", "omaha high", "omaha hi"),
)
#: Omaha high-low split, eight or better for low.
OMAHA_HI_LO: Final = BoardGame(
    name="Omaha hi-lo",
    hole_cards=4,
    exactly_two=True,
    hi_lo=True,
    aliases=("omaha8", "o8", "plo8", "omaha eight or better", "omaha hilo"),
)
#: Omaha with five hole cards (still exactly two of them).
FIVE_CARD_OMAHA: Final = BoardGame(
    name="Five-card Omaha", hole_cards=5, exactly_two=True, aliases=("plo5", "5 card omaha")
)
#: Five-card Omaha high-low split, eight or better for low.
FIVE_CARD_OMAHA_HI_LO: Final = BoardGame(
    name="Five-card Omaha hi-lo",
    hole_cards=5,
    exactly_two=True,
    hi_lo=True,
    aliases=("plo5-8", "5 card omaha hilo", "big o"),
)
#: The board games equity knows by name.
BOARD_GAMES: Final = (
    HOLDEM,
    HOLDEM_HI_LO,
    OMAHA,
    OMAHA_HI_LO,
    FIVE_CARD_OMAHA,
    FIVE_CARD_OMAHA_HI_LO,
)


def _normal(name: str) -> str:
    return re.sub(r"[\s\-/_']+", "", name.strip().lower())


_BY_NAME: Final = {
    _normal(key): game for game in BOARD_GAMES for key in (game.name, *game.aliases)
}


def find_board_game(name: str) -> BoardGame:
    """The board game with this name or alias (case, spaces, hyphens and apostrophes ignored).

    >>> find_board_game("hold'em").name, find_board_game("PLO-8").name
    ("Texas hold'em", 'Omaha hi-lo')
    """
    if not isinstance(name, str):
        raise InvalidDefinitionError(f"a board game is named by text, not {shown(name)}")
    game = _BY_NAME.get(_normal(name))
    if game is None:
        known = ", ".join(g.name for g in BOARD_GAMES)
        raise InvalidDefinitionError(f"no board game called {shown(name)} (known: {known})")
    return game


def _cards(value: str | Iterable[Card], what: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        return parse_cards(value) if value.strip() else ()
    if not isinstance(value, Iterable):
        raise InvalidDefinitionError(
            f"{what} must be text such as 'AsKd' or an iterable of cards, not {shown(value)}"
        )
    cards = tuple(value)
    for card in cards:
        if not isinstance(card, Card):
            raise InvalidDefinitionError(f"{what} must be cards, not {shown(card)}")
    return cards


def _hand_range(hand: HandInput, hole_cards: int, player: int) -> HandRange:
    if isinstance(hand, str):
        result = HandRange.parse(hand, hole_cards=hole_cards)
    elif isinstance(hand, HandRange):
        result = hand
    else:
        cards = _cards(hand, f"player {player}'s hand")
        result = HandRange.of([cards])
        result = HandRange(result.combos, notation=format_cards(cards).replace(" ", ""))
    if not result:
        raise EmptyRangeError(f"player {player}'s range is empty: give at least one hand")
    if result.hole_cards != hole_cards:
        raise InvalidDefinitionError(
            f"player {player}'s hand has {result.hole_cards} cards, but the game deals "
            f"{hole_cards}"
        )
    return result


def _first_fit(ranges: Sequence[HandRange]) -> bool:
    """Whether one combo per range can be chosen with no card shared.

    A depth-first search, narrowest range first, that remembers its dead ends: what is left to
    deal depends only on how deep the search is and on which of the cards the later ranges
    could use are taken, so a dead end is never explored twice. Without that, ranges that
    cannot be dealt together (nine players each holding ``AA, KK, QQ, JJ``) take exponential
    time to refute."""
    hands = [ranges[i] for i in sorted(range(len(ranges)), key=lambda i: len(ranges[i]))]
    # the cards some range at this depth or deeper holds (a range of every hand, unlisted,
    # holds every card not removed from it)
    wanted: list[frozenset[Card]] = [frozenset()] * (len(hands) + 1)
    for depth in range(len(hands) - 1, -1, -1):
        hand = hands[depth]
        cards = _EVERY_CARD - hand.removed if hand.every else frozenset().union(*hand.combos)
        wanted[depth] = wanted[depth + 1] | cards
    dead_ends: set[tuple[int, frozenset[Card]]] = set()

    def greedy(depth: int, used: frozenset[Card]) -> bool:
        # only ranges of every hand are left: deal each the first cards it may hold
        for hand in hands[depth:]:
            free = [c for c in _ORDER if c not in used and c not in hand.removed]
            if len(free) < hand.every:
                return False
            used = used.union(free[: hand.every])
        return True

    def search(depth: int, used: frozenset[Card]) -> bool:
        if depth == len(hands):
            return True
        if all(hand.every for hand in hands[depth:]) and greedy(depth, used):
            return True
        state = (depth, used & wanted[depth])
        if state in dead_ends:
            return False
        for combo in hands[depth]:
            if used.isdisjoint(combo) and search(depth + 1, used.union(combo)):
                return True
        dead_ends.add(state)
        return False

    return search(0, frozenset())


def _tuple_of(kind: type, what: str) -> Any:
    """A validator: a tuple of ``kind`` values."""

    def check(_instance: object, attribute: attrs.Attribute[object], value: object) -> None:
        if not isinstance(value, tuple) or not all(isinstance(v, kind) for v in value):
            raise InvalidDefinitionError(
                f"{attribute.name} must be a tuple of {what}, not {shown(value)}"
            )

    return check


@attrs.frozen(kw_only=True)
class Spot:
    """A checked all-in spot: the game, each player's range after card removal, the board and
    the dead cards. Build one with :meth:`build`, which raises on any conflict."""

    game: BoardGame = attrs.field(validator=is_instance(BoardGame))
    ranges: tuple[HandRange, ...] = attrs.field(validator=_tuple_of(HandRange, "HandRange values"))
    board: tuple[Card, ...] = attrs.field(default=(), validator=_tuple_of(Card, "cards"))
    dead: tuple[Card, ...] = attrs.field(default=(), validator=_tuple_of(Card, "cards"))

    @classmethod
    def build(
        cls,
        hands: Sequence[HandInput],
        *,
        board: str | Iterable[Card] = (),
        dead: str | Iterable[Card] = (),
        game: BoardGame | str = HOLDEM,
    ) -> Spot:
        """Check the input and remove known cards from every range.

        Raises :class:`~pokerrules.errors.CardConflictError` when a card is in two places
        (or the ranges cannot be dealt together), :class:`~pokerrules.errors.EmptyRangeError`
        when a range has no hand left, and :class:`~pokerrules.errors.InvalidNotationError` for
        malformed cards or ranges.
        """
        chosen = find_board_game(game) if isinstance(game, str) else game
        if not isinstance(chosen, BoardGame):
            raise InvalidDefinitionError(
                f"game must be a BoardGame or its name, not {shown(game)}"
            )
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise InvalidDefinitionError(
                f"give the players' hands as a list, one per player, not {shown(hands)}"
            )
        board_cards, dead_cards = _cards(board, "the board"), _cards(dead, "the dead cards")
        if len(board_cards) > BOARD_SIZE:
            raise InvalidDefinitionError(
                f"a board has at most {BOARD_SIZE} cards, got {len(board_cards)}"
            )
        if len(hands) < 2:
            raise InvalidDefinitionError(f"equity needs at least two players, got {len(hands)}")
        needed = len(hands) * chosen.hole_cards + BOARD_SIZE + len(dead_cards)
        if needed > 52:
            raise InvalidDefinitionError(
                f"{len(hands)} players need {needed} cards with the board and dead cards, "
                "more than the deck's 52"
            )
        ranges = [_hand_range(h, chosen.hole_cards, i + 1) for i, h in enumerate(hands)]
        places: dict[Card, str] = {}
        owner: dict[Card, int] = {}

        def claim(cards: Iterable[Card], where: str, player: int = -1) -> None:
            for card in cards:
                if card in places:
                    if places[card] == where:
                        raise CardConflictError(f"{card} appears twice {where}")
                    raise CardConflictError(f"{card} is {places[card]} and {where}")
                places[card], owner[card] = where, player

        claim(board_cards, "on the board")
        claim(dead_cards, "among the dead cards")
        for i, hand in enumerate(ranges):
            if hand.is_known:
                claim(hand.combos[0], f"in player {i + 1}'s hand", i)
        removed: list[HandRange] = []
        for i, hand in enumerate(ranges):
            others = [card for card in places if owner[card] != i]
            left = hand.without(others)
            if not left:
                known = format_cards(sorted(others, reverse=True))
                raise EmptyRangeError(
                    f"player {i + 1}'s range {str(hand)!r} has no hand left once the known "
                    f"cards ({known}) are removed"
                )
            removed.append(left)
        if not _first_fit(removed):
            raise CardConflictError(
                "the players' ranges cannot all be dealt at once: every choice of hands "
                "shares a card"
            )
        return cls(game=chosen, ranges=tuple(removed), board=board_cards, dead=dead_cards)

    @property
    def players(self) -> int:
        """The number of players."""
        return len(self.ranges)

    @property
    def known_cards(self) -> frozenset[Card]:
        """Cards out of the deck for every runout: board, dead cards and known hands."""
        cards = set(self.board) | set(self.dead)
        for hand in self.ranges:
            if hand.is_known:
                cards.update(hand.combos[0])
        return frozenset(cards)

    @property
    def runout_cards(self) -> int:
        """How many board cards are still to come."""
        return BOARD_SIZE - len(self.board)

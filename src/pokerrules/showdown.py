"""Pot shares and hand selection: who wins what at the showdown.

A variant's showdown is data: a :class:`Showdown` lists the *shares* the pot is divided into
and the *selection rule* that says which cards make a player's hand.

Shares (small frozen values):

* :class:`HighHand` -- the best high hand;
* :class:`LowHand` -- the best low on a :class:`~pokerrules.evaluation.Scale`, optionally with
  a qualifier (eight-or-better);
* :class:`HighSpadeInHole` -- the highest spade dealt face down (Chicago);
* :class:`LowSpadeInHole` -- the lowest spade dealt face down (Low Chicago).

Selection rules: :class:`AnyFive` (the best five of every card a player can use) and
:class:`HoleAndBoard` (Omaha: exactly two hole cards and three board cards).

A pot with one share goes to that share's winners. A pot with several shares is divided
equally among them, the odd chip to the first share listed (the high half, Robert's Rules of
Poker, "Split pots"). A share nobody qualifies for (no eight-or-better low, no spade in the
hole) goes to the other shares -- or, for Chicago's spade half under
:attr:`NoHoleSpade.CARRY_OVER`, to the next pot. One player can win every share (a scoop).

>>> from pokerrules.cards import parse_cards
>>> chicago = Showdown(shares=(HighHand(), HighSpadeInHole()))
>>> hands = {
...     0: Holding(down=parse_cards("Kd 2d 9c"), up=parse_cards("Ah Ad Ac 4h")),
...     1: Holding(down=parse_cards("3h 8s 5d"), up=parse_cards("As Kh 7c 7d")),
... }
>>> chicago.winners(hands)
((0,), (1,))

Seat 0 has the best hand (three aces) and seat 1 the only spade dealt face down (the eight;
the ace of spades is face up and does not count), so they split the pot.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import combinations
from typing import Final, TypeAlias

import attrs

from pokerrules._validators import is_count, is_flag, is_instance, is_member, shown
from pokerrules.cards import AnyCard, Card, Joker, Rank, Suit, card_tuple, parse_cards
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import (
    HandCategory,
    HandValue,
    Scale,
    evaluate,
    evaluate_deuce_to_seven_low,
)
from pokerrules.evaluation.badugi import BADUGI_CARDS, evaluate_badugi
from pokerrules.evaluation.fast import high_strength, low_strength

__all__ = [
    "AnyFive",
    "HandShare",
    "HighHand",
    "HighSpadeInHole",
    "Holding",
    "HoleAndBoard",
    "LowChicagoAce",
    "LowHand",
    "LowSpadeInHole",
    "NoHoleSpade",
    "Selection",
    "Share",
    "Showdown",
    "SpadeShare",
]

#: The 52 standard cards (interned singletons): a run of cards held only by this set is all
#: standard cards, no joker -- checked in one step.
_STANDARD: Final = frozenset(Card(r, u) for r in Rank for u in Suit)


def _card_args(cards: Iterable[AnyCard], name: str) -> tuple[AnyCard, ...]:
    """The argument ``name`` as a tuple of cards (text is read as notation)."""
    if isinstance(cards, tuple) and all(isinstance(c, Card | Joker) for c in cards):
        return cards
    if isinstance(cards, str):
        return parse_cards(cards, allow_joker=True)
    return card_tuple(cards, name)


def _cards(cards: Iterable[AnyCard]) -> tuple[AnyCard, ...]:
    return _card_args(cards, "a holding")


def _holding(value: object, name: str = "holding") -> Holding:
    if not isinstance(value, Holding):
        raise InvalidDefinitionError(f"{name} must be a Holding, not {shown(value)}")
    return value


def _holdings(holdings: Mapping[int, Holding]) -> Mapping[int, Holding]:
    if not isinstance(holdings, Mapping):
        raise InvalidDefinitionError(
            f"holdings must be a mapping of seats to Holding, not {shown(holdings)}"
        )
    for seat, holding in holdings.items():
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidDefinitionError(f"holdings are by seat number, not by {shown(seat)}")
        _holding(holding, f"the holding of seat {seat}")
    return holdings


def _selection(value: object) -> Selection:
    if not isinstance(value, AnyFive | HoleAndBoard):
        raise InvalidDefinitionError(
            f"selection must be an AnyFive or a HoleAndBoard, not {shown(value)}"
        )
    return value


def _at_least_one(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise InvalidDefinitionError(f"{attribute.name} must be at least 1, not {shown(value)}")


@attrs.frozen
class Holding:
    """One player's cards at the showdown: ``down`` (dealt face down, the *hole* cards) and
    ``up`` (dealt face up, as in stud). A hole card stays a hole card when it is later shown."""

    down: tuple[AnyCard, ...] = attrs.field(converter=_cards, default=())
    up: tuple[AnyCard, ...] = attrs.field(converter=_cards, default=())

    @property
    def cards(self) -> tuple[AnyCard, ...]:
        """All the player's own cards, down cards first."""
        return self.down + self.up


# --- selection rules --------------------------------------------------------------------------


@attrs.frozen
class AnyFive:
    """The best five of every card the player can use: their own cards and the board
    (hold'em, stud, draw)."""

    def choices(
        self, own: Sequence[AnyCard], board: Sequence[AnyCard]
    ) -> Iterable[tuple[AnyCard, ...]]:
        """The card sets the hand may be made from (here: one set, every card)."""
        return ((*_card_args(own, "own"), *_card_args(board, "board")),)

    def needs(self) -> tuple[int, int]:
        """The least number of (own, board) cards a hand needs: five in all."""
        return (0, 0)

    def __str__(self) -> str:
        return "the best five of all cards"


@attrs.frozen
class HoleAndBoard:
    """Exactly ``hole`` of the player's own cards and exactly ``board`` board cards (Omaha:
    two and three; Robert's Rules of Poker, "Omaha")."""

    hole: int = attrs.field(default=2, validator=[is_count, _at_least_one], kw_only=True)
    board: int = attrs.field(default=3, validator=is_count, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if self.hole + self.board != 5:
            raise InvalidDefinitionError(
                f"a hand is five cards; {self.hole} hole and {self.board} board cards make "
                f"{self.hole + self.board}"
            )

    def choices(
        self, own: Sequence[AnyCard], board: Sequence[AnyCard]
    ) -> Iterable[tuple[AnyCard, ...]]:
        """Every way to take exactly ``hole`` own cards and ``board`` board cards."""
        own, board = _card_args(own, "own"), _card_args(board, "board")
        boards = list(combinations(board, self.board))
        return ((*mine, *theirs) for mine in combinations(own, self.hole) for theirs in boards)

    def needs(self) -> tuple[int, int]:
        """The least number of (own, board) cards a hand needs."""
        return (self.hole, self.board)

    def __str__(self) -> str:
        return f"exactly {self.hole} hole and {self.board} board cards"


Selection: TypeAlias = AnyFive | HoleAndBoard


# --- shares -----------------------------------------------------------------------------------


def _check_high_scale(_: object, __: attrs.Attribute[Scale], value: Scale) -> None:
    if not isinstance(value, Scale) or value.is_low:
        highs = ", ".join(f"Scale.{s.name}" for s in Scale if not s.is_low)
        raise InvalidDefinitionError(f"a high share's scale is one of {highs}, not {shown(value)}")


@attrs.frozen
class HighHand:
    """The best high hand wins this share: standard high by default, or a short-deck scale
    (``HighHand(scale=Scale.SHORT_DECK)``)."""

    scale: Scale = attrs.field(default=Scale.HIGH, kw_only=True, validator=_check_high_scale)

    def value(
        self, cards: Sequence[AnyCard], selection: Selection, board: Sequence[AnyCard]
    ) -> HandValue | None:
        """The player's best high hand."""
        return _best(cards, board, selection, self.scale)

    def __str__(self) -> str:
        return "high" if self.scale is Scale.HIGH else self.scale.value


def _check_qualifier(_: object, __: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise InvalidDefinitionError(
            f"a low qualifier is a whole rank, 5 to 14 (ace), not {shown(value)}"
        )
    if value is not None and not 5 <= value <= 14:
        raise InvalidDefinitionError(
            f"a low qualifier is the highest rank allowed, 5 to 14 (ace), not {value}"
        )


@attrs.frozen
class LowHand:
    """The best low on ``scale`` wins this share.

    ``qualifier`` (optional) is the highest card a qualifying low may hold, ranked on the
    scale (8 for eight-or-better, where the ace counts one): the low must be five different
    ranks, none above it, and straights and flushes never disqualify an ace-to-five low. With
    no qualifying low the share goes to the other shares (Robert's Rules of Poker, "High-Low
    Split Games": with no qualifying low, the best high hand wins the whole pot).

    >>> from pokerrules.cards import parse_cards
    >>> eight = LowHand(qualifier=8)
    >>> str(eight.value(parse_cards("Ac 2d 4h 7s 8c Kd Kh"), AnyFive(), ()))
    '8-7-4-2-A'
    >>> eight.value(parse_cards("Ac 2d 4h 9s Tc Kd Kh"), AnyFive(), ()) is None
    True
    """

    scale: Scale = attrs.field(
        default=Scale.ACE_TO_FIVE_LOW, kw_only=True, validator=is_member(Scale)
    )
    qualifier: int | None = attrs.field(default=None, kw_only=True, validator=_check_qualifier)
    #: Deuce-to-seven only: whether the joker plays, as the best card it can be (BARGE
    #: rulebook, the lowball-scales appendix: 6-5-4-3-Joker is 8-6-5-4-3). Off by default:
    #: the game is not played with the joker (BARGE rulebook, "Deuce-to-Seven Lowball").
    deuce_to_seven_joker: bool = attrs.field(default=False, kw_only=True, validator=is_flag)

    def __attrs_post_init__(self) -> None:
        if not self.scale.is_low:
            raise InvalidDefinitionError(
                f"a low share needs a low scale, not the {self.scale.value} scale"
            )
        if self.scale is Scale.BADUGI and self.qualifier is not None:
            raise InvalidDefinitionError("a badugi share has no qualifier: every hand plays")
        if self.deuce_to_seven_joker and self.scale is not Scale.DEUCE_TO_SEVEN_LOW:
            raise InvalidDefinitionError(
                f"deuce_to_seven_joker is a deuce-to-seven option, not one of the "
                f"{self.scale.value} scale"
            )

    def value(
        self, cards: Sequence[AnyCard], selection: Selection, board: Sequence[AnyCard]
    ) -> HandValue | None:
        """The player's best low, or ``None`` when it does not qualify."""
        best = _best(cards, board, selection, self.scale, joker=self.deuce_to_seven_joker)
        if best is None or self.qualifier is None:
            return best
        # Qualifying lows are the best segment of the order, so checking the best low suffices.
        ace_low = self.scale is Scale.ACE_TO_FIVE_LOW
        top = best.ranks[0].low_value if ace_low else int(best.ranks[0])
        if best.category is not HandCategory.HIGH_CARD or top > self.qualifier:
            return None
        return best

    def __str__(self) -> str:
        text = f"{self.scale.value}"
        if self.qualifier is not None:
            text += f", {Rank(self.qualifier).noun.lower()} or better"
        return f"{text}, the joker plays" if self.deuce_to_seven_joker else text


class NoHoleSpade(enum.Enum):
    """Chicago: what happens to the spade half when no live hand holds a spade in the hole.

    The sources (Wikibooks "Poker/High Chicago"; pagat "Chicago";
    house rules quoted by Everything2) agree that the best hand then takes the whole pot
    (default); some home games carry the spade half over to the next pot instead.
    """

    #: The best hand takes the whole pot (default).
    BEST_HAND_TAKES_ALL = "best hand takes all"
    #: The spade half stays in the middle for the next pot.
    CARRY_OVER = "carry over"


class LowChicagoAce(enum.Enum):
    """Low Chicago: where the ace of spades ranks.

    pagat ("Chicago": "the lowest spade, ace counting high") and Everything2 ("Low Chicago":
    "the two of spades is usually considered the lowest spade") make the deuce lowest and the
    ace high (default); Wikibooks ("Poker/High Chicago") lets the ace play low.
    """

    #: The deuce of spades is the lowest spade; the ace is high (default).
    HIGH = "ace high"
    #: The ace of spades is the lowest spade.
    LOW = "ace low"


def _spades(holding_down: Sequence[AnyCard]) -> list[Card]:
    return [c for c in holding_down if isinstance(c, Card) and c.suit is Suit.SPADES]


@attrs.frozen
class HighSpadeInHole:
    """Chicago High Spade: the highest spade dealt face down wins this share; spades dealt face
    up never count (Wikibooks "Poker/High Chicago"; pagat "Chicago"; Everything2 "Low
    Chicago"). ``if_none`` says what happens when nobody has one (:class:`NoHoleSpade`)."""

    if_none: NoHoleSpade = attrs.field(
        default=NoHoleSpade.BEST_HAND_TAKES_ALL, kw_only=True, validator=is_member(NoHoleSpade)
    )

    def spade(self, holding: Holding) -> Card | None:
        """The card that counts for this share: the player's highest hole spade."""
        spades = _spades(_holding(holding).down)
        return max(spades, key=lambda c: c.rank) if spades else None

    def key(self, card: Card) -> int:
        """How the card ranks for this share (greater wins)."""
        return int(_card(card).rank)

    def __str__(self) -> str:
        return "high spade in the hole"


@attrs.frozen
class LowSpadeInHole:
    """Low Chicago: the lowest spade dealt face down wins this share; spades dealt face up never
    count. ``ace`` says where the ace of spades ranks (:class:`LowChicagoAce`), ``if_none``
    what happens when nobody has a spade in the hole (:class:`NoHoleSpade`)."""

    ace: LowChicagoAce = attrs.field(
        default=LowChicagoAce.HIGH, kw_only=True, validator=is_member(LowChicagoAce)
    )
    if_none: NoHoleSpade = attrs.field(
        default=NoHoleSpade.BEST_HAND_TAKES_ALL, kw_only=True, validator=is_member(NoHoleSpade)
    )

    def _rank(self, card: Card) -> int:
        if card.rank is Rank.ACE and self.ace is LowChicagoAce.LOW:
            return 1
        return int(card.rank)

    def spade(self, holding: Holding) -> Card | None:
        """The card that counts for this share: the player's lowest hole spade."""
        spades = _spades(_holding(holding).down)
        return min(spades, key=self._rank) if spades else None

    def key(self, card: Card) -> int:
        """How the card ranks for this share (greater wins: the lower spade)."""
        return -self._rank(_card(card))

    def __str__(self) -> str:
        return f"low spade in the hole ({self.ace.value})"


def _card(value: object) -> Card:
    if not isinstance(value, Card):
        raise InvalidDefinitionError(f"card must be a standard card, not {shown(value)}")
    return value


HandShare: TypeAlias = HighHand | LowHand
SpadeShare: TypeAlias = HighSpadeInHole | LowSpadeInHole
Share: TypeAlias = HighHand | LowHand | HighSpadeInHole | LowSpadeInHole


def _best(
    own: Sequence[AnyCard],
    board: Sequence[AnyCard],
    selection: Selection,
    scale: Scale,
    *,
    joker: bool = False,
) -> HandValue | None:
    own, board = _card_args(own, "cards"), _card_args(board, "board")
    if scale is Scale.BADUGI:  # the player's own four cards, no board
        return evaluate_badugi(own) if len(own) >= BADUGI_CARDS and not board else None
    need_own, need_board = _selection(selection).needs()
    if len(own) < need_own or len(board) < need_board or len(own) + len(board) < 5:
        return None
    if joker:  # deuce-to-seven with the joker (the pure path)
        fives = selection.choices(own, board)
        return max(evaluate_deuce_to_seven_low(five, joker=True) for five in fives)
    if isinstance(selection, AnyFive):
        return evaluate((*own, *board), scale)
    return max(evaluate(five, scale) for five in selection.choices(own, board))


# --- the showdown rule ------------------------------------------------------------------------


def _shares(shares: Iterable[Share]) -> tuple[Share, ...]:
    if isinstance(shares, Share | str):
        raise InvalidDefinitionError(
            f"shares must be a list of pot shares, not {shown(shares)} (write shares=(share,))"
        )
    try:
        return tuple(shares)
    except TypeError:
        raise InvalidDefinitionError(
            f"shares must be a list of pot shares, not {shown(shares)}"
        ) from None


@attrs.frozen
class Showdown:
    """How a variant's pots are won: the shares, in odd-chip order (the first share listed
    gets the odd chip; list the high hand first), and the selection rule.

    Validated at construction: at least one share, no share twice, and at least one share
    that always has a winner (a high hand, or a low without a qualifier), so every contested
    pot is won.
    """

    shares: tuple[Share, ...] = attrs.field(converter=_shares, kw_only=True)
    selection: Selection = attrs.field(
        factory=AnyFive, kw_only=True, validator=is_instance(AnyFive | HoleAndBoard)
    )

    def __attrs_post_init__(self) -> None:
        if not self.shares:
            raise InvalidDefinitionError("a showdown needs at least one share")
        for share in self.shares:
            if not isinstance(share, HighHand | LowHand | HighSpadeInHole | LowSpadeInHole):
                raise InvalidDefinitionError(f"{share!r} is not a pot share")
        if len(set(self.shares)) != len(self.shares):
            raise InvalidDefinitionError(f"a share appears twice in {self.describe()!r}")
        if not any(
            isinstance(s, HighHand) or (isinstance(s, LowHand) and s.qualifier is None)
            for s in self.shares
        ):
            raise InvalidDefinitionError(
                f"the showdown {self.describe()!r} could leave a pot unwon: it needs a high "
                "hand share or a low share without a qualifier"
            )

    @property
    def uses_hole_spades(self) -> bool:
        """Whether a share goes to a spade dealt face down."""
        return any(isinstance(s, HighSpadeInHole | LowSpadeInHole) for s in self.shares)

    @property
    def scales(self) -> tuple[Scale, ...]:
        """The hand scales the shares use, in share order."""
        return tuple(s.scale for s in self.shares if isinstance(s, HighHand | LowHand))

    def describe(self) -> str:
        """The shares in words: ``'high / low spade in the hole (ace high)'``."""
        return " / ".join(str(s) for s in self.shares)

    def values(
        self, holding: Holding, board: Sequence[AnyCard] = ()
    ) -> tuple[HandValue | Card | None, ...]:
        """What the holding counts for each share: a hand value, the spade that counts, or
        ``None`` when it does not qualify."""
        _holding(holding)
        board = _card_args(board, "board")
        out: list[HandValue | Card | None] = []
        for share in self.shares:
            if isinstance(share, HighHand | LowHand):
                out.append(share.value(holding.cards, self.selection, board))
            else:
                out.append(share.spade(holding))
        return tuple(out)

    def rankings(
        self, holdings: Mapping[int, Holding], board: Sequence[AnyCard] = ()
    ) -> tuple[dict[int, int], ...]:
        """For each share, each qualifying seat's strength there (greater is better; seats
        that do not qualify are left out): the rankings :func:`pokerrules.pots.award_pot`
        takes. ``holdings`` are the live hands contesting a pot, by seat."""
        holdings = _holdings(holdings)
        board = _card_args(board, "board")
        _check_distinct(holdings, board)
        return self.trusted_rankings(holdings, board)

    def trusted_rankings(
        self, holdings: Mapping[int, Holding], board: tuple[AnyCard, ...] = ()
    ) -> tuple[dict[int, int], ...]:
        """:meth:`rankings` of holdings and a board the library dealt itself (the hand
        engine's showdown): distinct cards, no checks."""
        out: tuple[dict[int, int], ...] = tuple({} for _ in self.shares)
        fast = self._fast
        if fast is not None and _STANDARD.issuperset(board):
            # Best five of five to seven standard cards, high or unqualified ace-to-five low:
            # the integer API gives the same strengths without building hand values.
            base = sum(board)
            for seat, holding in holdings.items():
                own = holding.cards
                if 5 <= len(own) + len(board) <= 7 and _STANDARD.issuperset(own):
                    out[0][seat] = fast(base + sum(own))
                else:  # the general path: a seat with no hand on the scale is left out
                    value = self.values(holding, board)[0]
                    if isinstance(value, HandValue):
                        out[0][seat] = value.strength
            return out
        for seat, holding in holdings.items():
            for ranking, share, value in zip(
                out, self.shares, self.values(holding, board), strict=True
            ):
                if isinstance(value, HandValue):
                    ranking[seat] = value.strength
                elif value is not None:
                    ranking[seat] = _spade_key(share, value)
        return out

    def trusted_card_rankings(
        self, cards: Mapping[int, tuple[AnyCard, ...]], board: tuple[AnyCard, ...] = ()
    ) -> tuple[dict[int, int], ...] | None:
        """:meth:`trusted_rankings` of each seat's own ``cards`` (down cards first) without
        making a :class:`Holding` of them, when the integer evaluator ranks every hand (one
        high or unqualified ace-to-five low share of five to seven standard cards); ``None``
        otherwise."""
        fast = self._fast
        if fast is None or not _STANDARD.issuperset(board):
            return None
        base = sum(board)
        count = len(board)
        ranking: dict[int, int] = {}
        for seat, own in cards.items():
            if not 5 <= len(own) + count <= 7 or not _STANDARD.issuperset(own):
                return None
            ranking[seat] = fast(base + sum(own))
        return (ranking,)

    @property
    def _fast(self) -> Callable[[int], int] | None:
        """The integer evaluator for a single high or unqualified A-5 low share of any five
        cards, or ``None``."""
        if len(self.shares) != 1 or not isinstance(self.selection, AnyFive):
            return None
        share = self.shares[0]
        if isinstance(share, HighHand) and share.scale is Scale.HIGH:
            return high_strength
        if (
            isinstance(share, LowHand)
            and share.scale is Scale.ACE_TO_FIVE_LOW
            and share.qualifier is None
        ):
            return low_strength
        return None

    def winners(
        self, holdings: Mapping[int, Holding], board: Sequence[AnyCard] = ()
    ) -> tuple[tuple[int, ...], ...]:
        """For each share, the seats that win it (several when they tie; none when nobody
        qualifies). ``holdings`` are the live hands contesting a pot, by seat."""
        out: list[tuple[int, ...]] = []
        for ranking in self.rankings(holdings, board):
            top = max(ranking.values(), default=None)
            out.append(tuple(sorted(seat for seat, k in ranking.items() if k == top)))
        return tuple(out)

    def carried_over(self, winners: Sequence[Sequence[int]]) -> tuple[bool, ...]:
        """For each share, whether its part of the pot carries over to the next pot (a spade
        share nobody won under :attr:`NoHoleSpade.CARRY_OVER`)."""
        if isinstance(winners, str) or not isinstance(winners, Sequence):
            raise InvalidDefinitionError(
                f"winners must be a sequence of each share's winning seats, not {shown(winners)}"
            )
        if len(winners) != len(self.shares):
            raise InvalidDefinitionError(
                f"winners must list the winning seats of each of the {len(self.shares)} "
                f"share(s), not of {len(winners)}"
            )
        for won in winners:
            if isinstance(won, str) or not isinstance(won, Sequence):
                raise InvalidDefinitionError(
                    f"winners must hold a sequence of seats for each share, not {shown(won)}"
                )
        return tuple(
            not won
            and isinstance(share, HighSpadeInHole | LowSpadeInHole)
            and share.if_none is NoHoleSpade.CARRY_OVER
            for share, won in zip(self.shares, winners, strict=True)
        )


def _spade_key(share: Share, card: Card) -> int:
    if isinstance(share, HighSpadeInHole | LowSpadeInHole):
        return share.key(card)
    raise InvalidDefinitionError(f"{share} is not a spade share")  # pragma: no cover


def _check_distinct(holdings: Mapping[int, Holding], board: Sequence[AnyCard]) -> None:
    every = [*board]
    for holding in holdings.values():
        every += holding.down
        every += holding.up
    if len(set(every)) == len(every):
        return
    seen: set[int] = set(board)
    if len(seen) != len(board):
        raise InvalidDefinitionError("the board holds the same card twice")
    for holding in holdings.values():
        for card in holding.cards:
            if card in seen:
                raise InvalidDefinitionError(f"{card} appears twice in the hands and board")
            seen.add(card)

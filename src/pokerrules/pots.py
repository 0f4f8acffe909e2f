"""Pots: main and side pots, uncalled bets, awards, odd chips and split shares.

Pure functions over plain values (seat numbers and chip counts), usable without the rest of
the library. The rules are Robert's Rules of Poker (RRoP) and the WSOP/TDA rules:

* every player's contribution is cut at each all-in level into a main pot and side pots; a
  player is eligible only for the pots they contributed to, and folded chips stay in;
* the part of the largest bet nobody called is returned to its owner (it is in no pot);
* side pots are awarded before the main pot, each to the best eligible hand; ties split;
* an odd chip goes to the first winner clockwise from the button in button games, or by the
  stud rule; a pot split into shares (high/low, best hand/high spade) puts the odd chip in the
  high half.

A worked example: a $20 bet, one player all-in for $5 and two callers
make a $20 main pot and a $45 side pot (a $15-a-head side pot for the three who bet $20):

>>> from pokerrules.pots import award, side_pots
>>> pots = side_pots({1: 20, 2: 5, 3: 20, 4: 20})
>>> [(p.amount, p.eligible) for p in pots]
[(20, (1, 2, 3, 4)), (45, (1, 3, 4))]
>>> result = award(pots, {1: 7, 2: 9, 3: 7, 4: 2})   # greater is better; seat 2 has the nuts
>>> result.payouts
{1: 23, 2: 20, 3: 22}
"""

from __future__ import annotations

import enum
import numbers
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final, TypeAlias

import attrs

from pokerrules._validators import (
    INT_ONLY,
    is_int,
    is_seat_chips,
    is_whole,
    optional,
    seat_tuple,
    shown,
)
from pokerrules.cards import Card, Joker, card_tuple
from pokerrules.errors import InvalidDefinitionError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from pokerrules.evaluation import Scale

__all__ = [
    "Award",
    "Pot",
    "PotAward",
    "PotTable",
    "Pots",
    "Ranking",
    "Shares",
    "StudOddChip",
    "award",
    "award_pot",
    "clockwise_from",
    "odd_chip_order_by_card",
    "side_pots",
    "side_pots_batch",
    "split_amount",
    "stud_odd_chip_order",
    "uncalled_bet",
]

_new = object.__new__

#: A showdown ranking: either a mapping from seat to a comparable strength where *greater is
#: better* (ints, :class:`~pokerrules.evaluation.HandValue`), or a sequence of tiers of seats,
#: best first (``[[3], [1, 5], [2]]``: seat 3 best, seats 1 and 5 tie next). Seats left out
#: have no qualifying hand for that share.
Ranking: TypeAlias = Mapping[int, Any] | Sequence[Collection[int]]


#: Plain collections whose items are checked with one pass over their types.
_PLAIN: Final = frozenset({tuple, list, set, frozenset})
#: Whether every type an iterable yields is ``int`` (bools and floats are not seats or chips).
_all_int: Final = INT_ONLY.issuperset
_chips_of: Final = itemgetter(1)


def _seat_tuple(seats: Iterable[int]) -> tuple[int, ...]:
    return seat_tuple(seats, "eligible")


@attrs.frozen
class Pot:
    """A pot and the seats eligible to win it (ascending seat numbers)."""

    amount: int = attrs.field(validator=is_whole)
    eligible: tuple[int, ...] = attrs.field(converter=_seat_tuple)

    def __str__(self) -> str:
        return f"{self.amount} ({', '.join(map(str, self.eligible))})"


def _pot_tuple(pots: Iterable[Pot], what: str = "pots") -> tuple[Pot, ...]:
    if isinstance(pots, str | bytes | Mapping):
        raise InvalidDefinitionError(f"{what} must be a sequence of Pot values, not {shown(pots)}")
    try:
        out: tuple[Any, ...] = tuple(pots)
    except TypeError:
        msg = f"{what} must be a sequence of Pot values, not {shown(pots)}"
        raise InvalidDefinitionError(msg) from None
    strangers = [p for p in out if not isinstance(p, Pot)]
    if strangers:
        raise InvalidDefinitionError(f"{what} must hold Pot values, not {shown(strangers[0])}")
    return out


def _seat_chips(_instance: object, attribute: Any, value: Any) -> None:
    if not is_seat_chips(value):
        msg = f"{attribute.name} must be a (seat, chips) pair or None, not {shown(value)}"
        raise InvalidDefinitionError(msg)


@attrs.frozen
class Pots(Sequence[Pot]):
    """The pots of a hand, main pot first, and the uncalled bet returned (if any).

    A :class:`Pots` is a sequence of :class:`Pot`; ``total`` is what the pots hold.
    """

    pots: tuple[Pot, ...] = attrs.field(converter=_pot_tuple)
    #: ``(seat, chips)`` of the uncalled bet given back, or ``None``.
    returned: tuple[int, int] | None = attrs.field(default=None, validator=optional(_seat_chips))

    @property
    def main(self) -> Pot:
        """The main pot."""
        return self.pots[0]

    @property
    def side(self) -> tuple[Pot, ...]:
        """The side pots, in the order they were made."""
        return self.pots[1:]

    @property
    def total(self) -> int:
        """The chips in all the pots."""
        return sum(p.amount for p in self.pots)

    def __len__(self) -> int:
        return len(self.pots)

    def __iter__(self) -> Iterator[Pot]:
        return iter(self.pots)

    def __getitem__(self, index: Any) -> Any:
        return self.pots[index]


# trusted constructors for values built from checked input: the slots' own setters, which skip
# the validators, the converter and the frozen-class guard
_set_amount = Pot.__dict__["amount"].__set__
_set_eligible = Pot.__dict__["eligible"].__set__
_set_pots = Pots.__dict__["pots"].__set__
_set_returned = Pots.__dict__["returned"].__set__


def _pot(amount: int, eligible: tuple[int, ...]) -> Pot:
    """``Pot(amount, eligible)`` without the checks, for an amount >= 0 and ascending seats."""
    pot: Pot = _new(Pot)
    _set_amount(pot, amount)
    _set_eligible(pot, eligible)
    return pot


def _pots(pots: tuple[Pot, ...], returned: tuple[int, int] | None) -> Pots:
    """``Pots(pots, returned)`` without the checks, for pots and a returned bet made here."""
    result: Pots = _new(Pots)
    _set_pots(result, pots)
    _set_returned(result, returned)
    return result


def _check_contributions(contributions: object) -> None:
    """Refuse contributions that are not a mapping of seat numbers to whole chips >= 0."""
    if not isinstance(contributions, Mapping):
        msg = f"contributions must be a mapping of seat -> chips, not {shown(contributions)}"
        raise InvalidDefinitionError(msg)
    for seat, chips in contributions.items():
        if not is_int(seat):
            msg = f"contributions: {shown(seat)} is not a seat number (seats are ints)"
            raise InvalidDefinitionError(msg)
        if not is_int(chips) or chips < 0:
            msg = (
                f"seat {shown(seat)}'s contribution must be a whole number of chips >= 0, "
                f"not {shown(chips)}"
            )
            raise InvalidDefinitionError(msg)


def uncalled_bet(contributions: Mapping[int, int]) -> tuple[int, int] | None:
    """The part of the largest contribution that nobody matched: ``(seat, chips)`` or ``None``.

    Folded players' chips count as matching (they called that much before folding).

    >>> uncalled_bet({1: 100, 2: 40, 3: 60})   # seat 1 bet 100, the best call was 60
    (1, 40)
    >>> uncalled_bet({1: 50, 2: 50}) is None
    True
    """
    _check_contributions(contributions)
    if not contributions:
        return None
    top_seat = max(contributions, key=lambda s: contributions[s])
    top = contributions[top_seat]
    second = max((c for s, c in contributions.items() if s != top_seat), default=0)
    return (top_seat, top - second) if top > second else None


def side_pots(contributions: Mapping[int, int], folded: Collection[int] = ()) -> Pots:
    """The main and side pots made by everyone's contributions for the hand.

    ``contributions`` maps every seat that put chips in (folded or not) to its total for the
    hand; ``folded`` lists the seats that folded. The uncalled part of the largest bet is
    returned first (:func:`uncalled_bet`); the rest is cut at each level where a player still
    in the hand is all-in. A pot is shared by the players who reached its level; chips of folded
    players stay in the pots they reached. At least one seat must not have folded.

    >>> pots = side_pots({1: 100, 2: 300, 3: 300, 4: 50}, folded={4})
    >>> [(p.amount, p.eligible) for p in pots], pots.total
    ([(350, (1, 2, 3)), (400, (2, 3))], 750)
    """
    chips = contributions
    # the input is checked once: a plain dict of plain ints passes with one look at the types
    # of its keys and values (a negative amount shows at the bottom of the sort below);
    # anything else gets the full check, and its precise message
    if not (
        type(chips) is dict and _all_int(map(type, chips)) and _all_int(map(type, chips.values()))
    ):
        _check_contributions(chips)
    ranked = sorted(chips.items(), key=_chips_of)  # (seat, chips), fewest chips first
    if ranked and ranked[0][1] < 0:
        _check_contributions(chips)
    out: Collection[int]
    if type(folded) in _PLAIN and _all_int(map(type, folded)):
        out = folded
    else:
        out = set(seat_tuple(folded, "folded"))
    eligible = sorted(chips.keys() - out)
    if not eligible:
        raise InvalidDefinitionError("every player folded: there is no one to win the pot")
    # the uncalled bet: what the top contribution has above the second highest goes back
    left = len(ranked)
    top_seat, top = ranked[-1]
    second = ranked[-2][1] if left > 1 else 0
    returned = None
    if top > second:
        returned = (top_seat, top - second)
        ranked[-1] = (top_seat, second)
    if ranked[0][1] == second:  # everyone put in the same (the top bet called): one pot
        return _pots((_pot(second * left, tuple(eligible)),), returned)
    # one walk up every seat by chips: a live player above the last level cuts a pot there,
    # shared by the live players not yet passed; everyone's chips capped at the level add up to
    # the chips in the pots up to it (those passed in full, the rest the level each), so the pot
    # is the growth of that sum. Folded chips above the last live level go in the last pot.
    pots: list[Pot] = []
    made = passed = below = 0
    leave = eligible.remove
    for seat, level in ranked:
        if seat not in out:
            if level != below:
                capped = passed + level * left
                pot = _new(Pot)
                _set_amount(pot, capped - made)
                _set_eligible(pot, tuple(eligible))
                pots.append(pot)
                made = capped
                below = level
            leave(seat)
        passed += level
        left -= 1
    if not pots:  # every live player put in nothing
        pots.append(_pot(passed, tuple(sorted(chips.keys() - out))))
    elif passed > made:
        _set_amount(pots[-1], pots[-1].amount + passed - made)
    return _pots(tuple(pots), returned)


def split_amount(amount: int, parts: int, *, chip: int = 1) -> tuple[int, ...]:
    """Split ``amount`` into ``parts`` shares in whole ``chip`` units; odd chips go to the
    first shares (the high half of a high-low pot: RRoP, "Ties"). Chips smaller than a
    unit, if any, go to the first share.

    >>> split_amount(25, 2)                 # hi/lo: the odd chip plays high
    (13, 12)
    >>> split_amount(110, 3, chip=5)        # $5 chips three ways: 40, 35, 35
    (40, 35, 35)
    """
    numbers = (amount, parts, chip)
    if any(isinstance(n, bool) or not isinstance(n, int) for n in numbers) or (
        parts < 1 or chip < 1 or amount < 0
    ):
        msg = (
            f"cannot split {shown(amount)} into {shown(parts)} parts of {shown(chip)}-chip "
            "units: amount must be a whole number >= 0, parts and chip positive whole numbers"
        )
        raise InvalidDefinitionError(msg)
    return _split(amount, parts, chip)


def _split(amount: int, parts: int, chip: int) -> tuple[int, ...]:
    """:func:`split_amount` on amounts known valid."""
    if parts == 1:
        return (amount,)
    units, dust = divmod(amount, chip)
    each, extra = divmod(units, parts)
    shares = [(each + (1 if k < extra else 0)) * chip for k in range(parts)]
    shares[0] += dust
    return tuple(shares)


def _check_ranking(ranking: object) -> None:
    """Refuse a ranking that is neither a mapping of seats to strengths nor tiers of seats."""
    if isinstance(ranking, Mapping):
        strangers = [s for s in ranking if not is_int(s)]
        if strangers:
            msg = f"a ranking's seats must be seat numbers, not {shown(strangers[0])}"
            raise InvalidDefinitionError(msg)
        return
    if isinstance(ranking, str | bytes) or not isinstance(ranking, Sequence):
        msg = (
            "a ranking must be a mapping of seat -> strength or a sequence of tiers of seats, "
            f"not {shown(ranking)}"
        )
        raise InvalidDefinitionError(msg)
    for tier in ranking:
        seat_tuple(tier, "each tier of a ranking")


def _best(ranking: Ranking, eligible: Collection[int]) -> list[int]:
    """The eligible seats ranked best (several when they tie), in ranking order."""
    if isinstance(ranking, dict):
        seats = [s for s in ranking if s in eligible]
        if not seats:
            return []
        try:
            top = max([ranking[s] for s in seats])
            return [s for s in seats if not ranking[s] < top]
        except TypeError:
            msg = "a ranking's strengths must be comparable with each other (greater is better)"
            raise InvalidDefinitionError(msg) from None
    tiers = _tiers(ranking, eligible)
    return tiers[0] if tiers else []


def _tiers(ranking: Ranking, eligible: Collection[int]) -> list[list[int]]:
    """The ranking as tiers of eligible seats, best first."""
    if isinstance(ranking, Mapping):
        seats = [s for s in ranking if s in eligible]
        tiers: list[list[int]] = []
        try:
            for seat in sorted(seats, key=lambda s: ranking[s], reverse=True):
                if tiers and not ranking[seat] < ranking[tiers[-1][0]]:
                    tiers[-1].append(seat)
                else:
                    tiers.append([seat])
        except TypeError:
            msg = "a ranking's strengths must be comparable with each other (greater is better)"
            raise InvalidDefinitionError(msg) from None
        return tiers
    return [t for t in ([s for s in tier if s in eligible] for tier in ranking) if t]


@attrs.frozen(init=False)
class Shares:
    """A pot split into shares, each awarded by its own ranking: ``Shares(high, low)`` for
    high-low split games, ``Shares(best_hand, high_spade)`` for Chicago. The first share gets
    the odd chip (RRoP, "Ties": the odd chip goes to the high hand).

    >>> Shares({1: 5, 2: 3}, {2: 1}).rankings
    ({1: 5, 2: 3}, {2: 1})
    """

    rankings: tuple[Ranking, ...]

    def __init__(self, *rankings: Ranking) -> None:
        if not rankings:
            raise InvalidDefinitionError("Shares needs at least one ranking")
        for ranking in rankings:
            _check_ranking(ranking)
        self.__attrs_init__(rankings)


@attrs.frozen
class PotAward:
    """How one pot was awarded: the winners of each share and every seat's payout."""

    pot: Pot
    #: 0 for the main pot, 1 for the first side pot, ...
    index: int
    #: The winning seats of each share (one tuple per share that had a qualifying hand).
    winners: tuple[tuple[int, ...], ...]
    #: ``(seat, chips)`` pairs in odd-chip order.
    payouts: tuple[tuple[int, int], ...]

    @property
    def name(self) -> str:
        """``'main pot'`` or ``'side pot 1'``, ..."""
        return "main pot" if self.index == 0 else f"side pot {self.index}"


@attrs.frozen
class Award:
    """The awards of every pot, side pots first (the order they are awarded), and the
    uncalled bet given back (``(seat, chips)``, or ``None``)."""

    pots: tuple[PotAward, ...]
    returned: tuple[int, int] | None = attrs.field(default=None, validator=optional(_seat_chips))

    @property
    def payouts(self) -> dict[int, int]:
        """Chips won by each winning seat, over all pots (seat order)."""
        total: dict[int, int] = {}
        for pot in self.pots:
            for seat, chips in pot.payouts:
                total[seat] = total.get(seat, 0) + chips
        return dict(sorted(total.items()))

    @property
    def total(self) -> int:
        """Chips awarded: the sum of the pots."""
        return sum(p.pot.amount for p in self.pots)

    @property
    def totals(self) -> dict[int, int]:
        """What each seat takes from the table, in seat order: its winnings over all pots
        plus the uncalled bet given back to it, with 0 for a seat eligible for a pot that
        won nothing. :attr:`payouts` lists only the winners' winnings.

        >>> result = award(side_pots({1: 50, 2: 100, 3: 120}), [[1], [3], [2]])
        >>> result.payouts, result.returned
        ({1: 150, 3: 100}, (3, 20))
        >>> result.totals
        {1: 150, 2: 0, 3: 120}
        """
        total = {seat: 0 for pot in self.pots for seat in pot.pot.eligible}
        for pot in self.pots:
            for seat, chips in pot.payouts:
                total[seat] = total.get(seat, 0) + chips
        if self.returned is not None:
            seat, chips = self.returned
            total[seat] = total.get(seat, 0) + chips
        return dict(sorted(total.items()))


def _ordered(seats: Iterable[int], order: Sequence[int] | None) -> list[int]:
    if order is None:
        return sorted(seats)
    position = {s: k for k, s in enumerate(order)}
    return sorted(seats, key=lambda s: (position.get(s, len(position)), s))


def award_pot(
    pot: Pot,
    ranking: Ranking | Shares,
    *,
    odd_chip_order: Sequence[int] | None = None,
    share_orders: Sequence[Sequence[int] | None] | None = None,
    chip: int = 1,
    index: int = 0,
) -> PotAward:
    """Award one pot.

    ``ranking`` is a :data:`Ranking`, or :class:`Shares` for a pot split into shares (high
    first, then low -- or best hand, then high spade). A share no eligible seat qualifies for
    (no qualifying low) goes to the other shares. Tied winners split their share; odd chips go
    to the tied winners in ``odd_chip_order`` (default: seat order) -- or, share by share, in
    ``share_orders`` (stud: the low half's odd chip goes by the low hands' cards) -- and a pot
    split into shares gives its odd chip to the first share. See :func:`clockwise_from` and
    :func:`odd_chip_order_by_card` for the two odd-chip rules.

    >>> pot = Pot(25, (1, 2, 3))
    >>> award_pot(pot, Shares({1: 9, 2: 5, 3: 5}, {2: 8, 3: 8})).payouts   # hi 13, lo 12 split 6/6
    ((1, 13), (2, 6), (3, 6))
    """
    if not isinstance(pot, Pot):
        raise InvalidDefinitionError(f"pot must be a Pot, not {shown(pot)}")
    if not is_int(index) or index < 0:
        raise InvalidDefinitionError(f"index must be a whole number >= 0, not {shown(index)}")
    _check_award_options(ranking, odd_chip_order, chip)
    shares = _as_shares(ranking)
    if share_orders is not None:
        if isinstance(share_orders, str | bytes) or not isinstance(share_orders, Sequence):
            msg = f"share_orders must be a sequence of orders, not {shown(share_orders)}"
            raise InvalidDefinitionError(msg)
        for order in share_orders:
            if order is not None:
                seat_tuple(order, "each of share_orders")
    if share_orders is not None and len(share_orders) != len(shares):
        msg = f"share_orders lists {len(share_orders)} orders for {len(shares)} shares"
        raise InvalidDefinitionError(msg)
    return trusted_award_pot(
        pot,
        shares,
        odd_chip_order=odd_chip_order,
        share_orders=share_orders,
        chip=chip,
        index=index,
    )


def trusted_award_pot(
    pot: Pot,
    shares: Sequence[Ranking],
    *,
    odd_chip_order: Sequence[int] | None = None,
    share_orders: Sequence[Sequence[int] | None] | None = None,
    chip: int = 1,
    index: int = 0,
) -> PotAward:
    """:func:`award_pot` on input the library built itself (the hand engine's settlement):
    ``shares`` are the rankings of each share; no checks."""
    orders = share_orders if share_orders is not None else (odd_chip_order,) * len(shares)
    eligible = pot.eligible
    tops = [_best(r, eligible) for r in shares]
    if len(tops) == 1 and len(tops[0]) == 1:  # one share, one winner: the whole pot is theirs
        winner = tops[0][0]
        return PotAward(pot, index, ((winner,),), ((winner, pot.amount),))
    winners = [tuple(_ordered(top, o)) for top, o in zip(tops, orders, strict=True) if top]
    if not winners:
        msg = f"no eligible player ({', '.join(map(str, pot.eligible))}) has a ranked hand"
        raise InvalidDefinitionError(msg)
    paid: dict[int, int] = {}
    for share, seats in zip(_split(pot.amount, len(winners), chip), winners, strict=True):
        for seat, chips in zip(seats, _split(share, len(seats), chip), strict=True):
            paid[seat] = paid.get(seat, 0) + chips
    payouts = tuple((s, paid[s]) for s in _ordered(paid, odd_chip_order))
    return PotAward(pot, index, tuple(winners), payouts)


def _as_shares(ranking: Ranking | Shares) -> tuple[Ranking, ...]:
    return ranking.rankings if isinstance(ranking, Shares) else (ranking,)


def _check_award_options(ranking: object, odd_chip_order: object, chip: object) -> None:
    """Refuse a ranking, an odd-chip order or a chip that cannot award a pot."""
    if not isinstance(ranking, Shares):
        _check_ranking(ranking)
    if odd_chip_order is not None:
        seat_tuple(odd_chip_order, "odd_chip_order")
    if not is_int(chip) or chip <= 0:
        raise InvalidDefinitionError(f"chip must be a positive whole number, not {shown(chip)}")


def award(
    pots: Pots | Sequence[Pot],
    ranking: Ranking | Shares,
    *,
    odd_chip_order: Sequence[int] | None = None,
    chip: int = 1,
) -> Award:
    """Award every pot, side pots first, from the showdown ``ranking`` (see
    :func:`award_pot`). The payouts add up to the pots and go only to eligible seats; the
    award keeps the uncalled bet of :class:`Pots` (see :attr:`Award.totals`).

    >>> pots = side_pots({1: 50, 2: 100, 3: 100})
    >>> [(a.name, a.payouts) for a in award(pots, [[1], [2, 3]]).pots]
    [('side pot 1', ((2, 50), (3, 50))), ('main pot', ((1, 150),))]
    """
    listed = _pot_tuple(pots)
    _check_award_options(ranking, odd_chip_order, chip)
    # checked once here for every pot: each is awarded as award_pot would, without its checks
    shares = _as_shares(ranking)
    awards = [
        trusted_award_pot(listed[k], shares, odd_chip_order=odd_chip_order, chip=chip, index=k)
        for k in reversed(range(len(listed)))
    ]
    return Award(tuple(awards), pots.returned if isinstance(pots, Pots) else None)


def clockwise_from(button: int, seats: Iterable[int]) -> tuple[int, ...]:
    """The seats in clockwise order starting left of ``button`` (seat numbers increase
    clockwise). The odd-chip order of button games: the first winner clockwise from the button
    gets the odd chip (RRoP, "Ties").

    >>> clockwise_from(5, [1, 3, 5, 7, 9])
    (7, 9, 1, 3, 5)
    """
    if not is_int(button):
        raise InvalidDefinitionError(f"button must be a seat number, not {shown(button)}")
    ordered = sorted(set(seat_tuple(seats, "seats")))
    return tuple(s for s in ordered if s > button) + tuple(s for s in ordered if s <= button)


class StudOddChip(enum.Enum):
    """Who gets the odd chip in stud games (``Variant.stud_odd_chip``)."""

    #: The highest card by suit within the winning five-card hands (WSOP Tournament rule 73,
    #: TDA). The default.
    HIGH_CARD_IN_HAND = "highest card in the five-card hand"
    #: The highest card by suit among all the player's cards; in low games the lowest card
    #: (RRoP, "Ties").
    ALL_CARDS = "highest card of all; lowest in low games"


def odd_chip_order_by_card(
    cards: Mapping[int, Iterable[Card]], *, lowest: bool = False, ace_low: bool = False
) -> tuple[int, ...]:
    """The stud odd-chip order: seats by their highest card, ranks first and then the suit
    order clubs < diamonds < hearts < spades (or by their lowest card with ``lowest``).

    Pass the cards :class:`StudOddChip` names: the five-card hands (default rule), or all of a
    player's cards (RRoP). ``ace_low`` ranks the ace below the deuce (ace-to-five games).

    >>> from pokerrules.cards import parse_cards
    >>> odd_chip_order_by_card({1: parse_cards("Kd 9c"), 2: parse_cards("Ks 2c")})
    (2, 1)
    """

    for name, value in (("lowest", lowest), ("ace_low", ace_low)):
        if not isinstance(value, bool):
            raise InvalidDefinitionError(f"{name} must be True or False, not {shown(value)}")
    if not isinstance(cards, Mapping):
        msg = f"cards must be a mapping of seat -> cards, not {shown(cards)}"
        raise InvalidDefinitionError(msg)
    hands: dict[int, tuple[Card, ...]] = {}
    for seat, hand in cards.items():
        if not is_int(seat):
            raise InvalidDefinitionError(f"cards: {shown(seat)} is not a seat number")
        if isinstance(hand, str | bytes | Card) or not isinstance(hand, Iterable):
            msg = f"cards: seat {shown(seat)}'s cards must be Card values, not {shown(hand)}"
            raise InvalidDefinitionError(msg)
        hands[seat] = tuple(hand)
        if not all(isinstance(c, Card) for c in hands[seat]):
            msg = f"cards: seat {shown(seat)}'s cards must be Card values"
            raise InvalidDefinitionError(msg)

    def key(card: Card) -> tuple[int, int]:
        rank = 1 if ace_low and card.rank == 14 else int(card.rank)
        return rank, int(card.suit)

    best = {
        seat: (min if lowest else max)((key(c) for c in hand), default=(0, 0))
        for seat, hand in hands.items()
    }
    return tuple(sorted(best, key=lambda s: best[s], reverse=not lowest))


def stud_odd_chip_order(
    hands: Mapping[int, Iterable[Card | Joker]],
    rule: StudOddChip = StudOddChip.HIGH_CARD_IN_HAND,
    *,
    scale: Scale | None = None,
) -> tuple[int, ...]:
    """The odd-chip order of a stud pot under ``rule``: the seats from ``hands`` (each
    player's cards: down and up, and any board cards), the first in line first.

    * :attr:`StudOddChip.HIGH_CARD_IN_HAND` (the default; WSOP Tournament rule 73, TDA): by the
      highest card, by rank and then by suit (clubs < diamonds < hearts < spades), within the
      five cards that make the player's hand on ``scale`` (default: high).
    * :attr:`StudOddChip.ALL_CARDS` (Robert's Rules of Poker, "Ties"): by the highest card of
      all the player's cards -- in a low game (a low ``scale``) by the lowest card.

    An ace counts low on the ace-to-five scale. The joker has no suit and never decides.
    The hand engine orders stud odd chips with this; :func:`award_pot` takes the order.

    >>> from pokerrules.cards import parse_cards
    >>> hands = {1: parse_cards("Kh Jh 9h 5h 3h 2c 4c"), 2: parse_cards("Kd Jd 9d 5d 3d As 4s")}
    >>> stud_odd_chip_order(hands)  # equal flushes: the king of hearts beats the diamond king
    (1, 2)
    >>> stud_odd_chip_order(hands, StudOddChip.ALL_CARDS)   # seat 2's ace, outside its flush
    (2, 1)
    >>> from pokerrules.evaluation import Scale
    >>> razz = {1: parse_cards("As 2h 3d 4c 6s Kd Qd"), 2: parse_cards("Ac 2c 3c 4d 6d Ks Qs")}
    >>> stud_odd_chip_order(razz, StudOddChip.ALL_CARDS, scale=Scale.ACE_TO_FIVE_LOW)
    (2, 1)
    """
    from pokerrules.evaluation import Scale, best_five  # noqa: PLC0415 - only stud needs it

    if not isinstance(rule, StudOddChip):
        raise InvalidDefinitionError(f"rule must be a StudOddChip, not {shown(rule)}")
    if scale is None:
        scale = Scale.HIGH
    if not isinstance(scale, Scale) or scale is Scale.BADUGI:
        raise InvalidDefinitionError(f"scale must be a five-card Scale, not {shown(scale)}")
    if not isinstance(hands, Mapping):
        msg = f"hands must be a mapping of seat -> cards, not {shown(hands)}"
        raise InvalidDefinitionError(msg)
    cards: dict[int, list[Card]] = {}
    for seat, hand in hands.items():
        if not is_int(seat):
            raise InvalidDefinitionError(f"hands: {shown(seat)} is not a seat number")
        pool = card_tuple(hand, f"seat {seat}'s cards")
        if rule is StudOddChip.HIGH_CARD_IN_HAND and len(pool) >= 5:
            pool = best_five(pool, scale)
        cards[seat] = [c for c in pool if isinstance(c, Card)]
    return odd_chip_order_by_card(
        cards,
        lowest=scale.is_low and rule is StudOddChip.ALL_CARDS,
        ace_low=scale is Scale.ACE_TO_FIVE_LOW,
    )


# --------------------------------------------------------------------------------------------
# many hands at once (numpy)


@attrs.frozen(eq=False)
class PotTable:
    """The pots of many hands (from :func:`side_pots_batch`), as numpy arrays.

    For ``N`` hands of up to ``P`` players: ``amounts[n, k]`` is pot ``k`` of hand ``n`` in the
    order they are made (an amount of 0 is no pot: a repeated all-in level, or a hand with
    fewer pots), ``eligible[n, k, j]`` whether player ``j`` may win it, and ``returned[n, j]``
    the uncalled bet given back to player ``j``.
    """

    amounts: npt.NDArray[np.int64]
    eligible: npt.NDArray[np.bool_]
    returned: npt.NDArray[np.int64]

    def __attrs_post_init__(self) -> None:
        shapes = [getattr(a, "shape", None) for a in (self.amounts, self.eligible, self.returned)]
        amounts, eligible, returned = shapes
        if not (
            isinstance(amounts, tuple)
            and len(amounts) == 2
            and eligible == (*amounts, amounts[1])
            and returned == amounts
        ):
            msg = (
                "a PotTable needs numpy arrays: amounts (N, P), eligible (N, P, P) and "
                f"returned (N, P), not the shapes {shapes}"
            )
            raise InvalidDefinitionError(msg)

    def __len__(self) -> int:
        return len(self.amounts)

    def pots(self, n: int) -> Pots:
        """Hand ``n`` as :class:`Pots` (players numbered by column), ``0 <= n < len(table)``."""
        hands = len(self.amounts)
        if not isinstance(n, numbers.Integral) or isinstance(n, bool) or not 0 <= n < hands:
            msg = f"n must be a hand number from 0 to {hands - 1}, not {shown(n)}"
            if not hands:
                msg = f"the table holds no hands; there is no hand {shown(n)}"
            raise InvalidDefinitionError(msg)
        n = int(n)
        pots = tuple(
            Pot(int(amount), tuple(int(j) for j in self.eligible[n, k].nonzero()[0]))
            for k, amount in enumerate(self.amounts[n])
            if amount
        )
        back = self.returned[n].nonzero()[0]
        returned = (int(back[0]), int(self.returned[n, back[0]])) if len(back) else None
        return Pots(pots or (Pot(0, ()),), returned)


def side_pots_batch(contributions: npt.ArrayLike, folded: npt.ArrayLike | None = None) -> PotTable:
    """:func:`side_pots` for many hands at once, with numpy (the ``fast`` extra).

    ``contributions`` is an ``(N, P)`` array of each player's chips for the hand, ``folded`` a
    boolean array of the same shape (pad short hands with 0 chips and ``folded=True``). The
    result matches :func:`side_pots` hand by hand, for simulations over many hands.
    Contributions must be integers (a float array is refused, not rounded: chips are whole)
    whose sum in a hand fits in 64 bits.

    >>> table = side_pots_batch([[20, 5, 20, 20], [100, 300, 300, 50]],
    ...                         [[False] * 4, [False, False, False, True]])
    >>> table.pots(0).pots
    (Pot(amount=20, eligible=(0, 1, 2, 3)), Pot(amount=45, eligible=(0, 2, 3)))
    >>> [(p.amount, p.eligible) for p in table.pots(1)]
    [(350, (0, 1, 2)), (400, (1, 2))]
    """
    np = _numpy()
    shape = "contributions must be an (N, P) array of whole chips >= 0"
    try:
        given = np.asarray(contributions)
    except (TypeError, ValueError, OverflowError):
        raise InvalidDefinitionError(f"{shape}: a list of equal rows of ints") from None
    if given.ndim != 2 or given.shape[1] < 1:
        raise InvalidDefinitionError(f"{shape}, not an array of shape {given.shape}")
    if given.dtype.kind not in "iu":
        # floats are not whole chips (5.9 would be cut to 5), nor are bools; Python ints too
        # large for 64 bits arrive as objects or floats
        msg = f"{shape}: integers that fit in 64 bits, not values of type {given.dtype}"
        raise InvalidDefinitionError(msg)
    if given.size and (given < 0).any():
        raise InvalidDefinitionError(f"{shape}: a contribution is negative")
    players = given.shape[1]
    if given.size and int(given.max()) * players >= 2**63 - 1:
        msg = f"{shape}: the chips of a hand must add up to less than 2**63 - 1"
        raise InvalidDefinitionError(msg)
    chips = given.astype(np.int64)  # a fresh copy, changed below
    if folded is None:
        out = np.zeros(chips.shape, dtype=bool)
    else:
        try:
            out = np.asarray(folded)
        except (TypeError, ValueError, OverflowError):
            raise InvalidDefinitionError("folded must be a boolean array") from None
        if out.size and out.dtype.kind != "b":
            msg = f"folded must be a boolean array (True: folded), not values of type {out.dtype}"
            raise InvalidDefinitionError(msg)
        out = out.astype(bool)
    if out.shape != chips.shape:
        msg = f"folded must have the shape of contributions, {chips.shape}, not {out.shape}"
        raise InvalidDefinitionError(msg)
    if out.all(axis=1).any():
        raise InvalidDefinitionError("every player folded in some hand: no one can win it")
    # flat indices of one cell a row (faster than indexing with two arrays)
    rows = np.arange(0, chips.size, players)
    flat = chips.reshape(-1)  # a view: chips is a fresh copy
    # the uncalled bet: the top contribution above the second highest goes back
    top = rows + chips.argmax(axis=1)
    top_chips = flat[top]
    flat[top] = 0
    second = chips.max(axis=1)
    flat[top] = second
    returned = np.zeros_like(chips)
    returned.reshape(-1)[top] = top_chips - second
    if int(chips.max(initial=0)) * players < 2**31 - 1:
        chips = chips.astype(np.int32)  # the same sums, faster
    # cut at every live player's level: capped at a level, the contributions sum to the chips
    # in the pots up to it; folded chips above the last level go in the last pot
    never = np.iinfo(chips.dtype).max
    levels = np.sort(np.where(out, never, chips), axis=1)
    # (one player at a time: a sum over a short last axis is slow in numpy)
    capped = np.minimum(chips[:, :1], levels)
    for j in range(1, players):
        capped += np.minimum(chips[:, j : j + 1], levels)
    capped = capped.astype(np.int64)
    amounts = np.diff(capped, axis=1, prepend=0)
    valid = levels != never
    last = rows + (valid.view(np.uint8) @ np.ones(players, dtype=np.intp)) - 1
    top_level = levels.reshape(-1)[last]
    first = rows + np.argmax(levels == top_level[:, None], axis=1)  # where the last pot starts
    amounts.reshape(-1)[first] += capped[:, -1] - capped.reshape(-1)[last]
    np.multiply(amounts, valid, out=amounts)
    # a player is eligible up to their level (a repeated level leaves a pot of 0: no pot);
    # compared with the hands along the last axis, which numpy does fastest
    live_chips = np.where(out, -1, chips).T
    eligible = np.ascontiguousarray(
        (live_chips[None, :, :] >= levels.T[:, None, :]).transpose(2, 0, 1)
    )
    return PotTable(amounts, eligible, returned)


def _numpy() -> Any:
    try:
        import numpy  # noqa: PLC0415
    except ImportError:
        msg = "side_pots_batch needs numpy: install the extra with pip install 'pokerrules[fast]'"
        raise InvalidDefinitionError(msg) from None
    return numpy

"""The progressive meter and the side-bet awards of one round.

The meter is exact: its amount is a :class:`~fractions.Fraction` of a chip, because each side
bet adds a fraction of itself (``contribution``). :class:`Meter` keeps a ledger, so that at
every moment ``amount == seeded + contributed - paid`` and the amount is never negative.

Awards are paid in seat order (the order the dealer settles the table), each from the meter as
it stands when that player is paid; when several players hold royal flushes they share equally
the meter as it stood when the first of them was paid. This follows the published house rules
of UK and U.S. tables (each winner is paid from the meter as it reads at their turn; royal
flushes in the same round split the reading taken for the first of them).
After a royal flush that wins the whole meter the house puts ``reset`` chips on it.

Rounding: each award from the meter is its exact share rounded down to a whole chip; the
fraction of a chip left over stays on the meter.

>>> from fractions import Fraction
>>> from pokerrules.games.caribbean.rules import PayHand, US_PROGRESSIVE
>>> meter = Meter.start(Fraction(100_001))
>>> awards, after = progressive_awards(
...     US_PROGRESSIVE, meter, [(0, PayHand.ROYAL_FLUSH), (3, PayHand.ROYAL_FLUSH)])
>>> [(a.seat, a.share, a.paid) for a in awards]
[(0, Fraction(100001, 2), 50000), (3, Fraction(100001, 2), 50000)]
>>> after.amount  # the odd chip stays on the meter, and the house resets it
Fraction(10001, 1)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import attrs

from pokerrules._validators import is_flag, is_instance, is_member, is_seat, is_whole, shown
from pokerrules.errors import InvalidDefinitionError
from pokerrules.games.caribbean.rules import (
    MAX_EXPONENT,
    PayHand,
    ProgressiveRules,
    fraction_text,
    unwieldy,
)

__all__ = ["Meter", "ProgressiveAward", "progressive_awards"]


def _exact(value: Any, what: str) -> Fraction:
    """``value`` as an exact number of chips zero or more: an int, a Fraction or a finite
    Decimal (a float is refused: the meter is exact, and a bool is not a number)."""
    if isinstance(value, bool) or not isinstance(value, int | Fraction | Decimal):
        raise InvalidDefinitionError(
            f"{what} must be a number of chips (an int, a Fraction or a Decimal), "
            f"not {shown(value)}"
        )
    if isinstance(value, Decimal) and not value.is_finite():
        raise InvalidDefinitionError(f"{what} must be a finite number of chips, not {value}")
    if unwieldy(value):
        raise InvalidDefinitionError(
            f"{what} has too large a decimal exponent (at most {MAX_EXPONENT}): {shown(value)}"
        )
    amount = Fraction(value)
    if amount < 0:
        raise InvalidDefinitionError(f"{what} cannot be negative ({fraction_text(amount)})")
    return amount


def _fraction(value: Any) -> Any:
    # An exact number is converted here; anything else is refused, with the field's name, by
    # the validator _not_negative.
    finite = not isinstance(value, Decimal) or (value.is_finite() and not unwieldy(value))
    if isinstance(value, int | Fraction | Decimal) and not isinstance(value, bool) and finite:
        return Fraction(value)
    return value


def _not_negative(_instance: object, attribute: attrs.Attribute[Fraction], value: Any) -> None:
    _exact(value, f"the meter's {attribute.name}")


@attrs.frozen(kw_only=True)
class Meter:
    """The progressive meter and its ledger (all amounts in chips, exact).

    ``seeded`` is what the house has put on the meter (its start and every reset),
    ``contributed`` the side-bet contributions, ``paid`` the whole chips paid out of it.

    >>> Meter.start(10_000).contribute(3, Fraction(7, 10)).amount
    Fraction(100021, 10)
    """

    amount: Fraction = attrs.field(converter=_fraction, validator=_not_negative)
    seeded: Fraction = attrs.field(converter=_fraction, validator=_not_negative)
    contributed: Fraction = attrs.field(
        default=Fraction(0), converter=_fraction, validator=_not_negative
    )
    paid: int = attrs.field(default=0, validator=is_whole)

    def __attrs_post_init__(self) -> None:
        if self.amount != self.seeded + self.contributed - self.paid:
            raise InvalidDefinitionError(
                f"the meter's ledger does not balance: {fraction_text(self.amount)} != "
                f"{fraction_text(self.seeded)} + {fraction_text(self.contributed)} - {shown(self.paid)}"
            )

    @classmethod
    def start(cls, amount: int | Fraction = 10_000) -> Meter:
        """A meter the house starts at ``amount``."""
        start = _exact(amount, "the meter's starting amount")
        return cls(amount=start, seeded=start)

    def contribute(self, bets: int, contribution: Fraction) -> Meter:
        """The meter after ``bets`` side bets of one unit, each adding ``contribution``."""
        if isinstance(bets, bool) or not isinstance(bets, int) or bets < 0:
            raise InvalidDefinitionError(
                f"bets must be a whole number of side bets >= 0, not {shown(bets)}"
            )
        added = bets * _exact(contribution, "a side bet's contribution")
        return attrs.evolve(self, amount=self.amount + added, contributed=self.contributed + added)

    def pay(self, chips: int) -> Meter:
        """The meter after paying ``chips`` out of it."""
        if isinstance(chips, bool) or not isinstance(chips, int):
            raise InvalidDefinitionError(
                f"the meter pays whole chips: chips must be an int, not {shown(chips)}"
            )
        if chips < 0 or chips > self.amount:
            raise InvalidDefinitionError(
                f"cannot pay {shown(chips)} chips from a meter of {fraction_text(self.amount)}"
            )
        return attrs.evolve(self, amount=self.amount - chips, paid=self.paid + chips)

    def seed(self, chips: int | Fraction) -> Meter:
        """The meter after the house adds ``chips`` (a reset after a royal flush)."""
        added = _exact(chips, "the chips the house adds to the meter")
        return attrs.evolve(self, amount=self.amount + added, seeded=self.seeded + added)

    @property
    def display(self) -> int:
        """The meter as shown on the table: whole chips, rounded down."""
        return math.floor(self.amount)


@attrs.frozen(kw_only=True)
class ProgressiveAward:
    """One player's progressive win.

    ``share`` is the exact amount won (a share of the meter, or the fixed payout) and ``paid``
    the whole chips paid (``share`` rounded down); ``from_meter`` says who pays it.
    """

    seat: int = attrs.field(validator=is_seat)
    hand: PayHand = attrs.field(validator=is_member(PayHand))
    share: Fraction = attrs.field(validator=is_instance(Fraction))
    paid: int = attrs.field(validator=is_whole)
    from_meter: bool = attrs.field(validator=is_flag)


def progressive_awards(
    rules: ProgressiveRules, meter: Meter, hands: Iterable[tuple[int, PayHand]]
) -> tuple[tuple[ProgressiveAward, ...], Meter]:
    """The awards for the side-bet hands ``(seat, hand)`` and the meter afterwards.

    Only players who made the side bet belong in ``hands``; awards are paid in seat order.
    Hands that win nothing get no award.
    """
    if not isinstance(rules, ProgressiveRules):
        raise InvalidDefinitionError(f"rules must be a ProgressiveRules, not {shown(rules)}")
    if not isinstance(meter, Meter):
        raise InvalidDefinitionError(f"meter must be a Meter, not {shown(meter)}")
    if isinstance(hands, str | bytes) or not isinstance(hands, Iterable):
        raise InvalidDefinitionError(
            f"hands must be an iterable of (seat, PayHand) pairs, not {shown(hands)}"
        )
    ordered: list[tuple[int, PayHand]] = []
    for item in hands:
        pair = tuple(item) if isinstance(item, tuple | list) else None
        if pair is None or len(pair) != 2:
            msg = f"each side-bet hand is (seat, PayHand), not {shown(item)}"
            raise InvalidDefinitionError(msg)
        seat, hand = pair
        if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(hand, PayHand):
            msg = f"each side-bet hand is (seat, PayHand), not {shown(pair)}"
            raise InvalidDefinitionError(msg)
        if seat < 0:
            raise InvalidDefinitionError(f"seat numbers start at 0, not {shown(seat)}")
        ordered.append((seat, hand))
    if len({seat for seat, _ in ordered}) != len(ordered):
        raise InvalidDefinitionError("a seat has one side bet: it is listed twice")
    ordered.sort(key=lambda pair: pair[0])
    royals = [seat for seat, hand in ordered if hand is PayHand.ROYAL_FLUSH]
    awards: list[ProgressiveAward] = []
    royal_share: Fraction | None = None
    for seat, hand in ordered:
        if hand is PayHand.ROYAL_FLUSH:
            if royal_share is None:
                royal_share = meter.amount * rules.royal_share / len(royals)
                pool_paid = math.floor(royal_share) * len(royals)
                meter = meter.pay(pool_paid)
                if rules.royal_share == 1 and rules.reset:
                    meter = meter.seed(rules.reset)
            awards.append(
                ProgressiveAward(
                    seat=seat,
                    hand=hand,
                    share=royal_share,
                    paid=math.floor(royal_share),
                    from_meter=True,
                )
            )
        elif hand is PayHand.STRAIGHT_FLUSH:
            share = meter.amount * rules.straight_flush_share
            meter = meter.pay(math.floor(share))
            awards.append(
                ProgressiveAward(
                    seat=seat, hand=hand, share=share, paid=math.floor(share), from_meter=True
                )
            )
        elif rules.fixed_payout(hand):
            amount = rules.fixed_payout(hand)
            awards.append(
                ProgressiveAward(
                    seat=seat, hand=hand, share=Fraction(amount), paid=amount, from_meter=False
                )
            )
    return tuple(awards), meter

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
from fractions import Fraction
from typing import Any

import attrs

from pokerrules.errors import InvalidDefinitionError
from pokerrules.games.caribbean.rules import PayHand, ProgressiveRules

__all__ = ["Meter", "ProgressiveAward", "progressive_awards"]


def _fraction(value: Any) -> Fraction:
    return Fraction(value)


def _not_negative(_instance: object, attribute: attrs.Attribute[Fraction], value: Any) -> None:
    if value < 0:
        raise InvalidDefinitionError(f"the meter's {attribute.name} cannot be negative ({value})")


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
    contributed: Fraction = attrs.field(default=Fraction(0), converter=_fraction)
    paid: int = attrs.field(default=0, validator=attrs.validators.ge(0))

    def __attrs_post_init__(self) -> None:
        if self.amount != self.seeded + self.contributed - self.paid:
            raise InvalidDefinitionError(
                f"the meter's ledger does not balance: {self.amount} != "
                f"{self.seeded} + {self.contributed} - {self.paid}"
            )

    @classmethod
    def start(cls, amount: int | Fraction = 10_000) -> Meter:
        """A meter the house starts at ``amount``."""
        return cls(amount=amount, seeded=amount)

    def contribute(self, bets: int, contribution: Fraction) -> Meter:
        """The meter after ``bets`` side bets of one unit, each adding ``contribution``."""
        if bets < 0:
            raise InvalidDefinitionError(f"cannot contribute {bets} side bets")
        added = bets * contribution
        return attrs.evolve(self, amount=self.amount + added, contributed=self.contributed + added)

    def pay(self, chips: int) -> Meter:
        """The meter after paying ``chips`` out of it."""
        if chips < 0 or chips > self.amount:
            raise InvalidDefinitionError(f"cannot pay {chips} chips from a meter of {self.amount}")
        return attrs.evolve(self, amount=self.amount - chips, paid=self.paid + chips)

    def seed(self, chips: int | Fraction) -> Meter:
        """The meter after the house adds ``chips`` (a reset after a royal flush)."""
        return attrs.evolve(self, amount=self.amount + chips, seeded=self.seeded + chips)

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

    seat: int
    hand: PayHand
    share: Fraction
    paid: int
    from_meter: bool


def progressive_awards(
    rules: ProgressiveRules, meter: Meter, hands: Iterable[tuple[int, PayHand]]
) -> tuple[tuple[ProgressiveAward, ...], Meter]:
    """The awards for the side-bet hands ``(seat, hand)`` and the meter afterwards.

    Only players who made the side bet belong in ``hands``; awards are paid in seat order.
    Hands that win nothing get no award.
    """
    ordered = list(hands)
    for seat, hand in ordered:
        if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(hand, PayHand):
            msg = f"each side-bet hand is (seat, PayHand), not {(seat, hand)!r}"
            raise InvalidDefinitionError(msg)
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

"""Money in currency units: exact :class:`~decimal.Decimal` amounts in, whole chip units inside.

The engine counts chips as whole numbers of the smallest unit. A :class:`Currency` says what
one unit is worth -- a cent, a quarter, a thousand -- and converts both ways exactly: an
amount that is not a whole number of units is refused, never rounded.

>>> from decimal import Decimal
>>> from pokerrules.money import Currency
>>> usd = Currency(Decimal("0.01"), symbol="$")
>>> usd.units("0.25"), usd.units(Decimal("0.50")), usd.units(2.5)
(25, 50, 250)
>>> usd.amount(1234), usd.format(1234)
(Decimal('12.34'), '$12.34')
>>> usd.units("0.005")
Traceback (most recent call last):
...
pokerrules.errors.InvalidDefinitionError: 0.005 is not a whole number of 0.01 units

Stakes in currency amounts come from :meth:`pokerrules.variants.Stakes.in_currency`:

>>> from pokerrules.variants import Stakes
>>> stakes = Stakes.in_currency(usd, blinds=("0.25", "0.50"))
>>> stakes.blinds, usd.describe(stakes)
((25, 50), '$0.25/$0.50')

A float is read as the decimal it is written as (``2.5`` is ``Decimal("2.5")``), so that
``0.1`` means a tenth; pass a :class:`~decimal.Decimal` or a string to be explicit.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import TYPE_CHECKING, TypeAlias

import attrs

from pokerrules.errors import InvalidDefinitionError

if TYPE_CHECKING:
    from pokerrules.variants import Stakes

__all__ = ["Currency", "MoneyAmount", "exact"]

#: What an amount of money may be given as.
MoneyAmount: TypeAlias = Decimal | int | float | Fraction | str

#: The most digits an amount may have: amounts beyond it are not money.
_MAX_DIGITS = 60


def exact(amount: object, what: str = "an amount") -> Fraction:
    """``amount`` as an exact fraction: a :class:`~decimal.Decimal`, an ``int``, a
    :class:`~fractions.Fraction`, a decimal string (``"0.25"``), or a float read as the
    decimal it is written as. Anything else, NaN and infinities are refused.

    >>> exact("0.25"), exact(0.1), exact(Fraction(1, 3))
    (Fraction(1, 4), Fraction(1, 10), Fraction(1, 3))
    """
    if isinstance(amount, bool):
        raise InvalidDefinitionError(f"{what} is a number, not {amount!r}")
    if isinstance(amount, Fraction | int):
        return Fraction(amount)
    if isinstance(amount, float):
        if not math.isfinite(amount):
            raise InvalidDefinitionError(f"{what} must be finite, not {amount!r}")
        return Fraction(repr(amount))
    if isinstance(amount, str):
        if len(amount) > _MAX_DIGITS:
            raise InvalidDefinitionError(f"{what} has too many digits: {amount[:20]}...")
        try:
            amount = Decimal(amount.strip())
        except InvalidOperation:
            raise InvalidDefinitionError(f"{what} is not a decimal number: {amount!r}") from None
    if isinstance(amount, Decimal):
        if not amount.is_finite():
            raise InvalidDefinitionError(f"{what} must be finite, not {amount}")
        if len(amount.as_tuple().digits) > _MAX_DIGITS or abs(amount.adjusted()) > _MAX_DIGITS:
            raise InvalidDefinitionError(f"{what} has too many digits: {amount:.6e}")
        return Fraction(amount)
    raise InvalidDefinitionError(
        f"{what} is a Decimal, int, Fraction, float or decimal string, not {type(amount).__name__}"
    )


def _unit(value: object) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, Decimal | int | str | float):
        raise InvalidDefinitionError(
            f"a currency's unit is a Decimal (such as Decimal('0.01')), not {value!r}"
        )
    fraction = exact(value, "a currency's unit")
    if fraction <= 0:
        raise InvalidDefinitionError(f"a currency's unit must be positive, not {value}")
    unit = Decimal(fraction.numerator) / Decimal(fraction.denominator)
    if Fraction(unit) != fraction:
        raise InvalidDefinitionError(f"a currency's unit is a decimal amount, not {value}")
    return unit


def _symbol(_instance: object, _attribute: object, value: object) -> None:
    if not isinstance(value, str) or len(value) > 8:
        raise InvalidDefinitionError(f"a currency's symbol is short text, not {value!r}")


@attrs.frozen
class Currency:
    """A currency's chip unit: ``unit`` is what one chip unit is worth (``Decimal("0.01")``
    for cents), ``symbol`` what :meth:`format` writes before an amount."""

    unit: Decimal = attrs.field(converter=_unit)
    symbol: str = attrs.field(default="", kw_only=True, validator=_symbol)

    def units(self, amount: MoneyAmount) -> int:
        """The whole number of units ``amount`` is; an amount that is not a whole number of
        units raises :class:`~pokerrules.errors.InvalidDefinitionError`."""
        value = exact(amount)
        count = value / Fraction(self.unit)
        if count.denominator != 1:
            shown = amount if isinstance(amount, str) else _decimal_text(value)
            raise InvalidDefinitionError(f"{shown} is not a whole number of {self.unit} units")
        return count.numerator

    def amount(self, units: int) -> Decimal:
        """The exact amount of ``units`` chip units."""
        if isinstance(units, bool) or not isinstance(units, int):
            raise InvalidDefinitionError(f"units are a whole number, not {units!r}")
        places = max(0, -int(self.unit.as_tuple().exponent))
        value = Decimal(units) * self.unit
        return value.quantize(Decimal(1).scaleb(-places)) if places else value

    def amounts(self, units: Mapping[int, int]) -> dict[int, Decimal]:
        """:meth:`amount` of each entry of a mapping (stacks, payouts by seat)."""
        return {seat: self.amount(chips) for seat, chips in units.items()}

    def format(self, units: int) -> str:
        """``units`` written as money: ``'$12.34'``, ``'-$0.50'``."""
        value = self.amount(units)
        sign = "-" if value < 0 else ""
        return f"{sign}{self.symbol}{abs(value)}"

    def describe(self, stakes: Stakes) -> str:
        """The stakes written as money: the blinds (``'$0.25/$0.50'``), else the limits (the
        small and big bet), else the ante."""
        if stakes.blinds:
            parts = stakes.blinds
        elif stakes.small_bet:
            parts = (stakes.small_bet, stakes.big_bet)
        else:
            parts = (stakes.ante,)
        return "/".join(self.format(p) for p in parts)


def _decimal_text(value: Fraction) -> str:
    try:
        return str(Decimal(value.numerator) / Decimal(value.denominator))
    except InvalidOperation:  # pragma: no cover - beyond the decimal context
        return str(value)

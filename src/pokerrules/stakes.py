"""Stakes: the amounts a variant is played for, kept apart from its rules.

A :class:`Stakes` value holds the blinds, the ante, the bring-in, the limit bets, the minimum
bet, the smallest chip and the rake. A variant's rules say which of them apply: its
:class:`BettingStructure` (fixed, spread, pot or no limit) and each street's :class:`BetSize`
(the small bet or the big bet). :meth:`Stakes.structure` turns the two into the
:mod:`pokerrules.betting` structure of one street.

>>> stakes = Stakes.limit(20, 40)
>>> stakes.blinds
(10, 20)
>>> stakes.structure(BettingStructure.FIXED_LIMIT, BetSize.BIG)
FixedLimit(bet=40, double_bet=None)
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from pokerrules._validators import (
    is_count,
    is_instance,
    is_int,
    optional,
    require_chips,
    require_whole,
    shown,
)
from pokerrules.betting import FixedLimit, NoLimit, PotLimit, SpreadLimit, Structure
from pokerrules.errors import InvalidDefinitionError
from pokerrules.forced_bets import SmallBlindRounding, small_blind
from pokerrules.rake import Rake

if TYPE_CHECKING:
    from pokerrules.money import Currency, MoneyAmount

__all__ = ["BetSize", "BettingStructure", "Stakes"]


class BetSize(enum.Enum):
    """Which limit a street's betting uses: the small bet (early streets) or the big bet."""

    SMALL = "small bet"
    BIG = "big bet"


class BettingStructure(enum.Enum):
    """How much may be bet; the amounts come from :class:`Stakes`."""

    FIXED_LIMIT = "fixed limit"
    SPREAD_LIMIT = "spread limit"
    POT_LIMIT = "pot limit"
    NO_LIMIT = "no limit"

    @property
    def is_limit(self) -> bool:
        """Fixed or spread limit."""
        return self in (BettingStructure.FIXED_LIMIT, BettingStructure.SPREAD_LIMIT)


def _chips_tuple(values: Iterable[int]) -> tuple[int, ...]:
    if isinstance(values, str | bytes):
        raise InvalidDefinitionError(f"blinds must be a sequence of amounts, not {shown(values)}")
    try:
        return tuple(values)
    except TypeError:
        msg = f"blinds must be a sequence of amounts, not {shown(values)}"
        raise InvalidDefinitionError(msg) from None


@attrs.frozen(kw_only=True)
class Stakes:
    """The amounts a variant is played for (kept apart from the rules).

    * ``blinds`` -- small, big (and third) blind, as many as the variant has blinds;
    * ``ante`` -- the ante (each player's, or the button's or big blind's for the table);
    * ``bring_in`` -- the stud bring-in;
    * ``small_bet``, ``big_bet`` -- the fixed-limit bets (spread limit: the least and the
      most a bet may be);
    * ``min_bet`` -- the pot- and no-limit minimum bet (default: the big blind, or the smallest
      chip in a game without blinds);
    * ``chip`` -- the smallest chip in play;
    * ``rake`` -- the house's cut of each pot (a :class:`~pokerrules.rake.Rake`), or ``None``.

    >>> Stakes.limit(20, 40).blinds
    (10, 20)
    >>> Stakes.no_limit(1, 2).structure(BettingStructure.NO_LIMIT, BetSize.SMALL)
    NoLimit(minimum=2)
    """

    blinds: tuple[int, ...] = attrs.field(default=(), converter=_chips_tuple)
    ante: int = attrs.field(default=0, validator=is_count)
    bring_in: int = attrs.field(default=0, validator=is_count)
    small_bet: int = attrs.field(default=0, validator=is_count)
    big_bet: int = attrs.field(default=0, validator=is_count)
    min_bet: int | None = None
    chip: int = attrs.field(default=1, validator=is_count)
    rake: Rake | None = attrs.field(default=None, validator=optional(is_instance(Rake)))

    def __attrs_post_init__(self) -> None:
        for amount in self.blinds:
            require_chips(amount, "a blind")
        if any(later < earlier for earlier, later in itertools.pairwise(self.blinds)):
            raise InvalidDefinitionError(
                f"blinds {list(self.blinds)} are not in posting order: small, big (and third), "
                f"each at least the one before"
            )
        if self.min_bet is not None and (
            isinstance(self.min_bet, bool)
            or not isinstance(self.min_bet, int)
            or self.min_bet <= 0
        ):
            msg = f"the minimum bet (min_bet) must be positive, not {shown(self.min_bet)}"
            raise InvalidDefinitionError(msg)
        if self.chip <= 0:
            raise InvalidDefinitionError("the smallest chip must be positive")
        if self.big_bet and self.small_bet > self.big_bet:
            msg = (
                f"the small bet ({shown(self.small_bet)}) is above the big bet "
                f"({shown(self.big_bet)}): small_bet must be at most big_bet"
            )
            raise InvalidDefinitionError(msg)
        amounts = {
            "blind": self.blinds,
            "ante": (self.ante,),
            "bring-in": (self.bring_in,),
            "bet": (self.small_bet, self.big_bet),
            "minimum bet": (self.min_bet or 0,),
        }
        for what, values in amounts.items():
            odd = next((x for x in values if x % self.chip), None)
            if odd is not None:
                msg = f"a {what} of {shown(odd)} is not a whole number of {shown(self.chip)}-chips"
                raise InvalidDefinitionError(msg)
        rake = self.rake
        if rake is not None:
            for what, amount in (("increment", rake.increment), ("cap", rake.cap or 0)):
                if amount % self.chip:
                    msg = (
                        f"the rake is taken in whole {shown(self.chip)}-chips: its {what} "
                        f"({shown(amount)}) must be a multiple of the chip"
                    )
                    raise InvalidDefinitionError(msg)

    @classmethod
    def limit(
        cls,
        small_bet: int,
        big_bet: int,
        *,
        ante: int = 0,
        bring_in: int = 0,
        blinds: tuple[int, ...] | None = None,
        chip: int = 1,
        rounding: SmallBlindRounding = SmallBlindRounding.DOWN,
        rake: Rake | None = None,
    ) -> Stakes:
        """Fixed-limit stakes: the big blind is the small bet and the small blind half of it,
        rounded to the ``chip`` by ``rounding`` when half is not a whole number of chips
        (down by default, Wikipedia "Blind (poker)"; see
        :func:`pokerrules.forced_bets.small_blind`) -- unless ``blinds`` are given.

        >>> Stakes.limit(3, 6).blinds, Stakes.limit(3, 6, rounding=SmallBlindRounding.UP).blinds
        ((1, 3), (2, 3))
        >>> Stakes.limit(25, 50, chip=5).blinds
        (10, 25)
        """
        require_whole(small_bet, "small_bet")
        require_whole(big_bet, "big_bet")
        if big_bet < small_bet:  # limit stakes need both bets (the stakes allow big_bet=0)
            msg = (
                f"the small bet ({shown(small_bet)}) is above the big bet ({shown(big_bet)}): "
                "small_bet must be at most big_bet"
            )
            raise InvalidDefinitionError(msg)
        require_chips(chip, "chip")
        if not isinstance(rounding, SmallBlindRounding):
            msg = f"rounding must be SmallBlindRounding.DOWN or .UP, not {shown(rounding)}"
            raise InvalidDefinitionError(msg)
        if blinds is None:
            sb = small_blind(small_bet, chip=chip, rounding=rounding) if small_bet > 0 else 0
            blinds = (sb, small_bet) if small_bet else ()
        return cls(
            blinds=blinds,
            ante=ante,
            bring_in=bring_in,
            small_bet=small_bet,
            big_bet=big_bet,
            chip=chip,
            rake=rake,
        )

    @classmethod
    def stud(
        cls,
        small_bet: int,
        big_bet: int,
        *,
        bring_in: int,
        ante: int = 0,
        chip: int = 1,
        rake: Rake | None = None,
    ) -> Stakes:
        """Fixed-limit stud stakes: antes and a bring-in, and no blinds (a stud game has none;
        :meth:`limit` makes blinds from the small bet).

        >>> Stakes.stud(5, 10, bring_in=2, ante=1)
        Stakes(blinds=(), ante=1, bring_in=2, small_bet=5, big_bet=10, min_bet=None, chip=1, rake=None)
        """
        require_whole(small_bet, "small_bet")
        require_whole(big_bet, "big_bet")
        if big_bet < small_bet:
            msg = (
                f"the small bet ({shown(small_bet)}) is above the big bet ({shown(big_bet)}): "
                "small_bet must be at most big_bet"
            )
            raise InvalidDefinitionError(msg)
        return cls(
            ante=ante,
            bring_in=bring_in,
            small_bet=small_bet,
            big_bet=big_bet,
            chip=chip,
            rake=rake,
        )

    @classmethod
    def no_limit(
        cls, small_blind: int, big_blind: int, *, ante: int = 0, rake: Rake | None = None
    ) -> Stakes:
        """Blind stakes for pot- or no-limit play (the minimum bet is the big blind)."""
        return cls(blinds=(small_blind, big_blind), ante=ante, rake=rake)

    @classmethod
    def in_currency(
        cls,
        currency: Currency,
        *,
        blinds: Iterable[MoneyAmount] = (),
        ante: MoneyAmount = 0,
        bring_in: MoneyAmount = 0,
        small_bet: MoneyAmount = 0,
        big_bet: MoneyAmount = 0,
        min_bet: MoneyAmount | None = None,
        chip: MoneyAmount | None = None,
        rake: Rake | None = None,
    ) -> Stakes:
        """Stakes given in money (:class:`~decimal.Decimal` amounts, decimal strings, ...),
        counted in whole units of ``currency`` (:class:`pokerrules.money.Currency`); ``chip``
        is the smallest chip in play (default: one unit), ``rake`` is in units. An amount that
        is not a whole number of units raises :class:`~pokerrules.errors.InvalidDefinitionError`.

        >>> from pokerrules.money import Currency
        >>> Stakes.in_currency(Currency("0.01"), blinds=("0.25", "0.50")).blinds
        (25, 50)
        """
        if isinstance(blinds, str | bytes):
            raise InvalidDefinitionError(
                f"blinds must be a sequence of amounts, not {shown(blinds)}"
            )
        return cls(
            blinds=tuple(currency.units(b) for b in blinds),
            ante=currency.units(ante),
            bring_in=currency.units(bring_in),
            small_bet=currency.units(small_bet),
            big_bet=currency.units(big_bet),
            min_bet=None if min_bet is None else currency.units(min_bet),
            chip=1 if chip is None else currency.units(chip),
            rake=rake,
        )

    @property
    def minimum_bet(self) -> int:
        """The pot- and no-limit minimum bet."""
        if self.min_bet is not None:
            return self.min_bet
        return self.blinds[-1] if self.blinds else max(self.chip, self.bring_in, self.small_bet)

    def structure(self, kind: BettingStructure, size: BetSize) -> Structure:
        """The betting structure of one street."""
        if not isinstance(kind, BettingStructure):
            names = ", ".join(f"BettingStructure.{m.name}" for m in BettingStructure)
            raise InvalidDefinitionError(f"kind must be one of {names}; got {shown(kind)}")
        if not isinstance(size, BetSize):
            msg = f"size must be BetSize.SMALL or BetSize.BIG; got {shown(size)}"
            raise InvalidDefinitionError(msg)
        if kind is BettingStructure.FIXED_LIMIT:
            bet = self.small_bet if size is BetSize.SMALL else self.big_bet
            if bet <= 0:
                raise InvalidDefinitionError(
                    f"fixed-limit stakes need a {size.value}; give small_bet and big_bet"
                )
            return FixedLimit(bet)
        if kind is BettingStructure.SPREAD_LIMIT:
            if not 0 < self.small_bet <= self.big_bet:
                raise InvalidDefinitionError(
                    "spread-limit stakes need 0 < small_bet (the least) <= big_bet (the most)"
                )
            return SpreadLimit(minimum=self.small_bet, maximum=self.big_bet)
        if kind is BettingStructure.POT_LIMIT:
            return PotLimit(self.minimum_bet)
        return NoLimit(self.minimum_bet)

    def scaled(self, factor_num: int, factor_den: int = 1) -> Stakes:
        """Every amount times ``factor_num / factor_den``, rounded down to the chip.

        Both factors are positive whole numbers.
        """
        for name, value in (("factor_num", factor_num), ("factor_den", factor_den)):
            if not is_int(value) or value <= 0:
                msg = f"{name} must be a positive whole number, not {shown(value)}"
                raise InvalidDefinitionError(msg)

        def scale(x: int) -> int:
            return x * factor_num // factor_den // self.chip * self.chip

        return attrs.evolve(
            self,
            blinds=tuple(scale(b) for b in self.blinds),
            ante=scale(self.ante),
            bring_in=scale(self.bring_in),
            small_bet=scale(self.small_bet),
            big_bet=scale(self.big_bet),
            min_bet=None if self.min_bet is None else scale(self.min_bet),
        )

"""Caribbean stud rule options: the raise size, the paytables, the payout cap, the progressive.

Caribbean stud is a house-banked game: every player antes, receives five cards and plays
against the dealer's five, one of which is turned up. A player folds (losing the ante) or
raises; the dealer qualifies with ace-king or better. Sources: Wikipedia, "Caribbean stud
poker" (the rules typical of U.S. casinos); the Wizard of Odds, "Caribbean Stud Poker"
(paytable, progressive and strategy analysis); the Bicycle rules of "Caribbean Stud" (a raise
equal to the ante); and UK casino rules (a royal flush paid as a straight flush, payouts on
the raise, a maximum payout per hand, for example £10,000).

Every option that rooms disagree on is a field with the U.S. default:

========================  =========================  ===========================================
option                    default (US)               alternatives
========================  =========================  ===========================================
``raise_multiple``        2 (raise is 2x the ante)   1 (Bicycle rules: a raise equal to the ante)
``paytable``              :data:`US_PAYTABLE`        :data:`UK_PAYTABLE` (royal pays 50 to 1)
``max_payout``            ``None`` (no cap)          a cap in chips on the raise's win (UK 10,000)
``progressive``           :data:`US_PROGRESSIVE`     other fixed payouts and meter percentages
========================  =========================  ===========================================

>>> US_RULES.paytable.odds(PayHand.ROYAL_FLUSH), UK_RULES.paytable.odds(PayHand.ROYAL_FLUSH)
(100, 50)
>>> UK_RULES.max_payout
10000
>>> US_RULES.raise_amount(10), attrs.evolve(US_RULES, raise_multiple=1).raise_amount(10)
(20, 10)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any, Final

import attrs

from pokerrules._validators import is_instance, require_chips, require_whole, shown
from pokerrules.cards import Rank
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation import HandCategory, HandValue

__all__ = [
    "UK_PAYTABLE",
    "UK_PROGRESSIVE",
    "UK_RULES",
    "US_PAYTABLE",
    "US_PROGRESSIVE",
    "US_RULES",
    "CaribbeanRules",
    "PayHand",
    "Paytable",
    "ProgressiveRules",
    "pay_hand",
]


class PayHand(enum.IntEnum):
    """The hand classes a Caribbean stud paytable distinguishes, weakest first.

    ``HIGH_CARD`` covers every unpaired hand; only ace-king high and better can win (a hand
    that beats a qualifying dealer is at least ace-king). ``ROYAL_FLUSH`` is the ace-high
    straight flush, which paytables list apart from the other straight flushes.
    """

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def label(self) -> str:
        """The hand in words: ``'Royal flush'``, ``'Two pair'``."""
        return self.name.replace("_", " ").capitalize()


_BY_CATEGORY: Final = {
    HandCategory.HIGH_CARD: PayHand.HIGH_CARD,
    HandCategory.PAIR: PayHand.ONE_PAIR,
    HandCategory.TWO_PAIR: PayHand.TWO_PAIR,
    HandCategory.THREE_OF_A_KIND: PayHand.THREE_OF_A_KIND,
    HandCategory.STRAIGHT: PayHand.STRAIGHT,
    HandCategory.FLUSH: PayHand.FLUSH,
    HandCategory.FULL_HOUSE: PayHand.FULL_HOUSE,
    HandCategory.FOUR_OF_A_KIND: PayHand.FOUR_OF_A_KIND,
    HandCategory.STRAIGHT_FLUSH: PayHand.STRAIGHT_FLUSH,
}


def pay_hand(value: HandValue) -> PayHand:
    """The paytable class of a five-card high hand value.

    >>> from pokerrules import evaluate_high, parse_cards
    >>> pay_hand(evaluate_high(parse_cards("Th Jh Qh Kh Ah")))
    <PayHand.ROYAL_FLUSH: 9>
    >>> pay_hand(evaluate_high(parse_cards("9h Th Jh Qh Kh")))
    <PayHand.STRAIGHT_FLUSH: 8>
    """
    if not isinstance(value, HandValue):
        raise InvalidDefinitionError(f"value must be a HandValue, not {shown(value)}")
    if value.category is HandCategory.STRAIGHT_FLUSH and value.ranks[0] is Rank.ACE:
        return PayHand.ROYAL_FLUSH
    try:
        return _BY_CATEGORY[value.category]
    except KeyError:
        raise InvalidDefinitionError(
            f"Caribbean stud has no payout for {value.describe()!r} (a standard deck only)"
        ) from None


def _pairs(value: object, what: str) -> dict[Any, Any]:
    """A mapping, or an iterable of ``(hand, value)`` pairs, as a dict (or a precise error)."""
    if isinstance(value, Mapping):
        return dict(value.items())
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise InvalidDefinitionError(
            f"{what} must be a mapping from PayHand, or (PayHand, amount) pairs, "
            f"not {shown(value)}"
        )
    pairs = []
    for item in value:
        if not isinstance(item, tuple | list) or len(item) != 2:
            raise InvalidDefinitionError(
                f"{what} must be (PayHand, amount) pairs; {shown(item)} is not one"
            )
        pairs.append((item[0], item[1]))
    return dict(pairs)


def _odds_tuple(value: Mapping[PayHand, int] | Iterable[tuple[PayHand, int]]) -> tuple[int, ...]:
    if (
        isinstance(value, tuple)
        and len(value) == len(PayHand)
        and not any(isinstance(odds, tuple | list) for odds in value)
    ):
        value = tuple(
            zip(PayHand, value, strict=True)
        )  # the odds in order, as ``table`` holds them
    pairs = _pairs(value, "a paytable")
    unknown = [key for key in pairs if not isinstance(key, PayHand)]
    if unknown:
        raise InvalidDefinitionError(
            f"paytable odds are keyed by PayHand, not {shown(unknown[0])}"
        )
    missing = [hand.label for hand in PayHand if hand not in pairs]
    if missing:
        raise InvalidDefinitionError(f"the paytable has no odds for: {', '.join(missing)}")
    odds = tuple(pairs[hand] for hand in PayHand)
    for hand, paid in zip(PayHand, odds, strict=True):
        if not isinstance(paid, int) or isinstance(paid, bool) or paid < 1:
            raise InvalidDefinitionError(
                f"paytable odds must be whole numbers to 1, at least 1; {hand.label}: {shown(paid)}"
            )
    return odds


@attrs.frozen
class Paytable:
    """What a winning raise pays, to 1, for each :class:`PayHand`.

    Build it from a mapping (or ``(hand, odds)`` pairs); every hand class needs odds (whole
    numbers, at least 1 to 1). A tuple of just the odds, weakest hand first, is read as
    ``table`` holds them.

    >>> US_PAYTABLE.odds(PayHand.FULL_HOUSE), US_PAYTABLE.odds(PayHand.HIGH_CARD)
    (7, 1)
    """

    table: tuple[int, ...] = attrs.field(converter=_odds_tuple)
    name: str = attrs.field(default="", validator=is_instance(str))

    def odds(self, hand: PayHand) -> int:
        """The odds paid on the raise for ``hand`` (to 1)."""
        if not isinstance(hand, PayHand):
            raise InvalidDefinitionError(f"hand must be a PayHand, not {shown(hand)}")
        return self.table[hand]

    def items(self) -> tuple[tuple[PayHand, int], ...]:
        """``(hand, odds)`` pairs, weakest hand first."""
        return tuple(zip(PayHand, self.table, strict=True))


#: The U.S. paytable: 1/1/2/3/4/5/7/20/50/100 to 1 (Wikipedia; Wizard of Odds).
US_PAYTABLE: Final = Paytable(
    {
        PayHand.HIGH_CARD: 1,
        PayHand.ONE_PAIR: 1,
        PayHand.TWO_PAIR: 2,
        PayHand.THREE_OF_A_KIND: 3,
        PayHand.STRAIGHT: 4,
        PayHand.FLUSH: 5,
        PayHand.FULL_HOUSE: 7,
        PayHand.FOUR_OF_A_KIND: 20,
        PayHand.STRAIGHT_FLUSH: 50,
        PayHand.ROYAL_FLUSH: 100,
    },
    name="US",
)

#: The UK paytable: as the U.S. one, but a royal flush is paid as a straight
#: flush (50 to 1); everything is paid on the raise and a maximum payout applies.
UK_PAYTABLE: Final = Paytable(
    {**dict(US_PAYTABLE.items()), PayHand.ROYAL_FLUSH: 50},
    name="UK",
)


def _fixed_tuple(
    value: Mapping[PayHand, int] | Iterable[tuple[PayHand, int]],
) -> tuple[tuple[PayHand, int], ...]:
    pairs = _pairs(value, "fixed")
    for hand, amount in pairs.items():
        if not isinstance(hand, PayHand):
            raise InvalidDefinitionError(
                f"progressive payouts are keyed by PayHand, not {shown(hand)}"
            )
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise InvalidDefinitionError(
                f"a fixed progressive payout is a whole number of chips; {hand.label}: "
                f"{shown(amount)}"
            )
    return tuple(sorted(pairs.items()))


def _chips(minimum: int) -> Any:
    """A validator: a whole number of chips (not a bool) of at least ``minimum``."""

    def check(_instance: object, attribute: Any, value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise InvalidDefinitionError(
                f"{attribute.name} must be a whole number of chips >= {minimum}, not {shown(value)}"
            )

    return check


def _instance_of(kind: type) -> Any:
    """A validator raising :class:`InvalidDefinitionError` for a value of the wrong type."""

    def check(_instance: object, attribute: Any, value: object) -> None:
        if not isinstance(value, kind):
            raise InvalidDefinitionError(
                f"{attribute.name} must be a {kind.__name__}, not {shown(value)}"
            )

    return check


#: The largest decimal exponent (and the longest text) read as an exact amount: converting
#: ``Decimal("1e-99999999")`` or its text to a Fraction would take hours.
MAX_EXPONENT: Final = 1000
_EXPONENT: Final = re.compile(r"[eE]\s*([-+]?[0-9_]+)")


def unwieldy(value: object) -> bool:
    """Whether ``value`` (a Decimal or a text) is too long or too large an exponent to be read
    as an exact :class:`~fractions.Fraction` in reasonable time."""
    if isinstance(value, Decimal):
        exponent = value.as_tuple().exponent
        return isinstance(exponent, int) and abs(exponent) > MAX_EXPONENT
    if isinstance(value, str):
        if len(value) > MAX_EXPONENT:
            return True
        return any(abs(int(m.group(1))) > MAX_EXPONENT for m in _EXPONENT.finditer(value))
    return False


def fraction_text(amount: Fraction) -> str:
    """An exact amount for a message: ``7/10``, or a huge number by its size (see
    :func:`~pokerrules._validators.shown`)."""
    if amount.denominator == 1:
        return shown(amount.numerator)
    return f"{shown(amount.numerator)}/{shown(amount.denominator)}"


def _share(value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | Fraction | Decimal | str):
        raise InvalidDefinitionError(
            "a share of the meter is an int, a Fraction, a Decimal or a string such as '7/10', "
            f"not {shown(value)}"
        )
    if unwieldy(value):
        raise InvalidDefinitionError(
            f"{shown(value)} is not a share of the meter: too many digits or too large an "
            f"exponent (at most {MAX_EXPONENT})"
        )
    try:
        share = Fraction(value)
    except (ValueError, ZeroDivisionError, OverflowError):
        raise InvalidDefinitionError(f"{shown(value)} is not a share of the meter") from None
    if not 0 <= share <= 1:
        raise InvalidDefinitionError(
            f"a share of the meter is between 0 and 1, not {fraction_text(share)}"
        )
    return share


@attrs.frozen(kw_only=True)
class ProgressiveRules:
    """The optional progressive side bet.

    It pays on the player's own five cards, whatever the dealer holds (Wikipedia; Wizard of
    Odds). Whether a player who folds is still paid varies: with ``pays_on_fold`` (the default)
    the side bet is settled on the cards dealt, as tables that pay it before the decision do;
    set it to ``False`` for rooms that pay only hands that stay in. A royal flush wins ``royal_share`` of the meter
    (several royal flushes in one round share it equally), a straight flush
    ``straight_flush_share`` of it; the other winning hands have ``fixed`` payouts in chips,
    paid by the house, not from the meter. Defaults are a common schedule: $1 bet, royal 100% of the
    meter, straight flush 10%, four of a kind $500, full house $100, flush $50.

    ``contribution`` is the part of each side bet added to the meter (rooms differ; UK tables
    commonly advertise 70p of each £1) and ``reset`` the amount the house puts on the meter
    after a royal flush empties it (its starting value by default). Both are options with no
    single authority; set them to the room's figures.

    Rounding: an award from the meter is its exact share (a :class:`~fractions.Fraction`)
    rounded down to a whole chip; the fraction left over stays on the meter.

    >>> US_PROGRESSIVE.fixed_payout(PayHand.FOUR_OF_A_KIND), US_PROGRESSIVE.meter_share(PayHand.STRAIGHT_FLUSH)
    (500, Fraction(1, 10))
    """

    bet: int = attrs.field(default=1, validator=_chips(1))
    royal_share: Fraction = attrs.field(default=Fraction(1), converter=_share)
    straight_flush_share: Fraction = attrs.field(default=Fraction(1, 10), converter=_share)
    fixed: tuple[tuple[PayHand, int], ...] = attrs.field(
        default=((PayHand.FLUSH, 50), (PayHand.FULL_HOUSE, 100), (PayHand.FOUR_OF_A_KIND, 500)),
        converter=_fixed_tuple,
    )
    contribution: Fraction = attrs.field(default=Fraction(7, 10), converter=_share)
    reset: int = attrs.field(default=10_000, validator=_chips(0))
    pays_on_fold: bool = attrs.field(default=True, validator=_instance_of(bool))

    def __attrs_post_init__(self) -> None:
        clash = {hand for hand, _ in self.fixed} & {PayHand.ROYAL_FLUSH, PayHand.STRAIGHT_FLUSH}
        if clash:
            raise InvalidDefinitionError(
                "royal and straight flushes are paid from the meter, not a fixed amount"
            )

    def meter_share(self, hand: PayHand) -> Fraction:
        """The share of the meter ``hand`` wins (0 when it is not paid from the meter)."""
        if hand is PayHand.ROYAL_FLUSH:
            return self.royal_share
        if hand is PayHand.STRAIGHT_FLUSH:
            return self.straight_flush_share
        return Fraction(0)

    def fixed_payout(self, hand: PayHand) -> int:
        """The fixed payout, in chips, for ``hand`` (0 when it has none)."""
        return dict(self.fixed).get(hand, 0)


#: A common progressive schedule: $1; royal 100%, straight flush 10%; $500/$100/$50.
US_PROGRESSIVE: Final = ProgressiveRules()
#: The same schedule in pounds (one schedule serves both rule sets).
UK_PROGRESSIVE: Final = ProgressiveRules()


def _raise_multiple(_instance: object, _attribute: object, value: int) -> None:
    if isinstance(value, bool) or value not in (1, 2):
        raise InvalidDefinitionError(
            f"the raise is 1x or 2x the ante, not {shown(value)}x (legal: 1, 2)"
        )


def _max_payout(_instance: object, _attribute: object, value: int | None) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise InvalidDefinitionError(
            f"the maximum payout is a positive chip amount, not {shown(value)}"
        )


def _max_players(_instance: object, _attribute: object, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 7:
        raise InvalidDefinitionError(
            f"a Caribbean stud table seats 1 to 7 players, not {shown(value)}"
        )


@attrs.frozen(kw_only=True)
class CaribbeanRules:
    """One room's Caribbean stud rules (see the module docs for every option and source).

    ``max_payout`` caps what the paytable pays on the raise in one hand (the ante's even-money
    win is not part of the cap); ``None`` means no cap. ``max_players`` is the seats at the
    table (seven, Bicycle rules).
    """

    raise_multiple: int = attrs.field(default=2, validator=_raise_multiple)
    paytable: Paytable = attrs.field(default=US_PAYTABLE, validator=_instance_of(Paytable))
    max_payout: int | None = attrs.field(default=None, validator=_max_payout)
    progressive: ProgressiveRules = attrs.field(
        default=US_PROGRESSIVE, validator=_instance_of(ProgressiveRules)
    )
    max_players: int = attrs.field(default=7, validator=_max_players)
    name: str = attrs.field(default="US", validator=_instance_of(str))

    def raise_amount(self, ante: int) -> int:
        """The raise that goes with ``ante`` (a positive whole number of chips)."""
        require_chips(ante, "the ante")
        return ante * self.raise_multiple

    def raise_win(self, raise_amount: int, hand: PayHand) -> tuple[int, bool]:
        """What a winning raise of ``raise_amount`` with ``hand`` wins, and whether the cap cut it.

        >>> UK_RULES.raise_win(400, PayHand.STRAIGHT_FLUSH)
        (10000, True)
        """
        require_whole(raise_amount, "raise_amount")
        win = raise_amount * self.paytable.odds(hand)
        if self.max_payout is not None and win > self.max_payout:
            return self.max_payout, True
        return win, False


#: U.S. rules: raise 2x the ante, the U.S. paytable, no cap, the common progressive schedule.
US_RULES: Final = CaribbeanRules()
#: UK rules: raise 2x, royal paid as a straight flush, maximum payout £10,000.
UK_RULES: Final = CaribbeanRules(
    paytable=UK_PAYTABLE, max_payout=10_000, progressive=UK_PROGRESSIVE, name="UK"
)

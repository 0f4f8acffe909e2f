"""Kill games: the kill size, its triggers, legs, and who posts the kill.

A kill is an extra blind that raises the stakes for one hand. A *full kill* is twice the big
blind and doubles the limits ($20/$40 plays $40/$80); a *half kill* is one and a half times
($4/$8 plays $6/$12); :class:`KillSize` takes any :class:`~fractions.Fraction` with the rounding
stated. :class:`KillRules` holds the options rooms disagree on; :class:`KillTracker` is the value
a table keeps from hand to hand: feed it each :class:`HandResult` and it says whether the next
hand is a kill, who posts it, how much, and the stakes it plays at. Sources: Robert's Rules of
Poker (RRoP), "Kill Pots"; WSOP Live-Action rules 188-203; Wikipedia, "Kill game".

>>> from pokerrules.kill import HandResult, KillRules, KillTracker
>>> t = KillTracker(rules=KillRules(), small_bet=20, big_bet=40, big_blind=20)
>>> t = t.record(HandResult(winners=(3,), pot=120, forced=30))      # seat 3 takes a leg
>>> t.leg, t.is_kill
(3, False)
>>> t = t.record(HandResult(winners=(3,), pot=200, forced=30))      # and wins again
>>> t.is_kill, t.killer, t.kill_blind, t.stakes
(True, 3, 40, (40, 80))

Two more rules of RRoP: a kill may be voluntary (at lowball, a player with at least four kill
blinds in front of them may kill the pot: ``KillRules.voluntary``,
:meth:`KillTracker.volunteer`), and there is one kill per deal, so a second kill for the same
hand is refused:

>>> lowball = KillTracker(rules=KillRules(voluntary=True), small_bet=20, big_bet=40,
...                       big_blind=20, killer=3)
>>> lowball.volunteer(5, stack=1000)
Traceback (most recent call last):
...
pokerrules.errors.InvalidDefinitionError: seat 5 cannot kill: one kill per deal, and seat 3 kills the next hand (Robert's Rules of Poker, "Kill Pots")
"""

from __future__ import annotations

import enum
import math
from collections.abc import Collection, Iterable, Mapping
from fractions import Fraction
from typing import Any

import attrs

from pokerrules._validators import (
    is_chips,
    is_flag,
    is_instance,
    is_int,
    is_member,
    is_seat,
    is_seat_chips,
    is_whole,
    optional,
    seat_tuple,
    shown_number,
)
from pokerrules.errors import InvalidDefinitionError
from pokerrules.forced_bets import KillerInBlind, KillPost

__all__ = [
    "FULL_KILL",
    "HALF_KILL",
    "VOLUNTARY_KILL_BLINDS",
    "HandResult",
    "KillActionOrder",
    "KillRounding",
    "KillRules",
    "KillSize",
    "KillTracker",
    "KillTrigger",
    "KillerInBlind",
    "may_kill_voluntarily",
]

#: The kill blinds a player must have in front of them to kill the pot voluntarily at lowball
#: (Robert's Rules of Poker, home edition, "Kill Pots").
VOLUNTARY_KILL_BLINDS = 4


def may_kill_voluntarily(stack: int, kill_blind: int) -> bool:
    """Whether a player with ``stack`` chips in front of them may kill the pot voluntarily: at
    least :data:`VOLUNTARY_KILL_BLINDS` (four) kill blinds (Robert's Rules of Poker, home
    edition: a lowball player may kill voluntarily with four kill blinds in front of them).

    >>> may_kill_voluntarily(160, 40), may_kill_voluntarily(159, 40)
    (True, False)
    """
    for name, value in (("stack", stack), ("kill_blind", kill_blind)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            msg = f"{name} must be a whole number of chips >= 0, not {shown_number(value)}"
            raise InvalidDefinitionError(msg)
    return kill_blind > 0 and stack >= VOLUNTARY_KILL_BLINDS * kill_blind


class KillRounding(enum.Enum):
    """How a kill amount that is not a whole number of chips is rounded."""

    #: Down to the chip (the default).
    DOWN = "down"
    #: Up to the chip.
    UP = "up"
    #: To the nearest chip, halves up.
    NEAREST = "nearest"


def _fraction(value: Fraction | int | str) -> Fraction:
    if isinstance(value, bool):
        msg = f"multiplier must be a number above 1, such as Fraction(3, 2), not {value!r}"
        raise InvalidDefinitionError(msg)
    try:
        fraction = Fraction(value)
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        # OverflowError: an infinite float; ValueError: nan or text that is not a number
        msg = (
            "multiplier must be a finite number above 1, such as Fraction(3, 2), "
            f"not {shown_number(value)}"
        )
        raise InvalidDefinitionError(msg) from None
    if fraction <= 1:
        msg = f"a kill must raise the stakes: multiplier {shown_number(fraction)} is not above 1"
        raise InvalidDefinitionError(msg)
    return fraction


@attrs.frozen(kw_only=True)
class KillSize:
    """How big a kill is: the kill blind and the kill limits are the normal big blind and
    limits times ``multiplier``, rounded to ``chip`` by ``rounding``.

    >>> FULL_KILL.scale(20), HALF_KILL.scale(4), HALF_KILL.scale(8)
    (40, 6, 12)
    >>> KillSize(multiplier=Fraction(3, 2), rounding=KillRounding.UP).scale(3)
    5
    """

    multiplier: Fraction = attrs.field(default=Fraction(2), converter=_fraction)
    rounding: KillRounding = attrs.field(
        default=KillRounding.DOWN, validator=is_member(KillRounding)
    )
    chip: int = attrs.field(default=1, validator=is_chips)

    def scale(self, amount: int) -> int:
        """``amount`` (whole chips >= 0) times the multiplier, rounded to the chip as stated."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            msg = f"amount must be a whole number of chips >= 0, not {shown_number(amount)}"
            raise InvalidDefinitionError(msg)
        units = Fraction(amount) * self.multiplier / self.chip
        if self.rounding is KillRounding.DOWN:
            whole = math.floor(units)
        elif self.rounding is KillRounding.UP:
            whole = math.ceil(units)
        else:
            whole = math.floor(units + Fraction(1, 2))
        return max(whole, 1) * self.chip

    @property
    def name(self) -> str:
        """``'full kill'``, ``'half kill'`` or ``'kill x5/4'``."""
        if self.multiplier == 2:
            return "full kill"
        if self.multiplier == Fraction(3, 2):
            return "half kill"
        return f"kill x{self.multiplier}"


#: A full kill: twice the big blind, doubled limits (RRoP).
FULL_KILL = KillSize(multiplier=Fraction(2))
#: A half kill: one and a half times the big blind and the limits (RRoP).
HALF_KILL = KillSize(multiplier=Fraction(3, 2))


class KillTrigger(enum.Enum):
    """What makes the next hand a kill (``KillRules.trigger``)."""

    #: The same player wins two pots in a row, the second with at least one full bet beyond
    #: the blinds (RRoP "Kill Pots" 3; WSOP Live-Action). The default.
    TWO_POTS_IN_A_ROW = "two pots in a row"
    #: A high-low pot scooped by one player, of at least ``threshold`` (5) times the upper
    #: limit (RRoP "Kill Pots"; WSOP Live-Action).
    HI_LO_SCOOP = "hi-lo scoop"
    #: A pot over ``threshold`` (10) times the big bet: $20/$40 kills after a pot over $400
    #: (Wikipedia, "Kill game").
    POT_OVER = "pot over a multiple of the big bet"
    #: Two pots in a row, the second of at least ``threshold`` (5) times the big blind; a split
    #: pot returns the leg to the middle (Arizona cardrooms).
    ARIZONA = "two pots in a row, the second of 5 big blinds"
    #: Nothing requires a kill: every kill is voluntary (lowball, with
    #: ``KillRules.voluntary``; RRoP: "A kill may be optional in a game, and is often used
    #: at lowball").
    NONE = "no required kill"

    @property
    def default_threshold(self) -> int:
        """The usual multiple for this trigger (0 when it has none)."""
        return {
            KillTrigger.TWO_POTS_IN_A_ROW: 0,
            KillTrigger.HI_LO_SCOOP: 5,
            KillTrigger.POT_OVER: 10,
            KillTrigger.ARIZONA: 5,
            KillTrigger.NONE: 0,
        }[self]


class KillActionOrder(enum.Enum):
    """Where the killer acts on the first round (``KillRules.action_order``)."""

    #: In proper turn, after the player on the right (RRoP "Kill Pots" 2). The default.
    IN_TURN = "in turn"
    #: Last, with the option, like a big blind (some rooms; Wikipedia, "Kill game").
    LAST = "last with the option"


def _multiple(_instance: object, attribute: attrs.Attribute[object], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int | Fraction) or value < 0:
        msg = f"{attribute.name} must be a multiple >= 0 (an int or Fraction), not {shown_number(value)}"
        raise InvalidDefinitionError(msg)


@attrs.frozen(kw_only=True)
class KillRules:
    """The kill options, with RRoP defaults. ``threshold`` is the trigger's multiple (``None``:
    the trigger's usual multiple: 5 x the upper limit for a scoop, 10 x the big bet for a
    big pot, 5 x the big blind in Arizona).

    ``voluntary`` -- a player may kill the pot voluntarily when they have at least four kill
    blinds in front of them (RRoP, home edition, "Kill Pots": a lowball rule; off by default).
    Whatever the options, there is one kill per deal (RRoP, "Kill Pots"): a required kill
    leaves no room for a voluntary one, and one volunteer shuts out the rest.
    """

    size: KillSize = attrs.field(default=FULL_KILL, validator=is_instance(KillSize))
    trigger: KillTrigger = attrs.field(
        default=KillTrigger.TWO_POTS_IN_A_ROW, validator=is_member(KillTrigger)
    )
    threshold: Fraction | int | None = attrs.field(default=None, validator=optional(_multiple))
    action_order: KillActionOrder = attrs.field(
        default=KillActionOrder.IN_TURN, validator=is_member(KillActionOrder)
    )
    killer_in_blind: KillerInBlind = attrs.field(
        default=KillerInBlind.REPLACES_BLIND, validator=is_member(KillerInBlind)
    )
    voluntary: bool = attrs.field(default=False, validator=is_flag)

    @property
    def multiple(self) -> Fraction:
        """The trigger's threshold multiple in force."""
        if self.threshold is None:
            return Fraction(self.trigger.default_threshold)
        return Fraction(self.threshold)


def _winners(values: Iterable[int]) -> tuple[int, ...]:
    return seat_tuple(values, "winners")


def _owed_pairs(_instance: object, attribute: Any, value: Any) -> None:
    """``owed``: a tuple of ``(seat, chips)`` pairs, chips positive, each seat once."""
    if not isinstance(value, tuple):
        msg = f"{attribute.name} must be a tuple of (seat, chips) pairs, not {shown_number(value)}"
        raise InvalidDefinitionError(msg)
    for pair in value:
        if not is_seat_chips(pair):
            msg = (
                f"{attribute.name} must hold (seat, chips) pairs with positive whole chips, "
                f"not {shown_number(pair)}"
            )
            raise InvalidDefinitionError(msg)
    seats = [seat for seat, _ in value]
    if len(set(seats)) != len(seats):
        raise InvalidDefinitionError(f"{attribute.name} lists a seat twice")


@attrs.frozen(kw_only=True)
class HandResult:
    """What a kill tracker needs to know about a finished hand.

    * ``winners`` -- every seat that won part of the pot (more than one: a split pot);
    * ``pot`` -- the whole pot;
    * ``forced`` -- the part of the pot that came from blinds, antes and the kill;
    * ``own`` -- the part the (single) winner put in beyond their own forced bets: chips not
      won from anyone. A second leg must win at least a full bet that is neither of these
      (RRoP, "Kill Pots" 3: "it cannot be any part of the blind structure");
    * ``scooped`` -- a high-low pot won whole by one player (default: a single winner).
    """

    winners: tuple[int, ...] = attrs.field(converter=_winners)
    pot: int = attrs.field(validator=is_whole)
    forced: int = attrs.field(default=0, validator=is_whole)
    own: int = attrs.field(default=0, validator=is_whole)
    scooped: bool | None = attrs.field(default=None, validator=optional(is_flag))

    def __attrs_post_init__(self) -> None:
        if not self.winners:
            raise InvalidDefinitionError("a hand result needs at least one winner")
        if self.forced + self.own > self.pot:
            raise InvalidDefinitionError(
                "the forced chips and the winner's own chips cannot exceed the pot"
            )

    @property
    def split(self) -> bool:
        """Whether the pot was split."""
        return len(set(self.winners)) > 1

    @property
    def sole_winner(self) -> int | None:
        """The single winner, or ``None`` for a split pot."""
        return None if self.split else self.winners[0]


@attrs.frozen(kw_only=True)
class KillTracker:
    """The kill state a table carries from hand to hand.

    ``small_bet``, ``big_bet`` and ``big_blind`` are the normal stakes. ``leg`` is the seat
    holding the kill button with one leg up (``None``: the button is neutral); ``killer`` the
    seat that must kill the next hand. ``owed`` lists blinds owed for the next hand by a killer
    who was due one (option :attr:`KillerInBlind.OWE_NEXT_HAND`). ``voluntary`` says the next
    hand's kill was volunteered (:meth:`volunteer`), not required: winning it starts a leg like
    any other pot, and does not make its killer kill again.
    """

    rules: KillRules = attrs.field(default=KillRules(), validator=is_instance(KillRules))
    small_bet: int = attrs.field(validator=is_chips)
    big_bet: int = attrs.field(validator=is_chips)
    big_blind: int = attrs.field(validator=is_chips)
    leg: int | None = attrs.field(default=None, validator=optional(is_seat))
    killer: int | None = attrs.field(default=None, validator=optional(is_seat))
    owed: tuple[tuple[int, int], ...] = attrs.field(default=(), validator=_owed_pairs)
    voluntary: bool = attrs.field(default=False, validator=is_flag)

    def __attrs_post_init__(self) -> None:
        if self.voluntary and self.killer is None:
            raise InvalidDefinitionError("a voluntary kill needs its killer (killer=None)")

    def voluntary_refusal(self, seat: int, stack: int) -> str | None:
        """Why seat ``seat``, with ``stack`` chips in front of them, may not kill the next hand
        voluntarily -- or ``None`` when they may (a query: it never raises for a reason of the
        rules). See :meth:`volunteer`."""
        if not is_int(seat) or seat < 0:
            raise InvalidDefinitionError(f"seat must be a seat number, not {shown_number(seat)}")
        if isinstance(stack, bool) or not isinstance(stack, int) or stack < 0:
            msg = f"stack must be a whole number of chips >= 0, not {shown_number(stack)}"
            raise InvalidDefinitionError(msg)
        if not self.rules.voluntary:
            return "this game has no voluntary kill (KillRules.voluntary is off)"
        if self.killer is not None:
            who = "they already kill" if self.killer == seat else f"seat {self.killer} kills"
            return (
                f"one kill per deal, and {who} the next hand (Robert's Rules of Poker, "
                '"Kill Pots")'
            )
        blind = self.rules.size.scale(self.big_blind)
        if not may_kill_voluntarily(stack, blind):
            return (
                f"a voluntary kill needs at least {VOLUNTARY_KILL_BLINDS} kill blinds in front "
                f"of the player ({VOLUNTARY_KILL_BLINDS} x {blind} = "
                f"{VOLUNTARY_KILL_BLINDS * blind}), and they have {stack} (Robert's Rules of "
                'Poker, home edition, "Kill Pots")'
            )
        return None

    def volunteer(self, seat: int, stack: int) -> KillTracker:
        """The tracker with seat ``seat`` killing the next hand voluntarily: allowed with
        ``KillRules.voluntary``, at least four kill blinds in ``stack`` (the chips in front
        of them) and no other kill due, as there is one kill per deal (Robert's Rules of Poker,
        "Kill Pots"; home edition for the four kill blinds).

        A table deals the kill like a required one: ``attrs.evolve(table,
        kill=table.kill.volunteer(seat, table.stacks[seat]))``.

        >>> t = KillTracker(rules=KillRules(voluntary=True, trigger=KillTrigger.NONE),
        ...                 small_bet=20, big_bet=40, big_blind=20)
        >>> post = t.volunteer(4, stack=160).kill_post()
        >>> post.seat, post.amount
        (4, 40)
        >>> t.volunteer(4, stack=150)
        Traceback (most recent call last):
        ...
        pokerrules.errors.InvalidDefinitionError: seat 4 cannot kill: a voluntary kill needs at least 4 kill blinds in front of the player (4 x 40 = 160), and they have 150 (Robert's Rules of Poker, home edition, "Kill Pots")
        """
        why = self.voluntary_refusal(seat, stack)
        if why is not None:
            raise InvalidDefinitionError(f"seat {seat} cannot kill: {why}")
        return attrs.evolve(self, killer=seat, voluntary=True)

    @property
    def is_kill(self) -> bool:
        """Whether the next hand is a kill."""
        return self.killer is not None

    @property
    def kill_blind(self) -> int | None:
        """The kill blind for the next hand, or ``None``."""
        return self.rules.size.scale(self.big_blind) if self.killer is not None else None

    @property
    def stakes(self) -> tuple[int, int]:
        """``(small bet, big bet)`` for the next hand: scaled in a kill, else the normal ones."""
        if self.killer is None:
            return self.small_bet, self.big_bet
        size = self.rules.size
        return size.scale(self.small_bet), size.scale(self.big_bet)

    def kill_post(self) -> KillPost | None:
        """The kill to post next hand, for :func:`~pokerrules.forced_bets.post_forced_bets`."""
        if self.killer is None:
            return None
        return KillPost(
            seat=self.killer,
            amount=self.rules.size.scale(self.big_blind),
            acts_last=self.rules.action_order is KillActionOrder.LAST,
            in_blind=self.rules.killer_in_blind,
        )

    def record(
        self,
        result: HandResult,
        *,
        departed: Collection[int] = (),
        owed: Mapping[int, int] | None = None,
    ) -> KillTracker:
        """The tracker after a hand. ``departed`` lists players who left the game (a quitter's
        leg is lost and the button goes neutral: RRoP "Kill Pots" 1b -- so a quitter due to
        kill kills nothing; a player who only steps away keeps the leg, rule 5); ``owed`` the
        blinds the posting said are owed next hand."""
        if not isinstance(result, HandResult):
            raise InvalidDefinitionError(
                f"result must be a HandResult, not {shown_number(result)}"
            )
        seat_tuple(departed, "departed")
        if owed is not None and not isinstance(owed, Mapping):
            msg = f"owed must be a mapping of seat -> chips, not {shown_number(owed)}"
            raise InvalidDefinitionError(msg)
        pairs = tuple((owed or {}).items())
        for seat, chips in pairs:
            if not (is_int(seat) and is_int(chips) and chips > 0):
                msg = (
                    f"owed must map seat numbers to positive whole chips, not "
                    f"{shown_number(seat)}: {shown_number(chips)}"
                )
                raise InvalidDefinitionError(msg)
        owed_next = tuple(sorted(pairs))
        trigger = self.rules.trigger
        if self.voluntary:
            # a volunteered kill binds nobody to kill again: the pot counts like any other
            plain = attrs.evolve(self, killer=None, voluntary=False)
            return plain.record(result, departed=departed, owed=owed)
        if trigger is KillTrigger.NONE:
            leg, killer = None, None
        elif trigger is KillTrigger.POT_OVER:
            winner = result.sole_winner
            kill = winner is not None and result.pot > self.rules.multiple * self.big_bet
            leg, killer = None, (winner if kill else None)
        elif trigger is KillTrigger.HI_LO_SCOOP:
            winner = result.sole_winner
            scooped = result.scooped if result.scooped is not None else winner is not None
            big_enough = result.pot >= self.rules.multiple * self.big_bet
            kill = winner is not None and scooped and big_enough
            leg, killer = None, (winner if kill else None)
        else:
            leg, killer = self._legs(result)
        if leg in departed:
            leg = None
        if killer in departed:
            # the kill button goes neutral with its holder (RRoP 1b): nobody is left to post
            # the kill, so the next hand is played at the normal stakes
            killer = None
        return attrs.evolve(self, leg=leg, killer=killer, owed=owed_next)

    def _legs(self, result: HandResult) -> tuple[int | None, int | None]:
        """Legs for the two-in-a-row triggers: ``(leg holder, killer next hand)``."""
        arizona = self.rules.trigger is KillTrigger.ARIZONA
        winner = result.sole_winner
        holder = self.killer if self.killer is not None else self.leg
        if result.split:
            if holder is not None and holder in result.winners and not arizona:
                # RRoP 4: a leg survives a split, and a killer who splits kills again
                return holder, self.killer
            return None, None
        if winner == holder:
            if self.killer is not None:
                return winner, winner  # a killer who wins again kills again (RRoP 7)
            if self._qualifies(result):
                return winner, winner
            return winner, None
        return winner, None

    def _qualifies(self, result: HandResult) -> bool:
        if self.rules.trigger is KillTrigger.ARIZONA:
            return result.pot >= self.rules.multiple * self.big_blind
        small_bet = self.stakes[0]
        return result.pot - result.forced - result.own >= small_bet

"""Forced bets: blinds, straddles, antes and the stud bring-in -- who posts what.

:class:`ForcedBets` describes a game's forced bets at given stakes; :func:`post_forced_bets`
applies them to a table (the occupied seats with their stacks, and the button) and returns a
:class:`Posting`: what each seat posted (live or dead), who is all-in, the first-round action
order and the later-round order. :meth:`Posting.start_round` turns it into the first
:class:`~pokerrules.betting.BettingRound`. Seat numbers increase clockwise; empty seats are
simply absent from ``stacks``.

Rules follow Robert's Rules of Poker (RRoP, "Button and Blind Use") and Wikipedia, "Blind
(poker)": the small blind sits left of the button and the big blind next; the player left of
the big blind acts first on the first round; heads-up, the button posts the small blind, acts
first before the flop and last after it.

>>> from pokerrules.forced_bets import ForcedBets, post_forced_bets
>>> posting = post_forced_bets(ForcedBets(blinds=(1, 2)), stacks={1: 100, 4: 100, 6: 100},
...                            button=6)
>>> posting.live, posting.order, posting.later_order
({1: 1, 4: 2}, (6, 1, 4), (1, 4, 6))
>>> heads_up = post_forced_bets(ForcedBets(blinds=(1, 2)), stacks={1: 100, 4: 100}, button=4)
>>> heads_up.live, heads_up.order, heads_up.later_order     # button posts the small blind
({4: 1, 1: 2}, (4, 1), (1, 4))
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

import attrs

from pokerrules._validators import (
    is_chips,
    is_flag,
    is_instance,
    is_int,
    is_member,
    is_seat,
    is_whole,
    optional,
    require_chips,
    shown,
)
from pokerrules._validators import (
    trusted as _trusted,
)
from pokerrules.betting import BettingRound, BettingRules, Structure, minimum_bet
from pokerrules.betting.sizing import opening
from pokerrules.cards import Card, Rank
from pokerrules.errors import InvalidDefinitionError
from pokerrules.pots import clockwise_from

__all__ = [
    "AnteKind",
    "ForcedBets",
    "KillPost",
    "KillerInBlind",
    "MississippiAction",
    "Post",
    "Posting",
    "ShortForcedBet",
    "SmallBlindRounding",
    "bring_in_seat",
    "post_forced_bets",
    "small_blind",
    "stud_first_to_act",
]


class SmallBlindRounding(enum.Enum):
    """How a small blind of half an odd big blind is rounded to the chips in play."""

    #: Round down (Wikipedia, "Blind (poker)": "usually down"): a $3 big blind has a $1 small
    #: blind. The default.
    DOWN = "down"
    #: Round up: a $3 big blind has a $2 small blind.
    UP = "up"


def small_blind(
    big_blind: int, *, chip: int = 1, rounding: SmallBlindRounding = SmallBlindRounding.DOWN
) -> int:
    """The small blind for ``big_blind``: half of it, rounded to a multiple of ``chip`` (the
    smallest chip in play) when half is impractical; never less than one chip. A big blind
    smaller than one chip raises :class:`~pokerrules.errors.InvalidDefinitionError`.

    >>> small_blind(20), small_blind(3), small_blind(3, rounding=SmallBlindRounding.UP)
    (10, 1, 2)
    >>> small_blind(25, chip=5)
    10
    """
    if not is_int(big_blind) or big_blind <= 0:
        msg = (
            f"no small blind for a big blind of {shown(big_blind)}: big_blind must be a "
            "positive whole number of chips"
        )
        raise InvalidDefinitionError(msg)
    require_chips(chip, "chip")
    if not isinstance(rounding, SmallBlindRounding):
        msg = (
            "rounding must be SmallBlindRounding.DOWN or SmallBlindRounding.UP, "
            f"not {shown(rounding)}"
        )
        raise InvalidDefinitionError(msg)
    if big_blind < chip:
        msg = (
            f"no small blind for a big blind of {shown(big_blind)}: it is less than the "
            f"smallest chip ({shown(chip)}); the big blind must be at least one chip"
        )
        raise InvalidDefinitionError(msg)
    units, odd = divmod(big_blind, 2 * chip)
    sb = units * chip + (chip if odd and rounding is SmallBlindRounding.UP else 0)
    return max(sb, chip)


class AnteKind(enum.Enum):
    """Who pays the ante."""

    #: Every player dealt in antes the amount.
    EACH = "each player"
    #: The button posts one ante for the table (the amount is the whole ante). When the button
    #: is dead (on an empty seat), nobody posts it that hand.
    BUTTON = "button ante"
    #: The big blind posts one ante for the table (TDA): the blind first, then the ante.
    BIG_BLIND = "big-blind ante"


class MississippiAction(enum.Enum):
    """Who acts first before the flop over a Mississippi straddle (a live straddle posted from
    any seat outside the blinds; the button straddle is the common one). Rooms differ here
    (Lee Jones, "Why Mississippi/Button Straddles Suck", 2019, names both ways); the straddler
    acts last before the flop either way and has the option to raise."""

    #: The player left of the straddler acts first and the action goes round to the straddler:
    #: over a button straddle the small blind acts first (pokernews.com and pokerterms.com,
    #: "Mississippi Straddle"; the WSOP's Rio poker room, pokerworks.com 2007; the more common
    #: way, Lee Jones). The default.
    LEFT_OF_STRADDLER = "left of the straddler"
    #: The player left of the big blind acts first as usual; the straddler is skipped and acts
    #: last (Lee Jones's second way).
    UNDER_THE_GUN = "under the gun, the straddler last"


class ShortForcedBet(enum.Enum):
    """What the others must call when a player posts a blind or bring-in all-in for less."""

    #: The full amount: a short big blind or bring-in does not lower the bet (RRoP:
    #: "the full big blind", "the full bring-in"). The default.
    FULL = "full amount"
    #: Only what was posted (some home games).
    AS_POSTED = "as posted"


class KillerInBlind(enum.Enum):
    """What a killer who is due a blind posts (``KillRules.killer_in_blind``; Wikipedia, "Kill game")."""

    #: The kill replaces the blind the killer was due. The default.
    REPLACES_BLIND = "the kill replaces the blind"
    #: The killer posts both; only the kill is live, the blind is dead.
    POST_BOTH = "post both"
    #: The killer posts the kill now and owes the blind on the next hand.
    OWE_NEXT_HAND = "owe the blind next hand"


def _listed(values: Iterable[object]) -> str:
    """``values`` for an error message, each shown by :func:`shown` (a huge number by its
    size)."""
    return "[" + ", ".join(shown(v) for v in values) + "]"


def _blind_tuple(values: Iterable[int]) -> tuple[int, ...]:
    if isinstance(values, str | bytes):
        raise InvalidDefinitionError(f"blinds must be a sequence of amounts, not {shown(values)}")
    try:
        blinds = tuple(values)
    except TypeError:
        msg = f"blinds must be a sequence of amounts, not {shown(values)}"
        raise InvalidDefinitionError(msg) from None
    if len(blinds) > 3 or any(not is_int(b) or b <= 0 for b in blinds):
        msg = f"blinds must be 0 to 3 positive amounts, not {_listed(blinds)}"
        raise InvalidDefinitionError(msg)
    if list(blinds) != sorted(blinds):
        msg = f"blinds are listed smallest first, the big blind last, not {_listed(blinds)}"
        raise InvalidDefinitionError(msg)
    return blinds


def _straddle_multiple(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not is_int(value) or value < 2:
        msg = f"{attribute.name} must be a whole multiple of at least 2, not {shown(value)}"
        raise InvalidDefinitionError(msg)


@attrs.frozen(kw_only=True)
class ForcedBets:
    """A game's forced bets at given stakes.

    * ``blinds`` -- 0 to 3 amounts in posting order from the button's left: ``(10, 20)`` is a
      small and a big blind; the last is the big blind. With three blinds the first sits left
      of the button (RRoP) or on it (``first_blind_on_button``, Wikipedia); a single blind
      with ``first_blind_on_button`` is a button blind (short-deck hold'em).
    * ``ante`` and ``ante_kind`` -- :class:`AnteKind`; antes are dead money.
    * ``bring_in`` -- stud: the forced bet of the low (razz: high) door card, who may complete.
    * ``small_blind_dead`` -- blinds before the big blind are dead (not part of the poster's
      bet; RRoP allows it in some structures). Default live.
    * ``big_blind_option`` -- the big blind may raise when the pot is only called to it (a
      live blind; RRoP "Button and Blind Use" 2). Default on.
    * ``short`` -- :class:`ShortForcedBet`, when a blind or bring-in is posted all-in short.
    * ``chip`` -- the smallest chip in play. With neither blinds, antes nor bring-in the
      first round opens at one chip that nobody posted: tossing one chip calls it, anything
      more raises (Wikipedia, "Blind (poker)").
    * ``straddle_multiple`` -- each live straddle is this many times the previous blind.
    * ``mississippi_action`` -- :class:`MississippiAction`: who acts first before the flop
      over a Mississippi (button) straddle.
    """

    blinds: tuple[int, ...] = attrs.field(default=(), converter=_blind_tuple)
    ante: int = attrs.field(default=0, validator=is_whole)
    ante_kind: AnteKind = attrs.field(default=AnteKind.EACH, validator=is_member(AnteKind))
    bring_in: int | None = attrs.field(default=None, validator=optional(is_chips))
    first_blind_on_button: bool = attrs.field(default=False, validator=is_flag)
    small_blind_dead: bool = attrs.field(default=False, validator=is_flag)
    big_blind_option: bool = attrs.field(default=True, validator=is_flag)
    short: ShortForcedBet = attrs.field(
        default=ShortForcedBet.FULL, validator=is_member(ShortForcedBet)
    )
    chip: int = attrs.field(default=1, validator=is_chips)
    straddle_multiple: int = attrs.field(default=2, validator=_straddle_multiple)
    mississippi_action: MississippiAction = attrs.field(
        default=MississippiAction.LEFT_OF_STRADDLER, validator=is_member(MississippiAction)
    )

    def __attrs_post_init__(self) -> None:
        if self.bring_in is not None and self.blinds:
            raise InvalidDefinitionError("a bring-in game has no blinds")

    @classmethod
    def two_blinds(
        cls,
        big_blind: int,
        *,
        chip: int = 1,
        rounding: SmallBlindRounding = SmallBlindRounding.DOWN,
        ante: int = 0,
        ante_kind: AnteKind = AnteKind.EACH,
    ) -> ForcedBets:
        """A small and a big blind, the small one from :func:`small_blind`.

        >>> ForcedBets.two_blinds(3).blinds
        (1, 3)
        """
        sb = small_blind(big_blind, chip=chip, rounding=rounding)
        return cls(blinds=(sb, big_blind), chip=chip, ante=ante, ante_kind=ante_kind)

    @property
    def big_blind(self) -> int:
        """The big blind (the last blind), or 0 without blinds."""
        return self.blinds[-1] if self.blinds else 0


@attrs.frozen(kw_only=True)
class KillPost:
    """A kill blind to post this hand (see :mod:`pokerrules.kill`): the killer's seat, the
    amount, whether the killer acts last on the first round, and what happens when the
    killer is due a blind."""

    seat: int = attrs.field(validator=is_seat)
    amount: int = attrs.field(validator=is_chips)
    acts_last: bool = attrs.field(default=False, validator=is_flag)
    in_blind: KillerInBlind = attrs.field(
        default=KillerInBlind.REPLACES_BLIND, validator=is_member(KillerInBlind)
    )


@attrs.frozen
class Post:
    """One forced bet: who posted it, what kind, how much, and whether it is live."""

    seat: int = attrs.field(validator=is_seat)
    kind: str = attrs.field(validator=is_instance(str))
    amount: int = attrs.field(validator=is_whole)
    live: bool = attrs.field(default=True, validator=is_flag)
    all_in: bool = attrs.field(default=False, validator=is_flag)

    def __str__(self) -> str:
        state = "" if self.live or "ante" in self.kind else " dead"  # antes are always dead
        short = " (all-in)" if self.all_in else ""
        return f"seat {self.seat} posts {self.kind} {self.amount}{state}{short}"


#: Posts are immutable values that recur hand after hand (the same seat posting the same
#: blind): the posting reuses them instead of building each again. Bounded.
_POSTS: dict[tuple[int, str, int, bool, bool], Post] = {}
_MOST_POSTS: Final = 4096


@attrs.frozen(kw_only=True)
class Posting:
    """The forced bets of one hand, posted.

    ``posts`` lists every post in order; ``live`` the chips each seat has in the first
    round's bet; ``dead`` the dead chips (antes, dead blinds) already in the pot; ``stacks``
    what each seat has left; ``level`` the bet the others must call; ``order`` the first
    round's action order and ``later_order`` the order of later rounds (button games).
    ``owed`` lists blinds owed for the next hand (a killer who owes a blind).
    """

    forced: ForcedBets = attrs.field(validator=is_instance(ForcedBets))
    posts: tuple[Post, ...] = attrs.field(validator=is_instance(tuple))
    stacks: dict[int, int] = attrs.field(validator=is_instance(dict))
    live: dict[int, int] = attrs.field(validator=is_instance(dict))
    dead: int = attrs.field(validator=is_whole)
    level: int = attrs.field(validator=is_whole)
    bets: int | None = attrs.field(validator=optional(is_whole))
    order: tuple[int, ...] = attrs.field(validator=is_instance(tuple))
    later_order: tuple[int, ...] = attrs.field(validator=is_instance(tuple))
    no_option: frozenset[int] = attrs.field(default=frozenset(), validator=is_instance(frozenset))
    bring_in: int | None = attrs.field(default=None, validator=optional(is_chips))
    owed: dict[int, int] = attrs.field(factory=dict, validator=is_instance(dict))

    @property
    def all_in(self) -> frozenset[int]:
        """Seats that are all-in from their forced bets."""
        return frozenset(s for s, x in self.stacks.items() if x == 0)

    def start_round(
        self, structure: Structure, rules: BettingRules | None = None, *, carried: int = 0
    ) -> BettingRound:
        """The first betting round of the hand. ``carried`` are chips carried into the pot
        from an earlier hand: in the pot like the dead chips (a pot-limit bet counts them).
        A bring-in posted all-in for less sets the bet to call by ``ForcedBets.short``.

        >>> from pokerrules.betting import FixedLimit
        >>> p = post_forced_bets(ForcedBets(blinds=(10, 20)), stacks={1: 500, 2: 500, 3: 500},
        ...                      button=3)
        >>> p.start_round(FixedLimit(20)).legal_actions().describe()
        'fold, call 20, raise to 40'
        """
        if not is_int(carried) or carried < 0:
            msg = f"carried chips must be a whole number >= 0, not {shown(carried)}"
            raise InvalidDefinitionError(msg)
        level = self.level
        bets = self.bets
        if bets is None:
            bets = 1 if level >= minimum_bet(structure) and not self.bring_in else 0
        return BettingRound.start(
            order=self.order,
            stacks=self.stacks,
            structure=structure,
            rules=rules if rules is not None else BettingRules(),
            posted=self.live,
            pot=self.dead + carried,
            level=level,
            bets=bets,
            bring_in=self.bring_in,
            no_option=self.no_option,
            full_bring_in=self.forced.short is ShortForcedBet.FULL,
        )

    def trusted_round(
        self, structure: Structure, rules: BettingRules, carried: int = 0
    ) -> BettingRound:
        """:meth:`start_round` for the hand engine, on input it built itself: no checks."""
        level = self.level
        bets = self.bets
        if bets is None:
            bets = 1 if level >= minimum_bet(structure) and not self.bring_in else 0
        seats = self.order
        stacks = self.stacks
        live = self.live
        return BettingRound.trusted_start(
            structure,
            rules,
            seats,
            tuple([stacks[s] for s in seats]),
            tuple([live.get(s, 0) for s in seats]),
            pot=self.dead + carried,
            wager=opening(structure, level, bets, None),
            bring_in=self.bring_in or 0,
            no_option=self.no_option,
            full_bring_in=self.forced.short is ShortForcedBet.FULL,
        )


def post_forced_bets(
    forced: ForcedBets,
    *,
    stacks: Mapping[int, int],
    button: int,
    straddles: int = 0,
    kill: KillPost | None = None,
    bring_in_seat: int | None = None,
    owed: Mapping[int, int] | None = None,
    missed: Mapping[int, int] | None = None,
    straddle_seat: int | None = None,
) -> Posting:
    """Post the forced bets of one hand.

    * ``stacks`` -- the seats dealt in (seat -> chips); empty seats are absent.
    * ``button`` -- the button's seat (it may be an empty seat: a dead button).
    * ``straddles`` -- live straddles: the player left of the big blind posts
      ``straddle_multiple`` times the big blind, the next that times again, ...; the action
      starts left of the last straddle and each straddler has the option (RRoP). In limit each
      straddle counts as a raise.
    * ``kill`` -- a kill blind (:class:`KillPost`), usually from a
      :class:`~pokerrules.kill.KillTracker`.
    * ``bring_in_seat`` -- stud: who brings in (:func:`bring_in_seat`); the action starts there.
    * ``owed`` -- blinds owed from an earlier hand, posted dead: small blinds missed while away,
      a killer's blind owed (RRoP, "Button and Blind Use"; "Kill Pots").
    * ``missed`` -- big blinds missed while away, posted live: the returning player has them in
      the pot and may check or raise when the action comes round (RRoP, "Button and Blind
      Use"); a player returning in the big blind posts only the big blind.
    * ``straddle_seat`` -- a Mississippi straddle: the player in this seat, outside the blinds
      (the button, for a button straddle), posts ``straddle_multiple`` times the big blind
      live and acts last before the flop; who acts first is ``forced.mississippi_action``
      (:class:`MississippiAction`). It takes the place of the straddles under the gun.

    A player who cannot cover a forced bet posts all they have and is all-in.
    """
    _check_posting_input(forced, stacks, button, straddles, kill, bring_in_seat)
    _check_blinds_due(stacks, owed, "owes a blind")
    _check_blinds_due(stacks, missed, "missed a big blind")
    _check_straddle_seat(straddle_seat, stacks, straddles, kill)
    return trusted_post_forced_bets(
        forced,
        stacks=stacks,
        button=button,
        straddles=straddles,
        kill=kill,
        bring_in_seat=bring_in_seat,
        owed=owed,
        missed=missed,
        straddle_seat=straddle_seat,
    )


def trusted_post_forced_bets(
    forced: ForcedBets,
    *,
    stacks: Mapping[int, int],
    button: int,
    straddles: int = 0,
    kill: KillPost | None = None,
    bring_in_seat: int | None = None,
    owed: Mapping[int, int] | None = None,
    missed: Mapping[int, int] | None = None,
    straddle_seat: int | None = None,
    order: tuple[int, ...] | None = None,
) -> Posting:
    """:func:`post_forced_bets` on input already checked (the hand engine checks the stacks
    and the button of a hand without straddles, kill or blinds due): no checks of its own.
    ``order`` is the seats clockwise from the button's left, when the caller has it."""
    seats = clockwise_from(button, stacks) if order is None else order
    if len(seats) < 2:
        raise InvalidDefinitionError("a hand needs at least two players")
    left = dict(stacks)
    posts: list[Post] = []
    live: dict[int, int] = {}
    dead = 0

    def post(seat: int, kind: str, amount: int, *, is_live: bool) -> None:
        nonlocal dead
        chips = min(amount, left[seat])
        left[seat] -= chips
        if is_live:
            live[seat] = live.get(seat, 0) + chips
        else:
            dead += chips
        all_in = left[seat] == 0 and chips < amount
        key = (seat, kind, chips, is_live, all_in)
        made = _POSTS.get(key)
        if made is None:
            if len(_POSTS) >= _MOST_POSTS:
                _POSTS.clear()
            made = _POSTS[key] = _trusted(
                Post, seat=seat, kind=kind, amount=chips, live=is_live, all_in=all_in
            )
        posts.append(made)

    blind_seats = _blind_seats(forced, seats, button)
    big_seat = blind_seats[-1] if blind_seats else None
    if kill is not None and kill.seat not in left:
        raise InvalidDefinitionError(f"the killer (seat {shown(kill.seat)}) is not dealt in")
    if forced.ante and forced.ante_kind is AnteKind.EACH:
        for seat in seats:
            post(seat, "ante", forced.ante, is_live=False)
    elif forced.ante and forced.ante_kind is AnteKind.BUTTON and button in left:
        # A dead button (an empty seat under the dead-button rule) posts no ante, just as a
        # dead small blind is not posted (RRoP, "Button and Blind Use").
        post(button, "button ante", forced.ante, is_live=False)
    for seat, amount in owed.items() if owed else ():
        if seat in left and amount > 0:
            post(seat, "owed blind", amount, is_live=False)
    owed_next: dict[int, int] = {}
    level = 0
    names = _blind_names(len(blind_seats))
    full = forced.short is ShortForcedBet.FULL
    for k, (seat, amount) in enumerate(
        zip(blind_seats, forced.blinds[-len(blind_seats) :] if blind_seats else (), strict=True)
    ):
        is_big = k == len(blind_seats) - 1
        if kill is not None and seat == kill.seat:
            if kill.in_blind is KillerInBlind.REPLACES_BLIND:
                continue
            if kill.in_blind is KillerInBlind.OWE_NEXT_HAND:
                owed_next[seat] = amount
                continue
            post(seat, names[k], amount, is_live=False)
            continue
        post(seat, names[k], amount, is_live=is_big or not forced.small_blind_dead)
        level = max(level, amount if full else live.get(seat, 0))
    if forced.ante and forced.ante_kind is AnteKind.BIG_BLIND and big_seat is not None:
        post(big_seat, "big-blind ante", forced.ante, is_live=False)
    for seat, amount in missed.items() if missed else ():
        if seat != big_seat and seat not in live:  # a blind posted now covers it
            post(seat, "missed big blind", amount, is_live=True)
            # a live big blind like any other: the others call the full amount, or under
            # AS_POSTED what was posted
            level = max(level, amount if full else live[seat])
    first = _first_to_act_preflop(seats, blind_seats, button)
    order = _rotate(seats, first)
    bets: int | None = None
    straddle_seats = _straddle_seats(order, straddles, blind_seats) if straddles else ()
    if straddle_seat is not None:
        straddle_seats = _mississippi_seat(straddle_seat, blind_seats)
    amount = forced.big_blind if straddle_seats else 0
    for seat in straddle_seats:
        amount *= forced.straddle_multiple
        if left[seat] < amount:
            msg = f"seat {shown(seat)} cannot cover a straddle of {shown(amount)}"
            raise InvalidDefinitionError(msg)
        post(seat, "straddle", amount, is_live=True)
        level = amount
    if straddle_seats:
        bets = 1 + len(straddle_seats)
        last = straddle_seats[-1]
        if straddle_seat is not None and (
            forced.mississippi_action is MississippiAction.UNDER_THE_GUN
        ):
            order = (*(s for s in order if s != last), last)
        else:
            order = _rotate(seats, _after(seats, last))
    no_option: set[int] = set()
    if not forced.big_blind_option and big_seat is not None and not straddle_seats:
        no_option.add(big_seat)
    if kill is not None:
        post(kill.seat, "kill", kill.amount, is_live=True)
        if forced.short is ShortForcedBet.FULL:
            level = max(level, kill.amount)
        else:
            level = max(level, live.get(kill.seat, 0))
        # The kill counts as the first bet when it is a full bet of the kill round's stakes,
        # like a big blind; a smaller one can be completed (see Posting.start_round).
        bets = None
        if kill.acts_last:
            order = (*(s for s in order if s != kill.seat), kill.seat)
    if forced.bring_in is not None:
        if bring_in_seat is None or bring_in_seat not in left:
            raise InvalidDefinitionError("a bring-in game needs the bring-in seat")
        order = _rotate(seats, bring_in_seat)
    elif not forced.blinds and not forced.ante and kill is None:
        level = forced.chip  # nobody posted: one chip opens, and tossing one chip calls it
        bets = 0
    return _trusted(
        Posting,
        forced=forced,
        posts=tuple(posts),
        stacks=left,
        live=live,
        dead=dead,
        level=level,
        bets=bets,
        order=order,
        later_order=seats,
        no_option=frozenset(no_option),
        bring_in=forced.bring_in,
        owed=owed_next,
    )


def _check_posting_input(  # noqa: PLR0917 -- the arguments of post_forced_bets
    forced: object,
    stacks: object,
    button: object,
    straddles: object,
    kill: object,
    bring_in_seat: object,
) -> None:
    """Refuse forced bets, stacks, a button, straddles, a kill and a bring-in seat that cannot
    be posted."""
    if not isinstance(forced, ForcedBets):
        raise InvalidDefinitionError(f"forced must be ForcedBets, not {shown(forced)}")
    if not isinstance(stacks, Mapping):
        msg = f"stacks must be a mapping of seat -> chips, not {shown(stacks)}"
        raise InvalidDefinitionError(msg)
    for seat, chips in stacks.items():
        if not is_int(seat):
            raise InvalidDefinitionError(f"stacks: {shown(seat)} is not a seat number")
        if not is_int(chips) or chips <= 0:
            msg = (
                f"seat {shown(seat)} is dealt in with {shown(chips)}: a stack must be a "
                "positive whole number"
            )
            raise InvalidDefinitionError(msg)
    if not is_int(button):
        raise InvalidDefinitionError(f"button must be a seat number, not {shown(button)}")
    if not is_int(straddles) or straddles < 0:
        raise InvalidDefinitionError(f"straddles must be a count >= 0, not {shown(straddles)}")
    if kill is not None and not isinstance(kill, KillPost):
        raise InvalidDefinitionError(f"kill must be a KillPost or None, not {shown(kill)}")
    if straddles and kill is not None:
        raise InvalidDefinitionError("a kill pot takes no straddles")
    if bring_in_seat is not None and not is_int(bring_in_seat):
        msg = f"bring_in_seat must be a seat number or None, not {shown(bring_in_seat)}"
        raise InvalidDefinitionError(msg)


def _check_straddle_seat(
    straddle_seat: object, stacks: Mapping[int, int], straddles: object, kill: object
) -> None:
    """Refuse a Mississippi straddle from a seat not dealt in, or beside other straddles or a
    kill."""
    if straddle_seat is None:
        return
    if not is_int(straddle_seat):
        msg = f"straddle_seat must be a seat number or None, not {shown(straddle_seat)}"
        raise InvalidDefinitionError(msg)
    if straddle_seat not in stacks:
        raise InvalidDefinitionError(
            f"the straddler (seat {shown(straddle_seat)}) is not dealt in"
        )
    if straddles:
        msg = "a Mississippi straddle (straddle_seat) takes the place of straddles under the gun"
        raise InvalidDefinitionError(msg)
    if kill is not None:
        raise InvalidDefinitionError("a kill pot takes no straddles")


def _mississippi_seat(seat: int, blind_seats: tuple[int, ...]) -> tuple[int, ...]:
    """The one straddler of a Mississippi straddle: a seat outside the blinds."""
    if not blind_seats:
        raise InvalidDefinitionError("a straddle needs a big blind to double")
    if seat in blind_seats:
        msg = (
            f"seat {shown(seat)} posts a blind: a Mississippi straddle comes from a seat "
            "outside the blinds"
        )
        raise InvalidDefinitionError(msg)
    return (seat,)


def _check_blinds_due(
    stacks: Mapping[int, int], blinds: Mapping[int, int] | None, what: str
) -> None:
    """Refuse owed or missed blinds (``what`` the seat did) that cannot be posted."""
    if blinds is None:
        return
    if not isinstance(blinds, Mapping):
        msg = f"blinds owed or missed must be a mapping of seat -> chips, not {shown(blinds)}"
        raise InvalidDefinitionError(msg)
    for seat, amount in blinds.items():
        if not is_int(seat):
            msg = f"{shown(seat)} {what} but is not a seat number"
            raise InvalidDefinitionError(msg)
        if seat not in stacks:
            raise InvalidDefinitionError(f"seat {shown(seat)} {what} but is not dealt in")
        if not is_int(amount) or amount <= 0:
            msg = (
                f"seat {shown(seat)} {what} of {shown(amount)}: a blind is a positive whole number"
            )
            raise InvalidDefinitionError(msg)


_BLIND_NAMES: Final = ((), ("big blind",), ("small blind", "big blind"))


def _blind_names(n: int) -> tuple[str, ...]:
    return _BLIND_NAMES[n] if n < 3 else ("small blind", "middle blind", "big blind")


def _blind_seats(forced: ForcedBets, seats: tuple[int, ...], button: int) -> tuple[int, ...]:
    """The seats that post the blinds, in posting order (the big blind last)."""
    n = len(forced.blinds)
    if n == 0:
        return ()
    if len(seats) == 2 and n >= 2:
        # heads-up: the button posts the small blind, the other player the big blind
        return (seats[1], seats[0])
    ring = seats
    if forced.first_blind_on_button and n in (1, 3) and button in seats:
        ring = (button, *seats[:-1])
    if len(ring) < n:
        raise InvalidDefinitionError(f"{n} blinds need at least {n} players")
    return ring[:n]


def _first_to_act_preflop(
    seats: tuple[int, ...], blind_seats: tuple[int, ...], button: int
) -> int:
    if not blind_seats:
        return seats[0]
    if len(seats) == 2 and len(blind_seats) >= 2:
        return blind_seats[0]  # heads-up: the button (small blind) acts first
    return _after(seats, blind_seats[-1])


def _after(seats: tuple[int, ...], seat: int) -> int:
    return seats[(seats.index(seat) + 1) % len(seats)]


def _rotate(seats: tuple[int, ...], first: int) -> tuple[int, ...]:
    k = seats.index(first)
    return seats[k:] + seats[:k]


def _straddle_seats(
    order: tuple[int, ...], straddles: int, blind_seats: tuple[int, ...]
) -> tuple[int, ...]:
    if straddles <= 0:
        return ()
    if not blind_seats or len(order) - len(blind_seats) < straddles:
        raise InvalidDefinitionError(
            f"{straddles} straddle(s) need a big blind and that many players after it"
        )
    return order[:straddles]


# --------------------------------------------------------------------------------------------
# Stud: the bring-in and who acts first on later streets


def _rank(card: Card, *, ace_low: bool) -> int:
    return 1 if ace_low and card.rank is Rank.ACE else int(card.rank)


def bring_in_seat(
    door_cards: Mapping[int, Card], *, highest: bool = False, ace_low: bool = False
) -> int:
    """The seat that brings in: the lowest door card, ties broken by suit with clubs lowest
    (RRoP, "Seven-Card Stud" 2; aces are high for the bring-in in high games); in razz the
    highest door card, aces low and spades highest (RRoP, "Razz" 1), with ``highest`` and
    ``ace_low``.

    >>> from pokerrules.cards import Card
    >>> bring_in_seat({1: Card("2d"), 2: Card("2c"), 3: Card("As")})
    2
    >>> bring_in_seat({1: Card("Kd"), 2: Card("Ks"), 3: Card("As")}, highest=True, ace_low=True)
    2
    """
    _check_flags(highest=highest, ace_low=ace_low)
    if not isinstance(door_cards, Mapping):
        msg = f"door_cards must be a mapping of seat -> Card, not {shown(door_cards)}"
        raise InvalidDefinitionError(msg)
    for seat, card in door_cards.items():
        if not is_int(seat):
            raise InvalidDefinitionError(f"door_cards: {shown(seat)} is not a seat number")
        if not isinstance(card, Card):
            msg = f"door_cards: seat {shown(seat)}'s door card must be a Card, not {shown(card)}"
            raise InvalidDefinitionError(msg)
    if not door_cards:
        raise InvalidDefinitionError("no door cards to find the bring-in from")

    def key(seat: int) -> tuple[int, int]:
        card = door_cards[seat]
        return _rank(card, ace_low=ace_low), int(card.suit)

    return (max if highest else min)(door_cards, key=key)


def _check_flags(**flags: object) -> None:
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise InvalidDefinitionError(f"{name} must be True or False, not {shown(value)}")


def _exposed_key(cards: Sequence[Card], *, low: bool) -> tuple[int, tuple[int, ...]]:
    """A sort key for an exposed stud hand: greater is better (low: lesser is better)."""
    counts = Counter(_rank(c, ace_low=low) for c in cards)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    if shape[:1] == [4]:
        category = 4
    elif shape[:1] == [3]:
        category = 3
    elif shape[:2] == [2, 2]:
        category = 2
    elif shape[:1] == [2]:
        category = 1
    else:
        category = 0
    return category, tuple(r for r, _ in groups)


def stud_first_to_act(
    exposed: Mapping[int, Sequence[Card]],
    *,
    order: Sequence[int] | None = None,
    low: bool = False,
) -> int:
    """Who acts first on a later stud street: the best exposed hand (pairs, trips, quads and
    high cards; straights and flushes do not count), or with ``low`` the lowest ace-to-five
    hand (razz). Ties go to the first seat in ``order`` (the seats clockwise from the
    dealer's left; default seat order). RRoP, "Seven-Card Stud" 3 and "Razz" 2.

    >>> from pokerrules.cards import parse_cards
    >>> stud_first_to_act({1: parse_cards("Kd Qs"), 2: parse_cards("5c 5d"), 3: parse_cards("Ah 2c")})
    2
    >>> stud_first_to_act({1: parse_cards("Kd Qs"), 2: parse_cards("5c 5d"), 3: parse_cards("Ah 2c")},
    ...                   low=True)
    3
    """
    _check_flags(low=low)
    if not isinstance(exposed, Mapping):
        msg = f"exposed must be a mapping of seat -> exposed cards, not {shown(exposed)}"
        raise InvalidDefinitionError(msg)
    for seat, cards in exposed.items():
        if not is_int(seat):
            raise InvalidDefinitionError(f"exposed: {shown(seat)} is not a seat number")
        if (
            isinstance(cards, str)
            or not isinstance(cards, Sequence)
            or not all(isinstance(c, Card) for c in cards)
        ):
            msg = f"exposed: seat {shown(seat)}'s cards must be a sequence of Card values"
            raise InvalidDefinitionError(msg)
    if not exposed:
        raise InvalidDefinitionError("no exposed hands to compare")
    if order is None:
        seats = sorted(exposed)
    else:
        if isinstance(order, str) or not isinstance(order, Sequence):
            msg = f"order must be a sequence of seat numbers, not {shown(order)}"
            raise InvalidDefinitionError(msg)
        strangers = [s for s in order if not is_int(s)]
        if strangers:
            msg = f"order must list seat numbers, not {shown(strangers[0])}"
            raise InvalidDefinitionError(msg)
        seats = [s for s in order if s in exposed]
        if not seats:
            msg = (
                f"order {_listed(order)} names none of the seats with exposed cards "
                f"{_listed(sorted(exposed))}"
            )
            raise InvalidDefinitionError(msg)
    keys = {s: _exposed_key(exposed[s], low=low) for s in seats}
    best = min(keys.values()) if low else max(keys.values())
    return next(s for s in seats if keys[s] == best)

"""The showdown order and the settlement of a hand: pots, shares, odd chips, carry-overs.

The arithmetic is :mod:`pokerrules.pots` (side pots, uncalled bets, splits and odd chips) and
:mod:`pokerrules.showdown` (who wins each share); this module only decides which rule applies.

* Showdown order (Robert's Rules of Poker, "The Showdown" 7; WSOP-T 16): the last player to bet
  or raise on the final betting round shows first; with no bet on that round, the first player
  left of the button (stud: the player who would act first, the best hand showing).
* Odd chips: button games give an odd chip to the first winner clockwise from the button;
  stud games by card (``Variant.stud_odd_chip``); a split pot's odd chip goes to the high half.
* The sevens rule (California lowball) and Chicago's carry-over are applied here.
* Running it more than once (:mod:`pokerrules.runouts`): each pot is split between the runouts,
  the odd chips to the first, and each runout's part is awarded on that runout's board.
* The rake (:mod:`pokerrules.rake`), if the stakes have one, is taken from the pots before
  they are awarded; chips carried in from an earlier pot are not raked again.
* Dead money (dead blinds, button and big-blind antes: chips in the pot that are no part of a
  player's bet; RRoP, "Button and Blind Use") and chips carried in go to the main pot. A player
  all-in for dead money alone plays for the dead money they matched: the dead money of every
  player up to their own amount, as a player all-in for an ante plays for an equal amount of
  every other ante (Wikipedia, "Betting in poker": all-in before the deal). See
  :func:`dead_money_pots`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, cast

import attrs

from pokerrules.cards import AnyCard, Card
from pokerrules.evaluation import Scale
from pokerrules.forced_bets import stud_first_to_act
from pokerrules.kill import HandResult
from pokerrules.pots import (
    Pot,
    PotAward,
    Pots,
    StudOddChip,
    side_pots,
    split_amount,
    stud_odd_chip_order,
    trusted_award_pot,
)
from pokerrules.rake import Rake
from pokerrules.runouts import trusted_runout_shares
from pokerrules.showdown import HighHand, Holding, LowHand, Showdown
from pokerrules.variants import SevensPenalty

__all__ = [
    "Outcome",
    "Settlement",
    "dead_money_pots",
    "settle",
    "showdown_order",
    "voided_chips",
]


def showdown_order(
    contenders: Sequence[int],
    *,
    aggressor: int | None,
    up_cards: Mapping[int, Sequence[Card]] | None = None,
    low: bool = False,
) -> tuple[int, ...]:
    """The order hands are shown in: ``contenders`` are the seats still in, clockwise from the
    button's left; ``up_cards`` (stud) decides who would act first when nobody bet."""
    if not contenders:
        return ()
    if aggressor is not None and aggressor in contenders:
        first = aggressor
    elif up_cards:
        first = stud_first_to_act(up_cards, order=contenders, low=low)
    else:
        first = contenders[0]
    k = list(contenders).index(first)
    return tuple(contenders[k:]) + tuple(contenders[:k])


@attrs.frozen(kw_only=True)
class Settlement:
    """What the showdown pays: uncalled (or voided) chips returned, each pot's award (side pots
    first), and chips carried over to the next pot."""

    returned: tuple[tuple[int, int], ...] = ()
    awards: tuple[PotAward, ...] = ()
    carried: int = 0
    voided: bool = False
    rake: int = 0
    #: Each award's runout (1, 2, ...) when the board was run more than once, else empty.
    runout_of: tuple[int, ...] = ()


def _stud_odd_chip_order(
    holdings: Mapping[int, Holding],
    board: Sequence[AnyCard],
    rule: StudOddChip,
    scale: Scale,
) -> tuple[int, ...]:
    """:func:`~pokerrules.pots.stud_odd_chip_order` of the hands that contest the pots."""
    hands = {seat: (*holding.cards, *board) for seat, holding in holdings.items()}
    return stud_odd_chip_order(hands, rule, scale=scale)


def dead_money_pots(
    pots: Sequence[Pot],
    dead: Mapping[int, int],
    *,
    contenders: Sequence[int],
    all_in: Mapping[int, int] | None = None,
    carried_in: int = 0,
) -> list[Pot]:
    """``pots`` (the live chips' pots, main pot first) with the ``dead`` money (by seat) and
    the chips ``carried_in`` added.

    They go to the main pot -- except when a player all-in for dead money alone (``all_in``:
    such seats among the ``contenders``, with their dead chips) plays for the dead money they
    matched: the dead money of every player up to their own amount. Those pots come first (the
    first is the main pot, with the chips carried in), one for each such amount, shared by the
    contenders who reached it (everyone with live chips in the pot or chips behind); the rest of
    the dead money goes to the first live pot, which the players all-in for dead money cannot
    win. (When nobody else is left, what they cannot match goes to the last of those pots, as
    :func:`~pokerrules.pots.side_pots` puts folded chips above the last live level in the last
    pot.)

    >>> live = [Pot(4, (0, 1))]                     # seats 0 and 1 put in 2 each
    >>> dead_money_pots(live, {2: 1}, contenders=(0, 1, 2), all_in={2: 1})
    [Pot(amount=1, eligible=(0, 1, 2)), Pot(amount=4, eligible=(0, 1))]
    >>> dead_money_pots(live, {2: 1}, contenders=(0, 1, 2))    # seat 2 has chips behind
    [Pot(amount=5, eligible=(0, 1))]
    """
    listed = list(pots)
    if not all_in:
        extra = carried_in + sum(dead.values())
        if extra:
            listed[0] = Pot(listed[0].amount + extra, listed[0].eligible)
        return listed
    seats = sorted(contenders)
    tiers: list[Pot] = []
    previous = 0
    for level in sorted(set(all_in.values())):
        amount = sum(min(chips, level) - min(chips, previous) for chips in dead.values())
        tiers.append(Pot(amount, tuple(s for s in seats if all_in.get(s, level) >= level)))
        previous = level
    if carried_in:
        tiers[0] = Pot(tiers[0].amount + carried_in, tiers[0].eligible)
    rest = sum(chips - min(chips, previous) for chips in dead.values())
    main = listed[0]
    others = tuple(s for s in main.eligible if s not in all_in)
    if others:
        listed[0] = Pot(main.amount + rest, others)
    else:
        # everyone left is all-in for dead money (the live pot, if any, is folded chips)
        top = tiers[-1]
        tiers[-1] = Pot(top.amount + rest + sum(p.amount for p in listed), top.eligible)
        listed = []
    return [pot for pot in (*tiers, *listed) if pot.amount]


def settle(
    showdown: Showdown,
    *,
    contributions: Mapping[int, int],
    out: Collection[int],
    holdings: Mapping[int, Holding],
    board: Sequence[AnyCard] = (),
    carried_in: int = 0,
    dead: Mapping[int, int] | None = None,
    all_in_for_dead: Mapping[int, int] | None = None,
    chip: int = 1,
    button_order: Sequence[int] | None = None,
    stud_odd_chip: StudOddChip | None = None,
    violators: Collection[int] = (),
    sevens: SevensPenalty | None = None,
    before_draw: Mapping[int, int] | None = None,
    short_calls: Mapping[int, Mapping[int, int]] | None = None,
    rake: Rake | None = None,
    first_round_only: bool = False,
    runouts: Sequence[Sequence[AnyCard]] = (),
    rankings: Sequence[dict[int, int]] | None = None,
    side: Pots | None = None,
) -> Settlement:
    """Settle a hand: make the pots, give back the uncalled bet, award the pots share by share
    (side pots first) and say what carries over to the next pot -- the hand engine's
    settlement, for a game with its own engine (worked examples, a split pot with a carry-over
    among them, in the all-ins and side pots guide).

    ``contributions`` are every seat's live chips in the pot; ``out`` the seats that folded or
    mucked; ``holdings`` the hands that contest the pots (shown, or the last one left).
    ``dead`` is each seat's dead money and ``carried_in`` the chips carried in (both to the main
    pot); ``all_in_for_dead`` the contenders all-in for dead money alone, with their dead chips
    (they play for the dead money they matched: :func:`dead_money_pots`).
    ``button_order`` is the odd-chip order of button games; ``stud_odd_chip`` the stud rule.
    ``violators`` broke the sevens rule (``sevens``): they checked a seven or better after the
    draw, or only called a bet short of a full one with it; ``before_draw`` are the
    contributions when the draw began and ``short_calls`` each short caller's contributions
    just after its call (see :func:`voided_chips`). ``rake`` is taken from the pots before they are
    awarded (``first_round_only``: the hand ended in its first betting round).
    ``runouts`` are the whole boards of the runouts after the first (``board``) when the
    players ran it more than once: each pot is split between the runouts
    (:func:`~pokerrules.runouts.runout_shares`) and each part awarded on its own board.
    ``rankings``, when given, are the showdown's rankings of ``holdings`` on ``board``
    (:meth:`~pokerrules.showdown.Showdown.trusted_rankings`), already worked out; ``side`` the
    :func:`~pokerrules.pots.side_pots` of ``contributions`` and ``out``, already made.
    """
    pots = side_pots(contributions, out) if side is None else side
    returned = [pots.returned] if pots.returned else []
    contenders = [s for s in contributions if s not in out]
    dead = dead or {}
    listed = dead_money_pots(
        pots, dead, contenders=contenders, all_in=all_in_for_dead, carried_in=carried_in
    )
    listed, raked, names = _raked(listed, rake, first_round_only, carried_in)
    if len(holdings) <= 1:
        rankings = _sole(holdings, showdown)
    elif rankings is None:
        rankings = showdown.trusted_rankings(holdings, tuple(board))
    if runouts and len(holdings) > 1:
        boards = (tuple(board), *(tuple(b) for b in runouts))
        awards, runout_of = _award_runouts(
            showdown, listed, holdings, boards, button_order, chip, names
        )
        return Settlement(returned=tuple(returned), awards=awards, rake=raked, runout_of=runout_of)
    scales = showdown.scales
    order = (
        button_order
        if stud_odd_chip is None
        else _stud_odd_chip_order(holdings, board, stud_odd_chip, scales[0])
    )
    orders: tuple[Sequence[int] | None, ...] = (order,) * len(showdown.shares)
    if stud_odd_chip is not None and len(scales) == len(showdown.shares):
        # each share's odd chip goes by that share's hands: the low half by the low hands
        orders = tuple(_stud_odd_chip_order(holdings, board, stud_odd_chip, s) for s in scales)
    result = _award_all(
        showdown,
        listed,
        rankings,
        violators=violators,
        sevens=sevens,
        orders=orders,
        chip=chip,
        names=names,
    )
    if (
        sevens is SevensPenalty.FORFEIT_ACTION
        and before_draw is not None
        and any(seat in violators for award in result[0] for seat, _ in award.payouts)
    ):
        # The action after the violation is void in the pots a violator wins: those chips go
        # back; the other pots are played normally (BARGE: each bettor takes back their own
        # money from the voided action).
        voided = voided_chips(
            contributions,
            out,
            result[0],
            violators=violators,
            before_draw=before_draw,
            short_calls=short_calls,
        )
        void = [(seat, chips) for seat, chips in voided.items() if chips]
        pre = side_pots({s: contributions[s] - voided[s] for s in contributions}, out)
        pre_listed = dead_money_pots(
            pre, dead, contenders=contenders, all_in=all_in_for_dead, carried_in=carried_in
        )
        pre_listed, raked, names = _raked(pre_listed, rake, first_round_only, carried_in)
        awards, carried = _award_all(
            showdown,
            pre_listed,
            rankings,
            violators=(),
            sevens=None,
            orders=orders,
            chip=chip,
            names=names,
        )
        back = void + ([pre.returned] if pre.returned else [])
        return Settlement(
            returned=tuple(back), awards=awards, carried=carried, voided=True, rake=raked
        )
    awards, carried = result
    return Settlement(returned=tuple(returned), awards=awards, carried=carried, rake=raked)


def voided_chips(
    contributions: Mapping[int, int],
    out: Collection[int],
    awards: Sequence[PotAward],
    *,
    violators: Collection[int],
    before_draw: Mapping[int, int],
    short_calls: Mapping[int, Mapping[int, int]] | None = None,
) -> dict[int, int]:
    """The chips given back, by seat, when players who broke the sevens rule forfeit the
    action after their violation (:attr:`~pokerrules.variants.SevensPenalty.FORFEIT_ACTION`).

    ``awards`` are the pots as awarded without the penalty. In each pot a violator wins (alone
    or in a tie), every chip put in after the violation goes back to its owner; a pot won by a
    player who has the violators beat is played for normally -- a side pot above a violator's
    all-in among them, and with it the chips of an all-in player who wins it.

    A violator who checked a seven or better after the draw wins nothing bet after the draw:
    the pot stands as it was when the draw began, ``before_draw`` (Robert's Rules of Poker,
    "Ace-to-Five Lowball"). A violator who only called a bet short of a full one (an all-in for
    less) is treated as one who checked: the pot stands as it was just after that call, its
    entry in ``short_calls``; the short bet and the call stay in, and whoever called or raised
    behind takes their bet back (BARGE rulebook, appendix B, "The Sevens Rule", and its worked
    example, which this one follows: seat 1 is all-in for $15, seat 2 calls with a wheel, seats
    3 and 4 complete, raise and reraise, and seat 2 calls them down):

    >>> from pokerrules.pots import award, side_pots
    >>> before = {1: 20, 2: 20, 3: 20, 4: 20}             # $80 in the pot at the draw
    >>> after_call = {1: 35, 2: 35, 3: 20, 4: 20}         # seat 1 all-in for 15, seat 2 calls
    >>> final = {1: 35, 2: 80, 3: 80, 4: 80}
    >>> as_played = award(side_pots(final), [[2], [3], [4], [1]]).pots    # seat 2 best
    >>> voided_chips(final, (), as_played, violators={2}, before_draw=before,
    ...              short_calls={2: after_call})
    {1: 0, 2: 45, 3: 60, 4: 60}
    """
    calls = short_calls or {}
    contenders = [s for s in contributions if s not in out]
    levels = sorted({contributions[s] for s in contenders})
    top = max(contributions.values(), default=0)
    voided = dict.fromkeys(contributions, 0)
    for played in awards:
        winners = {s for share in played.winners for s in share if s in violators}
        eligible = [contributions[s] for s in played.pot.eligible if s in contributions]
        if not winners or not eligible:
            continue
        # the pot's slice of everyone's chips: from the level below it up to its own level
        # (the last pot also holds the folded chips above the last live level)
        high = min(eligible)
        low = max((level for level in levels if level < high), default=0)
        if levels and high >= levels[-1]:
            high = top
        for seat, chips in contributions.items():
            kept = min(calls.get(v, before_draw).get(seat, 0) for v in winners)
            voided[seat] += max(0, min(chips, high) - max(low, kept))
    return voided


def _award_runouts(  # noqa: PLR0917 -- the parts of settle a runout needs
    showdown: Showdown,
    pots: Sequence[Pot],
    holdings: Mapping[int, Holding],
    boards: Sequence[tuple[AnyCard, ...]],
    button_order: Sequence[int] | None,
    chip: int,
    names: Sequence[int],
) -> tuple[tuple[PotAward, ...], tuple[int, ...]]:
    """Each pot split between the runouts and each part awarded on its runout's board (side
    pots first within a runout), with each award's runout."""
    parts = [trusted_runout_shares(pot.amount, len(boards), chip) for pot in pots]
    orders = (button_order,) * len(showdown.shares)
    awards: list[PotAward] = []
    runout_of: list[int] = []
    for j, board in enumerate(boards):
        rankings = showdown.trusted_rankings(holdings, board)
        kept = [k for k in range(len(pots)) if parts[k][j]]
        split = [Pot(parts[k][j], pots[k].eligible) for k in kept]
        won, _ = _award_all(
            showdown,
            split,
            rankings,
            violators=(),
            sevens=None,
            orders=orders,
            chip=chip,
            names=[names[k] for k in kept],
        )
        awards.extend(won)
        runout_of.extend([j + 1] * len(won))
    return tuple(awards), tuple(runout_of)


def _raked(
    pots: list[Pot], rake: Rake | None, first_round_only: bool, carried_in: int
) -> tuple[list[Pot], int, tuple[int, ...]]:
    """The pots after the rake, the rake, and each pot's place among the pots before it (a
    pot raked to nothing is left out; the others keep their names)."""
    if rake is None or not pots:
        return pots, 0, tuple(range(len(pots)))
    raked = rake.take(Pots(pots), first_round_only=first_round_only, carried_in=carried_in)
    return list(raked.pots), raked.total, raked.indices


def _sole(holdings: Mapping[int, Holding], showdown: Showdown) -> tuple[dict[int, int], ...]:
    """The ranking when one hand is left: it wins every share it can."""
    return tuple(dict.fromkeys(holdings, 0) for _ in showdown.shares[:1])


def _award_all(
    showdown: Showdown,
    pots: Sequence[Pot],
    rankings: Sequence[dict[int, int]],
    *,
    violators: Collection[int],
    sevens: SevensPenalty | None,
    orders: Sequence[Sequence[int] | None],
    chip: int,
    names: Sequence[int] | None = None,
) -> tuple[tuple[PotAward, ...], int]:
    """Award the pots, side pots first; ``orders`` are the shares' odd-chip orders and
    ``names`` each pot's index for its name (0: the main pot; default: its place)."""
    awards: list[PotAward] = []
    carried = 0
    # only a spade share can carry its part of a pot over
    carries = not all(isinstance(s, HighHand | LowHand) for s in showdown.shares)
    for index in reversed(range(len(pots))):
        pot = pots[index]
        used = list(rankings)
        share_orders = list(orders[: len(used)])
        if sevens is SevensPenalty.FORFEIT_POT and violators:
            others = [
                s for s in pot.eligible if s not in violators and any(s in r for r in rankings)
            ]
            if others:
                used = [{s: k for s, k in r.items() if s not in violators} for r in rankings]
        if carries and len(used) == len(showdown.shares):
            present = [tuple(s for s in r if s in pot.eligible) for r in used]
            carry = showdown.carried_over(present)
            if any(carry):
                parts = split_amount(pot.amount, len(used), chip=chip)
                carried += sum(p for p, c in zip(parts, carry, strict=True) if c)
                kept = [p for p, c in zip(parts, carry, strict=True) if not c]
                kept_orders = [o for o, c in zip(share_orders, carry, strict=True) if not c]
                used = [r for r, c in zip(used, carry, strict=True) if not c]
                pot = Pot(sum(kept), pot.eligible)
                share_orders = kept_orders
        awards.append(
            trusted_award_pot(
                pot,
                used,
                odd_chip_order=share_orders[0] if share_orders else None,
                share_orders=share_orders if len(share_orders) == len(used) else None,
                chip=chip,
                index=names[index] if names else index,
            )
        )
    return tuple(awards), carried


@attrs.frozen(kw_only=True)
class Outcome:
    """How a hand ended.

    ``stacks`` are the final stacks; ``awards`` each pot's award (side pots first); ``returned``
    the chips given back (uncalled bets, voided action); ``carried`` chips left for the next
    pot; ``shown`` the hands shown; ``uncontested`` whether everyone else folded; ``forced``
    the chips from blinds, antes, bring-in and kill, and ``voluntary`` each seat's own chips in
    the pot beyond its forced bets (both for the kill trigger); ``rake`` the house's cut;
    ``boards`` and ``runout_of`` the runouts when the board was run more than once (the
    boards, in a game of several boards).
    """

    stacks: dict[int, int]
    awards: tuple[PotAward, ...]
    returned: tuple[tuple[int, int], ...] = ()
    carried: int = 0
    shown: dict[int, Holding] = attrs.field(factory=dict)
    uncontested: bool = False
    forced: int = 0
    voided: bool = False
    voluntary: dict[int, int] = attrs.field(factory=dict)
    rake: int = 0
    #: The board of each runout when the players ran it more than once (each board, in a
    #: game of several boards; else empty), and each award's runout or board (1, 2, ...;
    #: parallel to ``awards``).
    boards: tuple[tuple[AnyCard, ...], ...] = ()
    runout_of: tuple[int, ...] = ()

    @property
    def payouts(self) -> dict[int, int]:
        """Chips won by each winning seat, over all pots."""
        total: dict[int, int] = {}
        for award in self.awards:
            for seat, chips in award.payouts:
                total[seat] = total.get(seat, 0) + chips
        return dict(sorted(total.items()))

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won chips."""
        return tuple(seat for seat, chips in self.payouts.items() if chips > 0)

    @property
    def pot(self) -> int:
        """The chips awarded."""
        return sum(award.pot.amount for award in self.awards)

    def kill_result(self) -> HandResult:
        """The result a :class:`~pokerrules.kill.KillTracker` records."""
        scooped = all(len({s for share in a.winners for s in share}) == 1 for a in self.awards)
        winners = self.winners or tuple(s for a in self.awards for s, _ in a.payouts)
        pot = self.pot + self.rake  # the pot as played, before the house's cut
        forced = min(self.forced, pot)
        own = self.voluntary.get(winners[0], 0) if len(set(winners)) == 1 else 0
        return HandResult(
            winners=cast(Any, winners),
            pot=pot,
            forced=forced,
            own=min(own, pot - forced),
            scooped=scooped,
        )

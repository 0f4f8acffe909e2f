"""The end of a hand: the pots settled (:func:`~pokerrules.engine.settle.settle`), the chips
pushed to the stacks, the awards logged, and the :class:`~pokerrules.engine.settle.Outcome`
kept as plain values until it is read (:func:`outcome_of`).
"""

from __future__ import annotations

from collections.abc import Mapping

from pokerrules._validators import trusted
from pokerrules.engine.choices import all_in_for_dead, dead_money
from pokerrules.engine.events import CarriedOver, Raked, Returned, Won
from pokerrules.engine.settle import Outcome, Settlement, settle
from pokerrules.engine.state import COMPLETE, SHOWDOWN, State, changed, contributions
from pokerrules.pots import Pot, PotAward, Pots, trusted_award_pot
from pokerrules.showdown import HighHand, Holding, LowHand, Showdown

__all__ = ["finish", "one_pot_settlement", "outcome_of", "settlement", "voluntary_chips"]


def voluntary_chips(
    state: State, returned: dict[int, int], chips_in: dict[int, int] | None = None
) -> dict[int, int]:
    """Each seat's chips left in the pot beyond its own forced bets (what it bet by choice);
    ``chips_in`` are the state's :func:`~pokerrules.engine.state.contributions`, when known."""
    forced: dict[int, int] = {}
    for post in state.posting.posts:
        forced[post.seat] = forced.get(post.seat, 0) + post.amount
    return {
        seat: max(0, chips - returned.get(seat, 0) - forced.get(seat, 0))
        for seat, chips in (contributions(state) if chips_in is None else chips_in).items()
    }


def finish(
    state: State,
    shown: Mapping[int, Holding] | None = None,
    rankings: tuple[dict[int, int], ...] | None = None,
    side: Pots | None = None,
) -> State:
    """The hand over: the pots settled among the hands still in, the chips pushed and the
    outcome kept. ``shown`` and ``rankings`` are the holdings and the showdown's rankings
    (:meth:`~pokerrules.showdown.Showdown.trusted_rankings`) of a set of seats that holds every
    hand still in, when the dealer already worked them out; ``side`` the side pots of the live
    chips as they stand (:func:`~pokerrules.engine.choices.standing_pots`), when made."""
    game = state.game
    index = game.index
    contenders = state.live
    down, up = state.down, state.up
    if shown is None:
        holdings = {s: trusted(Holding, down=down[index[s]], up=up[index[s]]) for s in contenders}
    else:
        holdings = {s: shown[s] for s in contenders}
    if rankings is not None and len(contenders) != len(shown or ()):
        rankings = tuple({s: r[s] for s in contenders if s in r} for r in rankings)
    chips_in = contributions(state)
    result = one_pot_settlement(state, holdings, rankings, chips_in)
    if result is None:
        result = settlement(state, holdings, rankings, side, chips_in)
    stacks = list(state.stacks)
    log = state.log
    k = state.street
    for seat, chips in result.returned:
        stacks[index[seat]] += chips
        log = (log, (Returned, (seat, chips, k)))
    if result.rake:
        log = (log, (Raked, (result.rake, k)))
    runout_of = result.runout_of
    part = "board" if game.variant.boards > 1 else "runout"
    for j, award in enumerate(result.awards):
        name = f"{award.name} of {part} {runout_of[j]}" if runout_of else award.name
        for seat, chips in award.payouts:
            stacks[index[seat]] += chips
            log = (log, (Won, (seat, chips, name, k)))
    if result.carried:
        log = (log, (CarriedOver, (result.carried, k)))
    uncontested = len(contenders) == 1 and state.phase is not SHOWDOWN
    return changed(
        state,
        phase=COMPLETE,
        round=None,
        queue=(),
        steps=(),
        stacks=tuple(stacks),
        log=log,
        outcome=(result, holdings, uncontested, chips_in),
    )


def settlement(
    state: State,
    holdings: dict[int, Holding],
    rankings: tuple[dict[int, int], ...] | None,
    side: Pots | None,
    chips_in: dict[int, int],
) -> Settlement:
    """The settlement of a hand at its end, in general: :func:`~pokerrules.engine.settle.settle`
    with every rule the hand's game and state call for. ``holdings`` are the hands still in,
    ``rankings`` their showdown rankings (when known), ``side`` the side pots of the live chips
    (when made) and ``chips_in`` each seat's chips in the pot."""
    game = state.game
    index = game.index
    variant = game.variant
    contenders = state.live
    out = [s for s in game.seats if state.folded[index[s]] or state.mucked[index[s]]]
    sevens = variant.lowball.sevens_rule if variant.lowball else None
    dead = dead_money(state)
    before = None
    if state.before_draw is not None:
        before = {
            s: c - dead.get(s, 0) for s, c in zip(game.seats, state.before_draw, strict=True)
        }
    short_calls = {
        v: {s: c - dead.get(s, 0) for s, c in zip(game.seats, kept, strict=True)}
        for v, kept in state.short_calls
    }
    live = {s: c - dead.get(s, 0) for s, c in chips_in.items()} if dead else chips_in
    return settle(
        variant.showdown,
        contributions=live,
        out=out,
        holdings=holdings,
        board=state.board,
        carried_in=game.carried,
        dead=dead,
        all_in_for_dead=all_in_for_dead(state, dead, live),
        chip=game.stakes.chip,
        button_order=game.order,
        stud_odd_chip=variant.stud_odd_chip if variant.is_stud and len(holdings) > 1 else None,
        violators=state.violators,
        sevens=sevens,
        before_draw=before,
        short_calls=short_calls,
        rake=game.stakes.rake,
        # no flop, no drop: everyone else folded before the first betting round ended
        first_round_only=state.street <= game.first_betting and len(contenders) == 1,
        runouts=state.runs,
        rankings=rankings,
        side=side,
    )


def one_pot_settlement(
    state: State,
    holdings: dict[int, Holding],
    rankings: tuple[dict[int, int], ...] | None,
    chips_in: dict[int, int],
) -> Settlement | None:
    """The commonest showdown's settlement, made directly: the hands still in contest one pot
    that each of them matched in full, as did another hand (nobody still in is all-in for
    less, and no bet goes back uncalled), with no dead money, rake, carried chips, runouts, sevens-rule violators, stud
    odd-chip rule or share that carries over. ``None`` otherwise: :func:`settlement` settles
    it. The same settlement as :func:`settlement` (a property test holds them alike)."""
    game = state.game
    contenders = state.live
    if (
        not contenders
        or game.carried
        or state.runs
        or state.violators
        or state.short_calls
        or game.stakes.rake is not None
    ):
        return None
    variant = game.variant
    showdown = variant.showdown
    if variant.is_stud or not _plain_shares(showdown):
        return None
    for post in state.posting.posts:
        if not post.live and post.kind != "ante":
            return None  # dead money: the main pot takes it, the settlement's rules apply
    top = max(chips_in.values())
    for seat in contenders:
        if chips_in[seat] != top:
            return None
    total = sum(chips_in.values())
    if len(contenders) == 1:
        if list(chips_in.values()).count(top) < 2:
            return None  # a bet nobody called: part of it goes back
        # the last hand wins the whole pot
        seat = contenders[0]
        award = trusted(
            PotAward,
            pot=trusted(Pot, amount=total, eligible=contenders),
            index=0,
            winners=((seat,),),
            payouts=((seat, total),),
        )
        return trusted(
            Settlement, returned=(), awards=(award,), carried=0, voided=False, rake=0, runout_of=()
        )
    if rankings is None:
        rankings = showdown.trusted_rankings(holdings, state.board)
    pot = trusted(Pot, amount=total, eligible=tuple(sorted(contenders)))
    order = game.order
    shares = min(len(rankings), len(showdown.shares))
    orders = (order,) * shares
    award = trusted_award_pot(
        pot,
        rankings,
        odd_chip_order=order if shares else None,
        share_orders=orders if shares == len(rankings) else None,
        chip=game.stakes.chip,
        index=0,
    )
    return trusted(
        Settlement, returned=(), awards=(award,), carried=0, voided=False, rake=0, runout_of=()
    )


_PLAIN: dict[int, tuple[Showdown, bool]] = {}


def _plain_shares(showdown: Showdown) -> bool:
    """Whether every share of ``showdown`` is a plain high or low hand (none carries its part
    of a pot over), cached by identity: showdowns are immutable."""
    cached = _PLAIN.get(id(showdown))
    if cached is not None and cached[0] is showdown:
        return cached[1]
    plain = all(isinstance(s, HighHand | LowHand) for s in showdown.shares)
    if len(_PLAIN) > 256:
        _PLAIN.clear()
    _PLAIN[id(showdown)] = (showdown, plain)
    return plain


def outcome_of(state: State) -> Outcome | None:
    """The :class:`~pokerrules.engine.settle.Outcome` of a finished hand (``None`` before the
    end), made from the plain values :func:`finish` keeps."""
    kept = state.outcome
    if kept is None or isinstance(kept, Outcome):
        return kept
    result, holdings, uncontested, chips_in = kept
    game = state.game
    index = game.index
    return Outcome(
        stacks=dict(zip(game.seats, state.stacks, strict=True)),
        awards=result.awards,
        returned=result.returned,
        carried=result.carried,
        shown={s: h for s, h in holdings.items() if state.shown[index[s]]},
        uncontested=uncontested,
        forced=sum(p.amount for p in state.posting.posts),
        voided=result.voided,
        voluntary=voluntary_chips(state, dict(result.returned), chips_in),
        rake=result.rake,
        boards=(state.board, *state.runs) if state.runs else (),
        runout_of=result.runout_of,
    )

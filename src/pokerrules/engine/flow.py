"""The hand's transitions: betting rounds, draws, the runouts' choice and the showdown.

Pure functions from a :class:`~pokerrules.engine.state.State` to the next state;
:class:`~pokerrules.engine.Hand`'s ``apply`` calls them, and they know nothing of it. The
dealing steps are :mod:`pokerrules.engine.dealer`, the settlement
:mod:`pokerrules.engine.finish`. Each delegates the rules to their modules (betting rounds,
forced bets, pots, showdown shares) and only sequences them.
"""

from __future__ import annotations

from typing import Final

from pokerrules._validators import trusted
from pokerrules.actions import (
    Bet,
    BettingAction,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    Raise,
)
from pokerrules.betting import BettingRound, FixedLimit, Structure
from pokerrules.cards import AnyCard, Card
from pokerrules.engine.actions import (
    Action,
    ChooseRunouts,
    DealStep,
    Discard,
    Muck,
    ShowHand,
    StandPat,
)
from pokerrules.engine.choices import (
    beaten,
    best_shown,
    betting_choices,
    legal,
    may_muck,
    no_check_reason,
    outshown,
    refuse,
    seven_or_better,
    short_call,
    standing_pots,
)
from pokerrules.engine.dealer import (
    auto_deal,
    auto_deal_all,
    begin_deal,
    dealable,
    manual_deal,
    street_dealt,
)
from pokerrules.engine.finish import finish
from pokerrules.engine.runout import run_again, to_agree
from pokerrules.engine.settle import showdown_order
from pokerrules.engine.state import (
    BET,
    DEAL,
    DRAW,
    EXPOSE,
    MANUAL,
    RUNOUTS,
    SHOW_ALL,
    SHOWDOWN,
    State,
    changed,
    put,
    set_fields,
    street_name,
)
from pokerrules.errors import CardNotHeldError
from pokerrules.forced_bets import bring_in_seat, post_forced_bets
from pokerrules.runouts import agreed_runouts
from pokerrules.showdown import Holding
from pokerrules.variants import BetSize, BringInCard, SevensPenalty

#: The sevens-rule penalties that void post-draw action or forfeit the pot.
_VOIDING: Final = (SevensPenalty.FORFEIT_ACTION, SevensPenalty.FORFEIT_POT)
#: Why a seven-or-better may not just call a short bet under the "may not check" penalty.
_SHORT_CALL: Final = (
    "a seven or better may not just call a bet short of a full one after the draw: "
    "complete it or fold"
)

# the dealer's steps are pokerrules.engine.dealer's; their names stay importable from here
__all__ = [
    "BETTING_ACTIONS",
    "after_deal",
    "auto_deal",
    "auto_deal_all",
    "begin_deal",
    "bet",
    "check_or_call",
    "choose_runouts",
    "deal_and_begin",
    "dealable",
    "draw",
    "manual_deal",
    "run_dealer",
    "show",
    "wager",
]

_SHOW: Final = ShowHand()
_MUCK: Final = Muck()
_CHECK: Final = Check()
_CALL: Final = Call()
_new = object.__new__
#: The betting actions (a betting round takes only these).
BETTING_ACTIONS: Final = (Fold, Check, Call, Bet, Raise, BringIn, Complete)


def after_deal(state: State) -> State:
    if state.running is not None:  # the runouts dealt by hand are in: to the showdown
        return begin_showdown(changed(state, running=None))
    k = state.street
    if state.discards:
        state = changed(state, discards=())
    game = state.game
    if k == 0 and game.variant.is_stud:
        low = game.variant.forced_bets.bring_in is BringInCard.HIGHEST
        # A player all-in for the ante cannot bring in: the lowest door card among the
        # players with chips does.
        able = [s for s in state.live if state.stacks[game.index[s]] > 0] or state.live
        doors = {s: c for s in able if isinstance(c := state.up[game.index[s]][0], Card)}
        seat = bring_in_seat(doors, highest=low, ace_low=low)
        posting = post_forced_bets(
            game.forced,
            stacks=dict(zip(game.seats, game.initial, strict=True)),
            button=game.button,
            kill=game.kill,
            owed=game.owed,
            missed=game.missed,
            bring_in_seat=seat,
        )
        state = changed(state, posting=posting)
    return begin_bet(state, k)


# -- betting ------------------------------------------------------------------------------


def street_structure(state: State, k: int) -> Structure:
    game = state.game
    structure = game.structures[k]
    if (
        game.variant.open_pair_big_bet
        and isinstance(structure, FixedLimit)
        and game.variant.streets[k].bet_size is BetSize.SMALL
        and k > 0
        and any(
            len(up := state.up[game.index[s]]) == 2
            and isinstance(up[0], Card)
            and isinstance(up[1], Card)
            and up[0].rank == up[1].rank
            for s in state.live
        )
    ):
        return FixedLimit(structure.bet, double_bet=game.stakes.big_bet)
    return structure


def begin_bet(state: State, k: int) -> State:
    game = state.game
    if not game.variant.streets[k].betting or len(state.live) < 2:
        return end_bet(state, k)
    structure = street_structure(state, k)
    rules = game.rules[k]
    if k == game.first_betting:
        able = sum(1 for s in state.live if state.stacks[game.index[s]] > 0)
        if game.variant.is_stud and able < 2:
            # Everyone but at most one is all-in for the ante: nobody can bring in.
            return end_bet(changed(state, aggressor=None), k)
        rnd = state.posting.trusted_round(structure, rules, game.carried)
    else:
        rnd = later_round(state, k, structure)
    if rnd.is_closed:
        return end_bet(changed(state, round=rnd, aggressor=None), k)
    return changed(state, phase=BET, round=rnd, aggressor=None)


def deal_and_begin(state: State, k: int) -> State | None:
    """Street ``k`` dealt from the deck and its betting round begun in one copy of the state:
    the same state as dealing it, then letting the dealer begin the round. ``None`` when the
    steps must be taken one by one: a hand dealt by hand, a stud game (the cards dealt set the
    order), runouts or discards pending, no betting on the street, fewer than two players in,
    a stub that may run short, or a round closed as it begins."""
    game = state.game
    if not game.auto or game.variant.is_stud or state.running is not None or state.discards:
        return None
    if not game.variant.streets[k].betting or len(state.live) < 2:
        return None
    changes = street_dealt(state, k)
    if changes is None:
        return None
    if k == game.first_betting:
        rnd = state.posting.trusted_round(street_structure(state, k), game.rules[k], game.carried)
    else:
        rnd = later_round(state, k)
    if rnd.is_closed:
        return None
    changes.update(phase=BET, round=rnd, aggressor=None)
    return changed(state, **changes)


def later_round(state: State, k: int, structure: Structure | None = None) -> BettingRound:
    """The betting round of street ``k``, a street after the first betting round, at
    ``structure`` (default: the street's): the players still in, in the order they act, with
    their stacks, every chip in so far in the pot. It reads no card dealt on street ``k``
    unless the game is stud (where the cards showing set the order)."""
    game = state.game
    live = state.live
    index = game.index
    if game.variant.is_stud:
        up = {s: [c for c in state.up[index[s]] if isinstance(c, Card)] for s in live}
        first = showdown_order(live, aggressor=None, up_cards=up, low=game.variant.low_order)
    else:
        first = live
    stacks = state.stacks
    return BettingRound.trusted_start(
        street_structure(state, k) if structure is None else structure,
        game.rules[k],
        first,
        tuple([stacks[index[s]] for s in first]),
        pot=sum(game.initial) - sum(stacks) + game.carried,
    )


def bet(state: State, seat: int, action: Action) -> State:
    """The state after ``seat``, the seat to act in a betting round, takes ``action``."""
    if state.round is None or not isinstance(action, BETTING_ACTIONS):
        refuse(state, seat, action, "it is a betting round")
    return wager(state, seat, action)


def wager(state: State, seat: int, action: BettingAction) -> State:
    """:func:`bet` with a betting action (known to be one) by the seat to act."""
    rnd = state.round
    if rnd is None:  # pragma: no cover - the callers are in a betting round
        refuse(state, seat, action, "it is a betting round")
    game = state.game
    lowball = game.lowball
    penalised = False  # a sevens-rule violation that costs the post-draw action or the pot
    if lowball is not None:
        legal = betting_choices(state)
        if isinstance(action, Check) and legal and not legal.check and rnd.is_legal(action):
            refuse(state, seat, action, no_check_reason(state))
        if isinstance(action, Fold) and legal is not None and not legal.fold:
            refuse(state, seat, action, "there is no bet to fold to")
        if (
            isinstance(action, Call)
            and legal is not None
            and legal.call is None
            and rnd.is_legal(action)
        ):
            refuse(state, seat, action, _SHORT_CALL)
        penalised = (
            lowball.sevens_rule in _VOIDING
            and state.street >= game.first_draw
            and seat not in state.violators
            and (
                seven_or_better(state, seat)
                if isinstance(action, Check)
                else isinstance(action, Call) and legal is not None and short_call(state, legal)
            )
        )
    after = rnd.apply(action)  # seat is the round's seat to act
    # the next state, built in one copy: only what the action changed
    fields = state.__dict__.copy()
    fields["round"] = after
    fields["log"] = (state.log, (seat, action, state.street))
    kind = type(action)
    if kind is Fold:
        i = game.index[seat]
        fields["folded"] = put(state.folded, i, True)
        fields["live"] = tuple([s for s in state.live if s != seat])
        fields["muck"] = (*state.muck, *state.down[i], *state.up[i])
    elif kind is not Check:
        stacks = list(state.stacks)
        stacks[game.index[seat]] = after.stack(seat)
        fields["stacks"] = tuple(stacks)
        if kind is not Call and kind is not BringIn:
            fields["aggressor"] = seat
    if penalised:
        fields["violators"] = state.violators | {seat}
        if kind is Call:
            # a seven-or-better that only called a short bet: treated as a check, it can win
            # nothing put in after its call (BARGE, appendix B)
            kept = tuple(a - b for a, b in zip(game.initial, fields["stacks"], strict=True))
            fields["short_calls"] = (*state.short_calls, (seat, kept))
    new = _new(State)
    set_fields(new, fields)
    if after.is_closed:
        return end_bet(new, state.street)
    return new


def check_or_call(state: State, kind: type[Check] | type[Call] | None = None) -> State | None:
    """The state after the seat to act checks, or calls a bet (``kind``: only that action):
    the common action's fast path, which copies the state once. ``None`` when the checked
    path must take the action (no betting round, a lowball game's rules, a bring-in due, or
    an action that does not fit)."""
    rnd = state.round
    if rnd is None or state.game.lowball is not None:
        return None
    step = rnd.trusted_check_or_call(kind)
    if step is None:
        return None
    after, seat, left, closed = step
    fields = state.__dict__.copy()
    fields["round"] = after
    if left < 0:
        fields["log"] = (state.log, (seat, _CHECK, state.street))
    else:
        i = state.game.index[seat]
        stacks = list(state.stacks)
        stacks[i] = left
        fields["stacks"] = tuple(stacks)
        fields["log"] = (state.log, (seat, _CALL, state.street))
    new = _new(State)
    set_fields(new, fields)
    if closed:
        return end_bet(new, state.street)
    return new


def end_bet(state: State, k: int) -> State:
    in_hand = state.live
    if len(in_hand) <= 1:
        return finish(state)
    last = len(state.game.variant.streets) - 1
    if k >= last:
        state = run_again(state)
        return state if state.running is not None else begin_showdown(state)
    if to_agree(state, k):
        # the players choose how many times to run the board, in turn from the button's left
        return changed(state, phase=RUNOUTS, queue=in_hand, chosen=())
    return after_bet(state, k)


def after_bet(state: State, k: int) -> State:
    """After betting round ``k`` (not the last) with two or more hands still in (and any
    runouts agreed): turn up the all-in hands when the rules expose them, or go on to the next street."""
    in_hand = state.live
    if state.game.expose:
        index = state.game.index
        able = [s for s in in_hand if state.stacks[index[s]] > 0]
        draws_left = any(s.draw for s in state.game.variant.streets[k + 1 :])
        if len(able) <= 1 < len(in_hand) and not draws_left:
            queue = tuple(s for s in order_of_showdown(state) if not state.shown[index[s]])
            if queue:
                return changed(state, phase=EXPOSE, queue=queue)
    return begin_street(state, k + 1)


def begin_street(state: State, k: int) -> State:
    game = state.game
    street = game.variant.streets[k]
    if street.draw is not None:
        queue = state.live
        before = state.before_draw
        if before is None:
            before = tuple(a - b for a, b in zip(game.initial, state.stacks, strict=True))
        return changed(state, phase=DRAW, street=k, queue=queue, before_draw=before, discards=())
    begun = deal_and_begin(state, k)
    if begun is not None:
        return begun
    return begin_deal(state, k)


# -- the runouts agreed at the all-in -----------------------------------------------------


def choose_runouts(state: State, seat: int, action: Action) -> State:
    """The state after ``seat``, the seat to choose, chooses a number of runouts; once every
    player still in has chosen, the board runs out as they agreed
    (:func:`~pokerrules.runouts.agreed_runouts`)."""
    choices = legal(state)
    if not isinstance(action, ChooseRunouts):
        refuse(state, seat, action, "the players are choosing how many times to run the board")
    if choices is None or choices.kind != "runouts" or action not in choices:
        refuse(state, seat, action, "the cards left cannot deal that many runouts")
    chosen = (*state.chosen, action.count)
    # the choice is on the street whose betting ended with the all-in
    log = (state.log, (seat, action, state.street))
    state = changed(state, chosen=chosen, queue=state.queue[1:], log=log)
    if state.queue:
        return state
    state = changed(state, agreed=agreed_runouts(chosen))
    return after_bet(state, state.street)


# -- draws and showdowns ------------------------------------------------------------------


def draw(state: State, seat: int, action: Action) -> State:
    choices = legal(state)
    if not isinstance(action, Discard | StandPat) or choices is None or choices.kind != "draw":
        refuse(state, seat, action, "it is the draw: discard or stand pat")
    if isinstance(action, Discard) and not action.cards:
        refuse(state, seat, "discard no cards", "to keep every card, stand pat")
    if action not in choices and isinstance(action, Discard):
        held = choices.held
        stranger = next((c for c in action.cards if c not in held), None)
        if stranger is not None:
            raise CardNotHeldError(
                f"seat {seat} cannot discard {stranger}: it is not in the hand "
                f"(legal: {choices.describe()})",
                seat=seat,
                legal=choices.describe(),
            )
        most = choices.discard.high if choices.discard is not None else 0
        refuse(state, seat, action, f"a draw is up to {most} cards, each once")
    i = state.game.index[seat]
    thrown = action.cards if isinstance(action, Discard) else ()
    state = changed(
        state,
        down=put(state.down, i, tuple(c for c in state.down[i] if c not in thrown)),
        up=put(state.up, i, tuple(c for c in state.up[i] if c not in thrown)),
        muck=(*state.muck, *thrown),
        discards=(*state.discards, (seat, thrown)) if thrown else state.discards,
        queue=state.queue[1:],
        log=(state.log, (seat, action, state.street)),
    )
    if state.queue:
        return state
    steps = tuple(
        DealStep(street=street_name(state), seat=s, down=len(cards)) for s, cards in state.discards
    )
    return begin_deal(state, state.street, steps)


def order_of_showdown(state: State) -> tuple[int, ...]:
    game = state.game
    in_hand = state.live
    up = None
    if game.variant.is_stud:
        up = {s: [c for c in state.up[game.index[s]] if isinstance(c, Card)] for s in in_hand}
    return showdown_order(
        in_hand, aggressor=state.aggressor, up_cards=up, low=game.variant.low_order
    )


def begin_showdown(state: State) -> State:
    index = state.game.index
    shown = state.shown
    queue = tuple([s for s in order_of_showdown(state) if not shown[index[s]]])
    if not queue:
        return finish(state)
    if state.game.showdown is not MANUAL:
        return dealer_shows(state, queue)  # the dealer's showdown, begun and done in one step
    return changed(state, phase=SHOWDOWN, queue=queue)


def show(state: State, seat: int, action: Action) -> State:
    if not isinstance(action, ShowHand | Muck):
        refuse(state, seat, action, "it is the showdown: show or muck")
    if isinstance(action, Muck) and (state.phase is EXPOSE or not may_muck(state, seat)):
        refuse(
            state,
            seat,
            action,
            "a hand must be shown when all-in hands are turned up, "
            "or when no other hand could claim a pot",
        )
    return turned_up(state, seat, action)


def turned_up(state: State, seat: int, action: ShowHand | Muck) -> State:
    """The state after ``seat`` shows or mucks (known legal)."""
    i = state.game.index[seat]
    log = (state.log, (seat, action, state.street))
    if isinstance(action, Muck):
        state = changed(
            state,
            mucked=put(state.mucked, i, True),
            live=tuple(s for s in state.live if s != seat),
            muck=(*state.muck, *state.down[i], *state.up[i]),
            queue=state.queue[1:],
            log=log,
        )
    else:
        state = changed(state, shown=put(state.shown, i, True), queue=state.queue[1:], log=log)
    if state.phase is EXPOSE:
        return state if state.queue else begin_street(state, state.street + 1)
    if state.queue and len(state.live) > 1:
        return state
    return finish(state)


def run_dealer(state: State) -> State:
    """Run the dealer until a player must act, a manual deal is due, or the hand ends: deal,
    start the rounds, and -- under a showdown policy other than manual -- turn the hands up or
    muck them."""
    while True:
        phase = state.phase
        if phase is DEAL:
            if state.steps:
                if not state.game.auto:
                    return state
                state = auto_deal_all(state)
            else:
                state = after_deal(state)
        elif (phase is SHOWDOWN or phase is EXPOSE) and (state.game.showdown is not MANUAL):
            state = dealer_shows(state)
        else:
            return state


def dealer_shows(state: State, begun: tuple[int, ...] | None = None) -> State:
    """The dealer turns up the hands waiting to be shown -- or, under
    :attr:`ShowdownPolicy.MUCK_LOSERS`, mucks those a shown hand beats -- until the phase ends:
    every hand's turn in one transition, and the showdown's rankings kept for the settlement.
    ``begun`` is the queue of a showdown begun in the same step (the state is not yet in the
    showdown phase)."""
    phase = state.phase if begun is None else SHOWDOWN
    game = state.game
    index = game.index
    down, up = state.down, state.up
    holdings = None
    rankings = None
    side = None
    pots: list[tuple[int, ...]] = []
    shown: list[int] = []
    mucked: list[int] = []
    if not (phase is EXPOSE or game.showdown is SHOW_ALL or state.runs):
        # (run more than once, every hand shows: one beaten on one runout may win another)
        showdown = game.variant.showdown
        own: dict[int, tuple[AnyCard, ...]] = {}
        for s in state.live:
            i = index[s]
            own[s] = down[i] + up[i] if up[i] else down[i]
        rankings = showdown.trusted_card_rankings(own, state.board)
        if rankings is None:  # the settlement takes the holdings made here
            holdings = {
                s: trusted(Holding, down=down[index[s]], up=up[index[s]]) for s in state.live
            }
            rankings = showdown.trusted_rankings(holdings, state.board)
        pots, side = standing_pots(state)
        shown = [s for s in state.live if state.shown[index[s]]]
    flags = list(state.shown)
    out = list(state.mucked)
    live, muck, queue, log, k = (
        state.live,
        state.muck,
        begun or state.queue,
        state.log,
        state.street,
    )
    left = len(live)
    # one pot that every hand contests: a hand is beaten when, in every share it qualifies
    # for, the best hand shown so far beats it (what beaten() finds, kept as it goes)
    best = None
    if rankings is not None and side is None and len(pots) == 1:
        best = best_shown(rankings, [-1] * len(rankings), *shown)
    while True:
        seat = queue[0]
        queue = queue[1:]
        i = index[seat]
        if rankings is None:
            lost = False
        elif best is not None:
            lost = bool(shown) and outshown(seat, rankings, best)
        else:
            lost = beaten(seat, pots, rankings, shown, mucked)
        if lost:
            mucked.append(seat)
            out[i] = True
            left -= 1
            muck = (*muck, *down[i], *up[i])
            log = (log, (seat, _MUCK, k))
        else:
            shown.append(seat)
            flags[i] = True
            log = (log, (seat, _SHOW, k))
            if best is not None and rankings is not None:
                best = best_shown(rankings, best, seat)
        if not queue or (phase is SHOWDOWN and left <= 1):
            break
    if mucked:
        live = tuple([s for s in live if not out[index[s]]])
    state = changed(
        state,
        phase=phase,
        shown=tuple(flags),
        mucked=tuple(out),
        live=live,
        muck=muck,
        queue=queue,
        log=log,
    )
    if phase is EXPOSE:
        return begin_street(state, k + 1)
    # the side pots stand as made unless a hand was mucked
    return finish(state, holdings, rankings, None if mucked else side)

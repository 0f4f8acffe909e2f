"""The hand's transitions: dealing, betting rounds, draws, showdowns and the settlement.

Functions of a :class:`~pokerrules.engine.Hand` state that return the next state; the hand's
``apply`` calls them. Each delegates the rules to their modules (betting rounds, forced bets,
pots, showdown shares) and only sequences them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import attrs

from pokerrules.actions import (
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    LegalActions,
    Raise,
)
from pokerrules.betting import BettingRound, FixedLimit, Structure
from pokerrules.cards import AnyCard, Card
from pokerrules.engine.actions import (
    Action,
    DealStep,
    Discard,
    DrawChoices,
    Muck,
    ShowHand,
    StandPat,
)
from pokerrules.engine.dealing import deal_from_pool, draw_from_stub
from pokerrules.engine.events import (
    Acted,
    Burned,
    CarriedOver,
    Dealt,
    Raked,
    Reshuffled,
    Returned,
    Won,
)
from pokerrules.engine.settle import Outcome, dead_money_pots, settle, showdown_order
from pokerrules.engine.state import Phase, put
from pokerrules.errors import CardNotHeldError
from pokerrules.forced_bets import bring_in_seat, post_forced_bets
from pokerrules.pots import clockwise_from, side_pots
from pokerrules.showdown import AnyFive, Holding, LowHand
from pokerrules.variants import BetSize, BringInCard, SevensPenalty

if TYPE_CHECKING:
    from pokerrules.engine.hand import Hand

__all__ = [
    "after_deal",
    "auto_deal",
    "auto_deal_all",
    "begin_deal",
    "bet",
    "betting_choices",
    "draw",
    "manual_deal",
    "may_muck",
    "show",
]

_SEVEN_OR_BETTER: Final = LowHand(qualifier=7)
#: The betting actions (a betting round takes only these).
BETTING_ACTIONS: Final = (Fold, Check, Call, Bet, Raise, BringIn, Complete)


# -- dealing ------------------------------------------------------------------------------


def begin_deal(hand: Hand, k: int, steps: tuple[DealStep, ...] = ()) -> Hand:
    game = hand._game
    street = game.variant.streets[k]
    in_hand = hand.in_hand
    plan = list(steps)
    # Cards left in the stub: a hand dealt by hand counts the dealer's burns, which it never
    # sees (a hand dealt from the deck has seen its burns).
    available = len(hand._stub) if game.auto else len(hand._pool) - hand._burns
    if street.per_player:
        if game.variant.common_card and street.per_player == 1 and available < len(in_hand):
            plan.append(DealStep(street=street.name, board=1))
        else:
            plan.extend(
                DealStep(street=street.name, seat=s, down=street.down, up=street.up)
                for s in in_hand
            )
    if street.board:
        plan.append(DealStep(street=street.name, board=street.board))
    stub = hand._stub
    # The dealer burns a card before each later street and each draw -- unless the stub cannot
    # spare it.
    burns = plan and game.variant.burn and (k > 0 or steps)
    need = sum(step.count for step in plan)
    if burns and not game.auto and available > need:
        # Dealt by hand: the dealer burns a card the hand does not see; count it.
        return hand._with(_phase=Phase.DEAL, _street=k, _steps=tuple(plan), _burns=hand._burns + 1)
    if burns and game.auto and len(stub) > need:
        card = stub[0]
        return hand._with(
            _phase=Phase.DEAL,
            _street=k,
            _steps=tuple(plan),
            _stub=stub[1:],
            _muck=(*hand._muck, card),
            _seen=hand._seen | {card},
            _log=(*hand._log, Burned(card)),
        )
    return hand._with(_phase=Phase.DEAL, _street=k, _steps=tuple(plan))


def protected(hand: Hand, step: DealStep) -> tuple[AnyCard, ...]:
    # Discards of players not yet served (the one being served included) stay out of a
    # reshuffle: dealt in turn, those players would not have discarded yet.
    waiting = {s.seat for s in hand._steps} | {step.seat}
    return tuple(c for seat, cards in hand._discards if seat in waiting for c in cards)


def auto_deal(hand: Hand, step: DealStep) -> Hand:
    cards, stub, muck, fresh = draw_from_stub(
        hand._stub,
        hand._muck,
        step.count,
        protected=protected(hand, step),
        seed=(hand._game.seed, hand._reshuffles),
    )
    if fresh is not None:
        hand = hand._with(_reshuffles=hand._reshuffles + 1, _log=(*hand._log, Reshuffled(fresh)))
        return dealt(hand, step, cards, _stub=stub, _muck=muck)
    return dealt(hand, step, cards, _stub=stub)


def auto_deal_all(hand: Hand) -> Hand:
    """Deal every pending step from the stub in one go (the same cards, in the same order, as
    step by step), or the first step alone when the stub might run out."""
    steps = hand._steps
    need = sum(step.count for step in steps)
    if need > len(hand._stub):
        return auto_deal(hand, steps[0])
    index = hand._game.index
    stub = hand._stub
    down, up = list(hand._down), list(hand._up)
    board = hand._board
    log = list(hand._log)
    at = 0
    for step in steps:
        cards = stub[at : at + step.count]
        at += step.count
        if step.seat is None:
            board += cards
            log.append(Dealt(None, cards, (True,) * len(cards)))
            continue
        i = index[step.seat]
        low, high = cards[: step.down], cards[step.down :]
        down[i] += low
        up[i] += high
        exposed = hand._shown[i]
        log.append(Dealt(step.seat, cards, (exposed,) * len(low) + (True,) * len(high)))
    return hand._with(
        _down=tuple(down),
        _up=tuple(up),
        _board=board,
        _stub=stub[at:],
        _seen=hand._seen.union(stub[:at]),
        _steps=(),
        _log=tuple(log),
    )


def _in_play(hand: Hand) -> set[AnyCard]:
    in_play = set(hand._board)
    for down, up, folded in zip(hand._down, hand._up, hand._folded, strict=True):
        if not folded:
            in_play.update(down)
            in_play.update(up)
    return in_play


def dealable(hand: Hand, step: DealStep) -> frozenset[AnyCard]:
    """The cards a :class:`Deal` for ``step`` may hold: the cards that may still be in the
    stub, and -- when the step needs more than the stub holds -- the discards a reshuffle
    would add (not the protected ones, nor cards in play)."""
    stub = len(hand._pool) - hand._burns
    if step.count <= stub:
        return hand._pool
    keep = set(protected(hand, step))
    in_play = _in_play(hand)
    return hand._pool | {c for c in hand._muck if c not in keep and c not in in_play}


def manual_deal(hand: Hand, step: DealStep, cards: tuple[AnyCard, ...]) -> Hand:
    in_play = _in_play(hand)
    pool, muck = deal_from_pool(
        step,
        cards,
        deck=hand._game.deck,
        in_play=in_play,
        pool=hand._pool,
        burned=hand._burns,
        muck=hand._muck,
        protected=protected(hand, step),
    )
    if muck is None:
        return dealt(hand, step, cards, _pool=pool)
    # The deal needed more cards than the stub held: the dealer reshuffled (the burned cards
    # and the muck, less the discards of the players still to be served).
    return dealt(
        hand, step, cards, _pool=pool, _muck=muck, _burns=0, _reshuffles=hand._reshuffles + 1
    )


def dealt(hand: Hand, step: DealStep, cards: tuple[AnyCard, ...], **changes: Any) -> Hand:
    seen = hand._seen | set(cards)
    steps = hand._steps[1:]
    if step.seat is None:
        return hand._with(
            _board=hand._board + cards,
            _seen=seen,
            _steps=steps,
            _log=(*hand._log, Dealt(None, cards, (True,) * len(cards))),
            **changes,
        )
    i = hand._game.index[step.seat]
    down, up = cards[: step.down], cards[step.down :]
    exposed = hand._shown[i]
    flags = (exposed,) * len(down) + (True,) * len(up)
    return hand._with(
        _down=put(hand._down, i, hand._down[i] + down),
        _up=put(hand._up, i, hand._up[i] + up),
        _seen=seen,
        _steps=steps,
        _log=(*hand._log, Dealt(step.seat, cards, flags)),
        **changes,
    )


def after_deal(hand: Hand) -> Hand:
    k = hand._street
    if hand._discards:
        hand = hand._with(_discards=())
    game = hand._game
    if k == 0 and game.variant.is_stud:
        low = game.variant.forced_bets.bring_in is BringInCard.HIGHEST
        # A player all-in for the ante cannot bring in: the lowest door card among the
        # players with chips does.
        able = [s for s in hand.in_hand if hand._stacks[game.index[s]] > 0] or hand.in_hand
        doors = {s: c for s in able if isinstance(c := hand._up[game.index[s]][0], Card)}
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
        hand = hand._with(_posting=posting)
    return begin_bet(hand, k)


# -- betting ------------------------------------------------------------------------------


def street_structure(hand: Hand, k: int) -> Structure:
    game = hand._game
    street = game.variant.streets[k]
    structure = game.variant.structure_for(street, game.stakes)
    if (
        game.variant.open_pair_big_bet
        and isinstance(structure, FixedLimit)
        and street.bet_size is BetSize.SMALL
        and k > 0
        and any(
            len(up := hand._up[game.index[s]]) == 2
            and isinstance(up[0], Card)
            and isinstance(up[1], Card)
            and up[0].rank == up[1].rank
            for s in hand.in_hand
        )
    ):
        return FixedLimit(structure.bet, double_bet=game.stakes.big_bet)
    return structure


def begin_bet(hand: Hand, k: int) -> Hand:
    game = hand._game
    if not game.variant.streets[k].betting or len(hand.in_hand) < 2:
        return end_bet(hand, k)
    structure = street_structure(hand, k)
    rules = game.rules[k]
    if k == game.first_betting:
        able = sum(1 for s in hand.in_hand if hand._stacks[game.index[s]] > 0)
        if game.variant.is_stud and able < 2:
            # Everyone but at most one is all-in for the ante: nobody can bring in.
            return end_bet(hand._with(_aggressor=None), k)
        rnd = hand._posting.start_round(structure, rules, carried=game.carried)
    else:
        in_hand = hand.in_hand
        if game.variant.is_stud:
            up = {s: [c for c in hand._up[game.index[s]] if isinstance(c, Card)] for s in in_hand}
            first = showdown_order(
                in_hand, aggressor=None, up_cards=up, low=game.variant.low_order
            )
        else:
            first = in_hand
        rnd = BettingRound.start(
            order=first,
            stacks={s: hand._stacks[game.index[s]] for s in in_hand},
            structure=structure,
            rules=rules,
            pot=sum(game.initial) - sum(hand._stacks) + game.carried,
        )
    if rnd.is_closed:
        return end_bet(hand._with(_round=rnd, _aggressor=None), k)
    return hand._with(_phase=Phase.BET, _round=rnd, _aggressor=None)


def betting_choices(hand: Hand) -> LegalActions | None:
    rnd = hand._round
    if rnd is None:
        return None
    legal = rnd.legal_actions()
    game = hand._game
    lowball = game.variant.lowball
    if legal is None or lowball is None or not legal.check:
        return legal
    seat = legal.seat
    k = hand._street
    if k == game.first_betting and not lowball.first_round_check:
        own_blind = hand._posting.live.get(seat, 0) == rnd.current_bet > 0
        if not own_blind:
            return attrs.evolve(legal, check=False, fold=True)
        return attrs.evolve(legal, fold=False)
    if k >= game.first_draw and lowball.sevens_rule is SevensPenalty.NO_CHECK:
        if legal.bet is not None and seven_or_better(hand, seat):
            return attrs.evolve(legal, check=False, fold=True)
        if legal.fold and not game.variant.betting.fold_without_bet:
            # the round lets a seven-or-better fold instead of checking; nobody else may
            return attrs.evolve(legal, fold=False)
    return legal


def seven_or_better(hand: Hand, seat: int) -> bool:
    i = hand._game.index[seat]
    return _SEVEN_OR_BETTER.value(hand._down[i] + hand._up[i], AnyFive(), ()) is not None


def bet(hand: Hand, seat: int, action: Action) -> Hand:
    rnd = hand._round
    if rnd is None or not isinstance(action, BETTING_ACTIONS):
        hand._refuse(seat, action, "it is a betting round")
    game = hand._game
    lowball = game.variant.lowball
    if lowball is not None:
        legal = betting_choices(hand)
        if isinstance(action, Check) and legal and not legal.check and rnd.is_legal(action):
            hand._refuse(seat, action, no_check_reason(hand))
        if isinstance(action, Fold) and legal is not None and not legal.fold:
            hand._refuse(seat, action, "there is no bet to fold to")
    after = rnd.apply(action, seat=seat)
    log = (*hand._log, Acted(seat, action))
    kind = type(action)
    if kind is Check:
        if (
            lowball is not None
            and lowball.sevens_rule in (SevensPenalty.FORFEIT_ACTION, SevensPenalty.FORFEIT_POT)
            and hand._street >= game.first_draw
            and seven_or_better(hand, seat)
        ):
            hand = hand._with(_round=after, _log=log, _violators=hand._violators | {seat})
        else:
            hand = hand._with(_round=after, _log=log)
    elif kind is Fold:
        i = game.index[seat]
        hand = hand._with(
            _round=after,
            _log=log,
            _folded=put(hand._folded, i, True),
            _live=tuple(s for s in hand._live if s != seat),
            _muck=(*hand._muck, *hand._down[i], *hand._up[i]),
        )
    else:
        stacks = put(hand._stacks, game.index[seat], after.stacks[seat])
        if kind is Call or kind is BringIn:
            hand = hand._with(_round=after, _log=log, _stacks=stacks)
        else:
            hand = hand._with(_round=after, _log=log, _stacks=stacks, _aggressor=seat)
    if after.is_closed:
        return end_bet(hand, hand._street)
    return hand


def no_check_reason(hand: Hand) -> str:
    if hand._street == hand._game.first_betting:
        return "no checking on the first round: open or fold"
    return "a seven or better may not be checked after the draw: bet or fold"


def end_bet(hand: Hand, k: int) -> Hand:
    in_hand = hand.in_hand
    if len(in_hand) <= 1:
        return finish(hand)
    last = len(hand._game.variant.streets) - 1
    if k >= last:
        return begin_showdown(hand)
    if hand._game.expose:
        index = hand._game.index
        able = [s for s in in_hand if hand._stacks[index[s]] > 0]
        draws_left = any(s.draw for s in hand._game.variant.streets[k + 1 :])
        if len(able) <= 1 < len(in_hand) and not draws_left:
            queue = tuple(s for s in order_of_showdown(hand) if not hand._shown[index[s]])
            if queue:
                return hand._with(_phase=Phase.EXPOSE, _queue=queue)
    return begin_street(hand, k + 1)


def begin_street(hand: Hand, k: int) -> Hand:
    game = hand._game
    street = game.variant.streets[k]
    if street.draw is not None:
        queue = hand.in_hand
        before = hand._before_draw
        if before is None:
            before = tuple(a - b for a, b in zip(game.initial, hand._stacks, strict=True))
        return hand._with(
            _phase=Phase.DRAW, _street=k, _queue=queue, _before_draw=before, _discards=()
        )
    return begin_deal(hand, k)


# -- draws and showdowns ------------------------------------------------------------------


def draw(hand: Hand, seat: int, action: Action) -> Hand:
    choices = hand.legal_actions()
    if not isinstance(action, Discard | StandPat) or not isinstance(choices, DrawChoices):
        hand._refuse(seat, action, "it is the draw: discard or stand pat")
    if isinstance(action, Discard) and not action.cards:
        hand._refuse(seat, "discard no cards", "to keep every card, stand pat")
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
        hand._refuse(seat, action, f"a draw is up to {choices.max_discard} cards, each once")
    i = hand._game.index[seat]
    thrown = action.cards if isinstance(action, Discard) else ()
    hand = hand._with(
        _down=put(hand._down, i, tuple(c for c in hand._down[i] if c not in thrown)),
        _up=put(hand._up, i, tuple(c for c in hand._up[i] if c not in thrown)),
        _muck=(*hand._muck, *thrown),
        _discards=(*hand._discards, (seat, thrown)) if thrown else hand._discards,
        _queue=hand._queue[1:],
        _log=(*hand._log, Acted(seat, action)),
    )
    if hand._queue:
        return hand
    steps = tuple(
        DealStep(street=hand.street, seat=s, down=len(cards)) for s, cards in hand._discards
    )
    return begin_deal(hand, hand._street, steps)


def order_of_showdown(hand: Hand) -> tuple[int, ...]:
    game = hand._game
    in_hand = hand.in_hand
    up = None
    if game.variant.is_stud:
        up = {s: [c for c in hand._up[game.index[s]] if isinstance(c, Card)] for s in in_hand}
    return showdown_order(
        in_hand, aggressor=hand._aggressor, up_cards=up, low=game.variant.low_order
    )


def begin_showdown(hand: Hand) -> Hand:
    index = hand._game.index
    queue = tuple(s for s in order_of_showdown(hand) if not hand._shown[index[s]])
    if not queue:
        return finish(hand)
    return hand._with(_phase=Phase.SHOWDOWN, _queue=queue)


def bets(hand: Hand) -> dict[int, int]:
    """Each seat's chips in the pot less dead money (a button or big-blind ante, dead
    blinds), which goes to the main pot and is never an uncalled bet."""
    dead = dead_money(hand)
    return {s: c - dead.get(s, 0) for s, c in hand.contributions.items()}


def dead_money(hand: Hand) -> dict[int, int]:
    dead: dict[int, int] = {}
    for post in hand._posting.posts:
        if not post.live and post.kind != "ante":
            dead[post.seat] = dead.get(post.seat, 0) + post.amount
    return dead


def all_in_for_dead(hand: Hand, dead: dict[int, int], live: dict[int, int]) -> dict[int, int]:
    """The players still in who are all-in for dead money alone (no live chips in the pot),
    with their dead chips: they play for the dead money they matched."""
    index = hand._game.index
    return {
        s: chips
        for s, chips in dead.items()
        if chips and not live.get(s) and not hand._stacks[index[s]] and s in hand._live
    }


def may_muck(hand: Hand, seat: int) -> bool:
    index = hand._game.index
    out = [s for s in hand._game.seats if hand._folded[index[s]] or hand._mucked[index[s]]]
    dead = dead_money(hand)
    live = bets(hand)
    pots = dead_money_pots(
        side_pots(live, out),
        dead,
        contenders=[s for s in live if s not in out],
        all_in=all_in_for_dead(hand, dead, live),
    )
    return all(any(s != seat for s in pot.eligible) for pot in pots if seat in pot.eligible)


def show(hand: Hand, seat: int, action: Action) -> Hand:
    if not isinstance(action, ShowHand | Muck):
        hand._refuse(seat, action, "it is the showdown: show or muck")
    if isinstance(action, Muck) and (hand._phase is Phase.EXPOSE or not may_muck(hand, seat)):
        hand._refuse(
            seat,
            action,
            "a hand must be shown when all-in hands are turned up, "
            "or when no other hand could claim a pot",
        )
    i = hand._game.index[seat]
    log = (*hand._log, Acted(seat, action))
    if isinstance(action, Muck):
        hand = hand._with(
            _mucked=put(hand._mucked, i, True),
            _live=tuple(s for s in hand._live if s != seat),
            _muck=(*hand._muck, *hand._down[i], *hand._up[i]),
            _queue=hand._queue[1:],
            _log=log,
        )
    else:
        hand = hand._with(_shown=put(hand._shown, i, True), _queue=hand._queue[1:], _log=log)
    if hand._phase is Phase.EXPOSE:
        return hand if hand._queue else begin_street(hand, hand._street + 1)
    if hand._queue and len(hand.in_hand) > 1:
        return hand
    return finish(hand)


# -- settlement ---------------------------------------------------------------------------


def voluntary_chips(hand: Hand, returned: dict[int, int]) -> dict[int, int]:
    """Each seat's chips left in the pot beyond its own forced bets (what it bet by choice)."""
    forced: dict[int, int] = {}
    for post in hand._posting.posts:
        forced[post.seat] = forced.get(post.seat, 0) + post.amount
    return {
        seat: max(0, chips - returned.get(seat, 0) - forced.get(seat, 0))
        for seat, chips in hand.contributions.items()
    }


def finish(hand: Hand) -> Hand:
    game = hand._game
    index = game.index
    contenders = hand.in_hand
    holdings = {s: Holding(down=hand._down[index[s]], up=hand._up[index[s]]) for s in contenders}
    out = [s for s in game.seats if hand._folded[index[s]] or hand._mucked[index[s]]]
    variant = game.variant
    sevens = variant.lowball.sevens_rule if variant.lowball else None
    dead = dead_money(hand)
    before = None
    if hand._before_draw is not None:
        before = {
            s: c - dead.get(s, 0) for s, c in zip(game.seats, hand._before_draw, strict=True)
        }
    live = bets(hand)
    result = settle(
        variant.showdown,
        contributions=live,
        out=out,
        holdings=holdings,
        board=hand._board,
        carried_in=game.carried,
        dead=dead,
        all_in_for_dead=all_in_for_dead(hand, dead, live),
        chip=game.stakes.chip,
        button_order=clockwise_from(game.button, game.seats),
        stud_odd_chip=variant.stud_odd_chip if variant.is_stud and len(holdings) > 1 else None,
        violators=hand._violators,
        sevens=sevens,
        before_draw=before,
        rake=game.stakes.rake,
        # no flop, no drop: everyone else folded before the first betting round ended
        first_round_only=hand._street <= game.first_betting and len(contenders) == 1,
    )
    stacks = list(hand._stacks)
    log = list(hand._log)
    for seat, chips in result.returned:
        stacks[index[seat]] += chips
        log.append(Returned(seat, chips))
    if result.rake:
        log.append(Raked(result.rake))
    for award in result.awards:
        for seat, chips in award.payouts:
            stacks[index[seat]] += chips
            log.append(Won(seat, chips, award.name))
    if result.carried:
        log.append(CarriedOver(result.carried))
    outcome = Outcome(
        stacks=dict(zip(game.seats, stacks, strict=True)),
        awards=result.awards,
        returned=result.returned,
        carried=result.carried,
        shown={s: h for s, h in holdings.items() if hand._shown[index[s]]},
        uncontested=len(contenders) == 1 and hand._phase is not Phase.SHOWDOWN,
        forced=sum(p.amount for p in hand._posting.posts),
        voided=result.voided,
        voluntary=voluntary_chips(hand, dict(result.returned)),
        rake=result.rake,
    )
    return hand._with(
        _phase=Phase.COMPLETE,
        _round=None,
        _queue=(),
        _steps=(),
        _stacks=tuple(stacks),
        _log=tuple(log),
        _outcome=outcome,
    )

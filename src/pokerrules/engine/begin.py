"""The start of a hand: :meth:`Hand.start <pokerrules.engine.Hand.start>`'s arguments
checked, the deck shuffled, the fixed :class:`~pokerrules.engine.state.Setup` built, the forced
bets posted and the first state made.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Collection, Mapping, Sequence
from itertools import filterfalse

from pokerrules._validators import shown
from pokerrules.cards import AnyCard, Deck, card_tuple
from pokerrules.engine.state import (
    DEAL,
    Log,
    Setup,
    ShowdownPolicy,
    State,
    made,
    stakes_facts,
    variant_facts,
)
from pokerrules.errors import InvalidDefinitionError
from pokerrules.forced_bets import KillPost, post_forced_bets, trusted_post_forced_bets
from pokerrules.runouts import check_runouts, check_runs_again
from pokerrules.variants import Stakes, Variant

__all__ = ["first_state"]


def first_state(  # noqa: PLR0917 -- the arguments of Hand.start
    variant: Variant,
    stakes: Stakes,
    stacks: Mapping[int, int] | Sequence[int],
    button: int,
    deck: Deck | None,
    seed: int | None,
    rng: random.Random | None,
    cards: Collection[AnyCard] | None,
    kill: KillPost | None,
    straddles: int,
    owed: Mapping[int, int] | None,
    missed: Mapping[int, int] | None,
    carried: int,
    expose_all_ins: bool | None,
    showdown: ShowdownPolicy,
    straddle_seat: int | None,
    runouts: int | None,
    ask_runouts: bool,
) -> State:
    """The state of a hand as :meth:`Hand.start <pokerrules.engine.Hand.start>` begins it,
    its arguments checked: the forced bets posted, nothing dealt yet."""
    if not isinstance(showdown, ShowdownPolicy):
        raise InvalidDefinitionError(f"showdown must be a ShowdownPolicy, not {shown(showdown)}")
    _check_start(variant, stakes, deck, seed, rng, kill, owed, missed, expose_all_ins)
    kind: type = type(stacks)
    if kind is list or kind is tuple or (isinstance(stacks, Sequence) and kind is not str):
        seat_stacks = dict(enumerate(stacks))
    elif isinstance(stacks, Mapping):
        seat_stacks = dict(stacks)
    else:
        raise InvalidDefinitionError(
            f"stacks must be chips by seat (a mapping) or a list of chips, not {shown(stacks)}"
        )
    for seat in (*seat_stacks, button):
        if type(seat) is not int and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise InvalidDefinitionError(
                f"seats and the button are seat numbers (whole numbers), not {shown(seat)}"
            )
    # a list of stacks is seats 0, 1, ... in order already
    seats = tuple(range(len(stacks))) if kind is list else tuple(sorted(seat_stacks))
    n = len(seats)
    if not variant.min_players <= n <= variant.max_players:
        raise InvalidDefinitionError(
            f"{variant.name} is for {variant.min_players} to {variant.max_players} players, "
            f"not {n}"
        )
    initial = tuple([seat_stacks[seat] for seat in seats])
    for seat, chips in zip(seats, initial, strict=True):
        if (
            type(chips) is not int and (isinstance(chips, bool) or not isinstance(chips, int))
        ) or (chips <= 0):
            raise InvalidDefinitionError(f"seat {seat} needs a positive stack, not {shown(chips)}")
    if isinstance(carried, bool) or not isinstance(carried, int) or carried < 0:
        raise InvalidDefinitionError(
            f"carried chips must be a whole number >= 0, not {shown(carried)}"
        )
    sources = (seed is not None) + (rng is not None)
    if sources > 1:
        raise InvalidDefinitionError("give a seed or an rng, not both")
    auto = deck is not None or sources == 1
    if cards is not None and auto:
        raise InvalidDefinitionError("cards are for a hand dealt by hand: give a deck instead")
    reshuffle_seed: object = seed if seed is not None else 0
    if not isinstance(ask_runouts, bool):
        raise InvalidDefinitionError(
            f"ask_runouts must be True or False, not {shown(ask_runouts)}"
        )
    runouts = variant.runouts if runouts is None else runouts
    extra = 0 if runouts == 1 and type(runouts) is int else _runout_cards(variant, runouts)
    facts = variant_facts(variant)
    if ask_runouts:
        if runouts != 1:
            raise InvalidDefinitionError(
                f"the players either agreed to {shown(runouts)} runouts before the hand or "
                "choose at the all-in (ask_runouts), not both: give runouts=1"
            )
        _runout_cards(variant, 2)  # a board game without draws
    stub: tuple[AnyCard, ...] = ()
    if deck is not None:
        whole = facts.deck
        stranger = next((c for c in deck.cards if c not in whole), None)
        if stranger is not None:
            raise InvalidDefinitionError(f"{stranger} is not in the {variant.name} deck")
        stub = deck.cards
        need = variant.hole_cards * n + variant.board_cards * runouts
        if extra and len(stub) < need:
            raise InvalidDefinitionError(
                f"the deck holds {len(stub)} cards: {n} players running the board out "
                f"{runouts} times may need {need}"
            )
    elif auto:
        source = rng if rng is not None else random.Random(seed)
        most = facts.most_dealt(n)
        if extra and most is not None:
            size = len(variant.deck.cards)
            need = variant.hole_cards * n + variant.board_cards * runouts
            if need > size:
                raise InvalidDefinitionError(
                    f"{n} players running the board out {runouts} times may need {need} "
                    f"cards, but the {variant.name} deck holds {size}"
                )
            most = min(most + extra, size)  # the dealer burns only cards the stub spares
        if ask_runouts:
            most = None  # the runouts chosen may take every card left
        stub = _shuffled(variant.deck.cards, source, most)
        reshuffle_seed = source.getrandbits(64)
    forced, structures = stakes_facts(variant, stakes)
    # clockwise from the button's left (the seats are checked and sorted)
    left = bisect_right(seats, button)
    order = seats[left:] + seats[:left]
    bring_in = order[0] if variant.is_stud else None
    if straddles or kill is not None or owed or missed or straddle_seat is not None:
        posting = post_forced_bets(
            forced,
            stacks=seat_stacks,
            button=button,
            straddles=straddles,
            straddle_seat=straddle_seat,
            kill=kill,
            owed=owed,
            missed=missed,
            bring_in_seat=bring_in,
        )
    else:  # the stacks and the button are checked above
        posting = trusted_post_forced_bets(
            forced, stacks=seat_stacks, button=button, bring_in_seat=bring_in, order=order
        )
    game = made(
        Setup,
        variant=variant,
        stakes=stakes,
        seats=seats,
        index=dict(zip(seats, range(n), strict=True)),
        order=order,
        button=button,
        initial=initial,
        forced=forced,
        kill=kill,
        straddles=straddles,
        owed=dict(owed or {}),
        missed=dict(missed or {}),
        auto=auto,
        seed=reshuffle_seed,
        expose=variant.expose_all_ins if expose_all_ins is None else expose_all_ins,
        carried=carried,
        rules=facts.rules,
        first_betting=facts.first_betting,
        first_draw=facts.first_draw,
        deck=_dealt_from(variant, deck, cards, facts.deck),
        structures=structures,
        showdown=showdown,
        stub=stub,
        straddle_seat=straddle_seat,
        runouts=runouts,
        ask_runouts=ask_runouts,
        lowball=variant.lowball,
    )
    empty: tuple[tuple[AnyCard, ...], ...] = ((),) * n
    log: Log = None
    for p in posting.posts:
        log = (log, (p.seat, p.kind, p.amount, p.live, 0))
    no = (False,) * n
    return made(
        State,
        game=game,
        phase=DEAL,
        street=0,
        stacks=tuple([posting.stacks[s] for s in seats]),
        down=empty,
        up=empty,
        folded=no,
        mucked=no,
        live=order,
        shown=no,
        board=(),
        stub=stub,
        muck=(),
        seen=frozenset(),
        steps=(),
        queue=(),
        round=None,
        posting=posting,
        aggressor=None,
        violators=frozenset(),
        before_draw=None,
        short_calls=(),
        discards=(),
        reshuffles=0,
        pool=frozenset() if auto else game.deck,
        burns=0,
        log=log,
        outcome=None,
        runs=(),
        running=None,
        chosen=(),
        agreed=None,
    )


def _check_start(  # noqa: PLR0917
    variant: object,
    stakes: object,
    deck: object,
    seed: object,
    rng: object,
    kill: object,
    owed: object,
    missed: object,
    expose_all_ins: object,
) -> None:
    """Refuse :meth:`Hand.start` arguments of the wrong kind, naming the argument."""
    if (
        type(variant) is Variant
        and type(stakes) is Stakes
        and deck is rng is kill is owed is missed is expose_all_ins is None  # all None
        and (seed is None or type(seed) is int)
    ):
        return  # the commonest start: nothing more to check here
    kinds: tuple[tuple[str, object, type | tuple[type, ...], str], ...] = (
        ("variant", variant, Variant, "a Variant"),
        ("stakes", stakes, Stakes, "Stakes"),
        ("deck", deck, (Deck, type(None)), "a Deck or None"),
        ("rng", rng, (random.Random, type(None)), "a random.Random or None"),
        ("kill", kill, (KillPost, type(None)), "a KillPost or None"),
        ("expose_all_ins", expose_all_ins, (bool, type(None)), "True, False or None"),
    )
    for name, value, kind, words in kinds:
        if not isinstance(value, kind):
            raise InvalidDefinitionError(f"{name} must be {words}, not {shown(value)}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise InvalidDefinitionError(f"seed must be a whole number or None, not {shown(seed)}")
    for name, blinds in (("owed", owed), ("missed", missed)):
        if blinds is None:
            continue
        if not isinstance(blinds, Mapping):
            raise InvalidDefinitionError(
                f"{name} must be blinds by seat (a mapping) or None, not {shown(blinds)}"
            )
        for seat in blinds:
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise InvalidDefinitionError(
                    f"{name} must be blinds by seat number, not by {shown(seat)}"
                )
        if blinds and isinstance(variant, Variant) and not variant.forced_bets.blinds:
            raise InvalidDefinitionError(
                f"{variant.name} has no blinds: no blind can be {name} (seat "
                f"{shown(next(iter(blinds)))}); give {name}=None"
            )


def _runout_cards(variant: Variant, runouts: object) -> int:
    """The most cards the runouts after the first can take (cards and burns), after refusing
    ``runouts`` the hand cannot play."""
    runouts = check_runouts(runouts)
    if runouts == 1:
        return 0
    check_runs_again(variant)
    streets = sum(1 for s in variant.streets if s.board)
    return (runouts - 1) * (variant.board_cards + streets)


def _shuffled(
    cards: tuple[AnyCard, ...], rng: random.Random, most: int | None
) -> tuple[AnyCard, ...]:
    """A shuffled stub. When a hand can take at most ``most`` cards, only those are drawn at
    random (a uniform random sequence, as from a full shuffle); the cards that can never be dealt
    follow in deck order."""
    if most is None or most >= len(cards):
        order = list(cards)
        rng.shuffle(order)
        return tuple(order)
    if type(rng) is random.Random and most >= 6:
        top = _drawn(cards, rng.getrandbits, most)
    else:
        top = rng.sample(cards, most)
    top.extend(filterfalse(set(top).__contains__, cards))
    return tuple(top)


def _drawn(cards: tuple[AnyCard, ...], bits: Callable[[int], int], most: int) -> list[AnyCard]:
    """``most`` cards drawn at random from ``cards`` (``most`` >= 6), in the order drawn.

    A partial Fisher-Yates shuffle: each draw takes a uniform index among the cards left, by
    rejection from a random number of just enough bits, and the last card left fills the gap.
    Drawn this way from a plain :class:`random.Random`, the cards are exactly those its
    ``sample(cards, most)`` draws, in the same order (so a seed deals what it always dealt),
    without a Python call for every card."""
    pool = list(cards)
    drawn = []
    left = len(pool)
    for _ in range(most):
        width = left.bit_length()
        j = bits(width)
        while j >= left:
            j = bits(width)
        drawn.append(pool[j])
        left -= 1
        pool[j] = pool[left]
    return drawn


def _dealt_from(
    variant: Variant,
    deck: Deck | None,
    cards: Collection[AnyCard] | None,
    whole: frozenset[AnyCard],
) -> frozenset[AnyCard]:
    """The cards a hand is dealt from: an explicit deck's, ``cards`` (checked), or the whole
    variant deck."""
    if deck is not None:
        return frozenset(deck.cards)
    if cards is None:
        return whole
    chosen = card_tuple(cards, "cards")
    stranger = next((c for c in chosen if c not in whole), None)
    if stranger is not None:
        raise InvalidDefinitionError(f"{stranger!r} is not in the {variant.name} deck")
    if len(set(chosen)) != len(chosen):
        raise InvalidDefinitionError("the cards to deal from hold a card twice")
    return frozenset(chosen)

"""Conformance checks for variants: :func:`check_variant`.

``check_variant(variant)`` has Hypothesis play random hands of the variant, choosing among the
legal actions at every step, and checks after every step that

* chips are conserved (stacks plus the pot equal the starting stacks plus chips carried in);
* the player to act is live: dealt in, not folded, and (in a betting round) not all-in;
* the caps hold: a capped limit round offers no bet or raise, and fixed-limit bets and raises
  are exactly one increment;
* the pots are consistent: side pots and the uncalled bet add up to the contributions;

and that, at every step, illegal actions -- out of turn, a check facing a bet, a bet or raise of
the wrong size, a discard of a card not held, a dealer's deal in a hand dealt from the deck, an
action of the wrong kind -- are rejected with the right
:class:`~pokerrules.errors.IllegalActionError` subclass and leave the hand unchanged. At the
end, the awards, returned chips and carry-over add up to the pot.

It needs Hypothesis (the ``strategies`` extra). Use it to check your own variants:

>>> import attrs
>>> from pokerrules.testing import check_variant
>>> from pokerrules.variants import find_variant
>>> six_max = attrs.evolve(find_variant("limit hold'em"), name="Six-max limit", aliases=(),
...                        max_players=6)
>>> check_variant(six_max, max_examples=10)
"""

from __future__ import annotations

import random
import time
from typing import Any

from pokerrules.actions import (
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    Raise,
    Range,
)
from pokerrules.betting import FixedLimit
from pokerrules.cards import Card
from pokerrules.engine import (
    Action,
    ChooseRunouts,
    Deal,
    Discard,
    Hand,
    Muck,
    Phase,
    ShowHand,
    StandPat,
)
from pokerrules.errors import (
    ActionNotAvailableError,
    BetSizeError,
    CardNotHeldError,
    DealError,
    IllegalActionError,
    InvalidDefinitionError,
    OutOfTurnError,
)
from pokerrules.pots import side_pots
from pokerrules.runouts import MAX_RUNOUTS
from pokerrules.variants import Stakes, Variant

__all__ = [
    "ConformanceError",
    "check_hand_step",
    "check_variant",
    "conformance_rate",
    "random_action",
    "simple_stakes",
]


class ConformanceError(AssertionError):
    """A variant broke an invariant of the engine (raised inside Hypothesis, which then reports
    the smallest example it finds)."""


def _fail(hand: Hand, why: str) -> None:
    raise ConformanceError(f"{hand.variant.name}: {why} ({hand!r})")


def _fingerprint(hand: Hand) -> tuple[Any, ...]:
    return (hand.log, hand.stacks, hand.phase, hand.actor, hand.legal_actions(), hand.board)


def check_invariants(hand: Hand, previous: Hand | None = None) -> None:
    """Check the invariants of one state, given the state before it if any (raises
    :class:`ConformanceError`)."""
    start = sum(hand.starting_stacks.values())
    carried_in = hand.carried_in
    out = hand.outcome
    if out is not None:
        if sum(hand.stacks.values()) + out.carried + out.rake != start + carried_in:
            _fail(hand, "chips are not conserved at the end")
        if out.rake < 0 or (hand.stakes.rake is None and out.rake):
            _fail(hand, f"the hand was raked {out.rake} under stakes without that rake")
        paid = sum(out.payouts.values())
        if paid != sum(award.pot.amount for award in out.awards):
            _fail(hand, "the payouts do not add up to the pots awarded")
        won = paid + sum(c for _, c in out.returned) + out.carried + out.rake
        if previous is not None and won != previous.pot:
            _fail(
                hand,
                f"awards, returns, carry-over and rake ({won}) are not the pot ({previous.pot})",
            )
        return
    if sum(hand.stacks.values()) + hand.pot != start + carried_in:
        _fail(hand, "chips are not conserved")
    if any(x < 0 for x in hand.stacks.values()):
        _fail(hand, "a stack is negative")
    actor = hand.actor
    if actor is not None:
        if actor not in hand.in_hand:
            _fail(hand, f"seat {actor} is to act but is not in the hand")
        if hand.phase is Phase.BET and hand.stacks[actor] == 0:
            _fail(hand, f"seat {actor} is to act but is all-in")
    rnd = hand.betting_round
    legal = hand.legal_actions()
    if rnd is not None and legal is not None and legal.kind == "bet":
        if rnd.is_capped and (legal.bet is not None or legal.raise_to is not None):
            _fail(hand, "a capped round offers a bet or raise")
        structure = rnd.structure
        if isinstance(structure, FixedLimit) and structure.double_bet is None:
            increment = rnd.wager.increment
            for window in (legal.bet, legal.raise_to):
                if window is not None and window.low != window.high:
                    _fail(hand, f"a fixed-limit bet or raise offers a range {window}")
                if (
                    window is not None
                    and window.low - rnd.wager.base != increment
                    and window.low != rnd.contributions[actor or 0] + rnd.stacks[actor or 0]
                ):
                    _fail(hand, f"a fixed-limit raise to {window.low} is not one increment")
    folded = hand.folded | frozenset(s for s in hand.seats if s not in hand.in_hand)
    if hand.in_hand:
        pots = side_pots(hand.contributions, folded)
        returned = pots.returned[1] if pots.returned else 0
        if pots.total + returned != sum(hand.contributions.values()):
            _fail(hand, "the pots do not add up to the contributions")


_Candidate = tuple[Action, type[IllegalActionError], int | None]


def _illegal_candidates(hand: Hand) -> list[_Candidate]:
    """Actions that must be refused now, each with the error it must raise and the seat."""
    out: list[_Candidate] = []
    actor = hand.actor
    legal = hand.legal_actions()
    others = [s for s in hand.seats if s != actor]
    if actor is not None and others:
        out.append(
            (ShowHand() if hand.phase is not Phase.BET else Check(), OutOfTurnError, others[0])
        )
    out.append((Deal(()), DealError, None))
    if legal is not None and legal.kind == "bet":
        if not legal.check and legal.bring_in is None:
            out.append((Check(), ActionNotAvailableError, actor))
        if legal.call is None and legal.bring_in is None:
            out.append((Call(), ActionNotAvailableError, actor))
        if legal.raise_to is not None:
            out.append((Raise(to=legal.raise_to.high + 1), BetSizeError, actor))
        if legal.bet is not None:
            out.append((Bet(legal.bet.high + 1), BetSizeError, actor))
        out.append((StandPat(), ActionNotAvailableError, actor))
    elif legal is not None and legal.kind == "draw":
        stranger = next((c for c in hand.unseen_cards() if isinstance(c, Card)), None)
        if stranger is not None:
            out.append((Discard((stranger,)), CardNotHeldError, actor))
        out.append((Check(), ActionNotAvailableError, actor))
    elif legal is not None and legal.kind == "runouts" and legal.runouts is not None:
        out.append((Check(), ActionNotAvailableError, actor))
        most = legal.runouts.high
        if most < MAX_RUNOUTS:
            out.append((ChooseRunouts(most + 1), ActionNotAvailableError, actor))
    elif legal is not None:
        out.append((Check(), ActionNotAvailableError, actor))
        if not legal.muck:
            out.append((Muck(), ActionNotAvailableError, actor))
    return out


def check_hand_step(hand: Hand, previous: Hand | None = None) -> None:
    """Check one state (reached from ``previous``, if given): its invariants, and that illegal
    actions are refused with the right error and leave it unchanged."""
    check_invariants(hand, previous)
    if hand.is_complete:
        return
    before = _fingerprint(hand)
    for action, error, seat in _illegal_candidates(hand):
        try:
            hand.apply(action, seat=seat)
        except error:
            pass
        except IllegalActionError as other:
            _fail(hand, f"{action} raised {type(other).__name__}, not {error.__name__}: {other}")
        else:
            _fail(hand, f"the illegal {action} (seat {seat}) was accepted")
        if _fingerprint(hand) != before:
            _fail(hand, f"the refused {action} changed the hand")


def check_variant(variant: Variant, *, max_examples: int = 50, max_steps: int = 400) -> None:
    """Play ``max_examples`` random hands of ``variant`` with Hypothesis, checking every step
    (see the module docs). Raises the failure Hypothesis finds, shrunk to a small example."""
    if not isinstance(variant, Variant):
        raise InvalidDefinitionError(
            f"check_variant needs a Variant (find_variant(name) finds one), not {variant!r}"
        )
    try:
        # Hypothesis is an optional extra: import it only when a check runs.
        from hypothesis import HealthCheck, given, settings  # noqa: PLC0415
        from hypothesis import strategies as st  # noqa: PLC0415

        from pokerrules import strategies  # noqa: PLC0415
    except ImportError as error:
        raise ImportError(
            "check_variant needs Hypothesis: pip install 'pokerrules[strategies]'"
        ) from error

    @settings(
        max_examples=max_examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def play(data: Any) -> None:
        hand = data.draw(strategies.started_hands(variant), label="hand")
        previous = None
        for _ in range(max_steps):
            check_hand_step(hand, previous)
            if hand.is_complete:
                return
            action = data.draw(strategies.actions(hand), label=f"seat {hand.actor}")
            previous, hand = hand, hand.apply(action)
        _fail(hand, f"the hand did not end in {max_steps} actions")

    play()


def _amount(window: Range, rng: random.Random) -> int:
    if rng.random() < 0.5:
        return window.low if rng.random() < 0.7 else window.high
    return window.low + window.step * rng.randint(0, (window.high - window.low) // window.step)


def random_action(hand: Hand, rng: random.Random) -> Action | None:
    """A random legal action for the seat to act, drawn from ``rng`` (``None`` when no player
    is to act): random play for fuzzing, without Hypothesis. Bets and raises favour the
    smallest and the largest sizes."""
    legal = hand.legal_actions()
    if legal is None:
        return None
    if legal.kind == "bet":
        options: list[Action] = []
        if legal.fold:
            options.append(Fold())
        if legal.check:
            options.append(Check())
        if legal.call is not None:
            options.append(Call())
        if legal.bring_in is not None:
            options.append(BringIn())
        if legal.complete is not None:
            options.append(Complete())
        if legal.bet is not None:
            options.append(Bet(_amount(legal.bet, rng)))
        if legal.raise_to is not None:
            options.append(Raise(to=_amount(legal.raise_to, rng)))
        return rng.choice(options)
    if legal.kind == "draw":
        most = legal.discard.high if legal.discard is not None else 0
        count = rng.randint(0, min(most, len(legal.held)))
        return Discard(tuple(rng.sample(legal.held, count))) if count else StandPat()
    if legal.kind == "runouts" and legal.runouts is not None:
        # mostly one shared choice, so that the runouts agreed are played out too
        return ChooseRunouts(2 if legal.runouts.high > 1 and rng.random() < 0.6 else 1)
    return Muck() if legal.muck and rng.random() < 0.3 else ShowHand()


def simple_stakes(variant: Variant) -> Stakes:
    """Plain stakes that suit ``variant``: blinds 1/2 (a limit game: $2/$4), an ante of 1 and a
    bring-in of 1 where it has them."""
    ladder: dict[int, tuple[int, ...]] = {0: (), 1: (2,), 2: (1, 2), 3: (1, 1, 2)}
    forced = variant.forced_bets
    return Stakes(
        blinds=ladder[forced.blinds],
        ante=1 if forced.ante is not None else 0,
        bring_in=1 if forced.bring_in is not None else 0,
        small_bet=2,
        big_bet=4,
    )


def conformance_rate(variant: Variant, *, hands: int = 50, seed: int = 0) -> float:
    """Random-play conformance throughput: play ``hands`` seeded random hands of ``variant``
    (2 to its most players, uneven stacks, :func:`random_action`), checking every step as
    :func:`check_variant` does (:func:`check_hand_step`), and return the hands checked per
    second of CPU time. Raises :class:`ConformanceError` on a broken invariant."""
    rng = random.Random(seed)
    stakes = simple_stakes(variant)
    start = time.process_time()
    for n in range(hands):
        players = rng.randint(variant.min_players, min(variant.max_players, 9))
        stacks = [rng.choice([5, 20, 60, 200, 500]) for _ in range(players)]
        hand = Hand.start(variant, stakes=stakes, stacks=stacks, button=0, seed=seed + n)
        previous = None
        while True:
            check_hand_step(hand, previous)
            action = random_action(hand, rng)
            if action is None:
                break
            previous, hand = hand, hand.apply(action)
    return hands / max(time.process_time() - start, 1e-9)

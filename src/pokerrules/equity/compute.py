"""Exact and sampled all-in equity, locally or on any :class:`concurrent.futures.Executor`.

:func:`equity` enumerates every runout (and every deal of the ranges) when that is cheap
enough, and samples otherwise; :func:`exact_equity` and :func:`sample_equity` force one or the
other.

Sampling is split into chunks of ``chunk_size`` runouts. Chunk ``i`` draws from its own
generator, seeded from ``(seed, i)`` alone, and returns integer counts; the counts are added
up. So the result depends only on ``seed``, ``samples`` and ``chunk_size`` (and on whether
numpy is installed, which selects the generator) -- never on the executor or on how many
workers it has, nor on the order in which chunks finish.

>>> result = equity(["AsAh", "KsKd"], board="7c 8d 2h")
>>> result.exact, result.outcomes
(True, 990)
>>> round(result[0].equity, 4)
0.9162
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from fractions import Fraction
from functools import reduce
from math import comb
from operator import add
from typing import Final, Literal

import attrs

from pokerrules._validators import is_instance, is_whole, shown
from pokerrules.cards import Card
from pokerrules.equity import _scalar
from pokerrules.equity._spec import Spec
from pokerrules.equity.results import EquityResult, PlayerEquity, Tally
from pokerrules.equity.spot import HOLDEM, BoardGame, HandInput, Spot
from pokerrules.errors import InvalidDefinitionError
from pokerrules.evaluation.batch import numpy_available
from pokerrules.money import MoneyAmount, exact

__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "DEFAULT_EXACT_LIMIT",
    "DEFAULT_SAMPLES",
    "MAX_EXACT_COST",
    "MAX_SAMPLES",
    "Backend",
    "Method",
    "equity",
    "exact_cost",
    "exact_equity",
    "pot_odds",
    "sample_equity",
]

#: ``"exact"`` enumerates, ``"sample"`` samples, ``"auto"`` enumerates when the work is at
#: most ``exact_limit`` (see :func:`exact_cost`).
Method = Literal["auto", "exact", "sample"]
#: ``"numpy"`` uses the vectorised kernels, ``"python"`` the pure-Python ones, ``"auto"``
#: numpy when it is installed. Exact results are identical; sampled ones use different
#: generators.
Backend = Literal["auto", "numpy", "python"]

#: The number of random runouts :func:`sample_equity` deals unless told otherwise.
DEFAULT_SAMPLES: Final = 200_000
#: The number of runouts in one :class:`ChunkJob` of a sampled run.
DEFAULT_CHUNK_SIZE: Final = 50_000
#: The most runouts one call samples, in the API and on the command line alike: about as much
#: work as :data:`MAX_EXACT_COST` (a larger count would run for days).
MAX_SAMPLES: Final = 10**9
#: The most work (:func:`exact_cost`, in evaluations and comparisons) exact enumeration takes
#: on: about a quarter of an hour on one core. Above it :func:`exact_equity` (and
#: ``equity(method="exact")``) refuses, giving the cost, rather than run for hours or days --
#: two random Omaha hands cost about 9e12.
MAX_EXACT_COST: Final = 10**11
#: Under ``method="auto"``, exact enumeration is used when its estimated work
#: (:func:`exact_cost`, in evaluations and comparisons) is at most this; above it, sampling.
DEFAULT_EXACT_LIMIT: Final = 30_000_000


def _backend(backend: Backend) -> str:
    if not isinstance(backend, str):
        raise InvalidDefinitionError(
            f"backend must be 'auto', 'numpy' or 'python', not {shown(backend)}"
        )
    if backend == "auto":
        return "numpy" if numpy_available() else "python"
    if backend not in ("numpy", "python"):
        raise InvalidDefinitionError(
            f"backend must be 'auto', 'numpy' or 'python', not {shown(backend)}"
        )
    if backend == "numpy" and not numpy_available():
        raise InvalidDefinitionError(
            "the numpy backend needs numpy: install the extra with pip install 'pokerrules[fast]'"
        )
    return backend


def _job_backend(_instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str) or value not in ("numpy", "python"):
        raise InvalidDefinitionError(
            f"{attribute.name} must be 'numpy' or 'python', not {shown(value)}"
        )


def _job_count(_instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SAMPLES:
        raise InvalidDefinitionError(
            f"{attribute.name} must be a whole number of runouts from 1 to {MAX_SAMPLES:,}, "
            f"not {shown(value)}"
        )


@attrs.frozen
class ChunkJob:
    """One chunk of a sampling run: picklable, so any executor can run it (see
    :func:`run_chunk`)."""

    spec: Spec = attrs.field(validator=is_instance(Spec))
    backend: str = attrs.field(validator=_job_backend)
    seed: int = attrs.field(validator=is_whole)
    chunk: int = attrs.field(validator=is_whole)
    count: int = attrs.field(validator=_job_count)


def run_chunk(job: ChunkJob) -> Tally:
    """Sample one chunk. Module-level so that process and cluster executors can pickle it."""
    if not isinstance(job, ChunkJob):
        raise InvalidDefinitionError(f"run_chunk takes a ChunkJob, not {shown(job)}")
    if job.backend == "numpy":
        from pokerrules.equity import _vector  # noqa: PLC0415 - numpy is optional

        return _vector.sample(job.spec, job.seed, job.chunk, job.count)
    return _scalar.sample(job.spec, job.seed, job.chunk, job.count)


def _spot(
    hands: Spot | Sequence[HandInput],
    board: str | Iterable[Card],
    dead: str | Iterable[Card],
    game: BoardGame | str,
) -> Spot:
    if isinstance(hands, Spot):
        if board or dead or game is not HOLDEM:
            raise InvalidDefinitionError(
                "a Spot already holds its board, dead cards and game: give them to Spot.build"
            )
        # checked again: a Spot made with its constructor skips Spot.build's checks
        return Spot.build(list(hands.ranges), board=hands.board, dead=hands.dead, game=hands.game)
    return Spot.build(hands, board=board, dead=dead, game=game)


def _check_sampling(samples: int, chunk_size: int, executor: Executor | None) -> None:
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise InvalidDefinitionError(f"samples must be a positive integer, not {shown(samples)}")
    if samples > MAX_SAMPLES:
        raise InvalidDefinitionError(
            f"samples must be at most {MAX_SAMPLES:,}, not {shown(samples)}"
        )
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise InvalidDefinitionError(
            f"chunk_size must be a positive integer, not {shown(chunk_size)}"
        )
    if executor is not None and not callable(getattr(executor, "map", None)):
        raise InvalidDefinitionError(
            f"executor must be a concurrent.futures.Executor (or None), not {shown(executor)}"
        )


def _backend_for(spot: Spot, backend: Backend) -> str:
    """The backend that runs ``spot``: numpy evaluates hands of two or more hole cards."""
    chosen = _backend(backend)
    if chosen == "numpy" and spot.game.hole_cards < 2:
        if backend == "numpy":
            raise InvalidDefinitionError("the numpy backend needs two or more hole cards")
        return "python"
    return chosen


def exact_cost(spot: Spot) -> int:
    """An estimate of the work of exact enumeration, in hand evaluations and comparisons:
    runouts times (every combo's evaluations plus every deal's showdown)."""
    if not isinstance(spot, Spot):
        raise InvalidDefinitionError(
            f"exact_cost takes a Spot (see Spot.build), not {shown(spot)}"
        )
    spec = Spec.of(spot)
    runouts = comb(len(spec.deck), spec.runout_cards)
    # a high-low showdown also looks up every low, and checks the low qualifier: about three
    # times the work of a high-only one, as measured
    per_hand = spot.game.evaluations_per_hand * (3 if spot.game.hi_lo else 1)
    evaluations = sum(len(r) for r in spot.ranges) * per_hand
    return runouts * (evaluations + spec.assignment_bound() * spot.players)


def _result(spot: Spot, tally: Tally, *, exact: bool, seed: int | None) -> EquityResult:
    players = tuple(
        PlayerEquity.from_counts(
            str(r),
            len(r),
            counts,
            players=spot.players,
            hi_lo=spot.game.hi_lo,
            exact=exact,
        )
        for r, counts in zip(spot.ranges, tally.counts, strict=True)
    )
    return EquityResult(
        game=spot.game,
        board=spot.board,
        dead=spot.dead,
        players=players,
        exact=exact,
        outcomes=tally.outcomes,
        seed=seed,
        tally=tally,
    )


def exact_equity(
    hands: Spot | Sequence[HandInput],
    *,
    board: str | Iterable[Card] = (),
    dead: str | Iterable[Card] = (),
    game: BoardGame | str = HOLDEM,
    backend: Backend = "auto",
) -> EquityResult:
    """Equity by enumerating every deal of the ranges and every runout.

    Each deal (one combo per player, no card shared) is equally likely, and so is each
    runout of the cards left; every pair is one outcome.

    Above :data:`MAX_EXACT_COST` it refuses, giving the cost:

    >>> r = exact_equity(["9c9s", "8d7d"], board="Ac Kd Td")
    >>> r.outcomes, r[0].share
    (990, Fraction(607, 990))
    >>> exact_equity(["random", "random"], game="omaha")
    Traceback (most recent call last):
    ...
    pokerrules.errors.InvalidDefinitionError: exact enumeration would take about 3.8e+17 evaluations and comparisons, more than the limit of 1.0e+11 (hours or more): sample instead, or narrow the ranges
    """
    spot = _spot(hands, board, dead, game)
    cost = exact_cost(spot)
    if cost > MAX_EXACT_COST:
        raise InvalidDefinitionError(
            f"exact enumeration would take about {cost:.1e} evaluations and comparisons, more "
            f"than the limit of {MAX_EXACT_COST:.1e} (hours or more): sample instead, or "
            "narrow the ranges"
        )
    spec = Spec.of(spot)
    if _backend_for(spot, backend) == "numpy":
        from pokerrules.equity import _vector  # noqa: PLC0415 - numpy is optional

        tally = _vector.exact(spec)
    else:
        tally = _scalar.exact(spec)
    return _result(spot, tally, exact=True, seed=None)


def _seed(seed: int | random.Random) -> int:
    if isinstance(seed, random.Random):
        return seed.getrandbits(64)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidDefinitionError(
            f"seed must be a non-negative integer or a random.Random, not {shown(seed)}"
        )
    return seed


def sample_equity(
    hands: Spot | Sequence[HandInput],
    *,
    board: str | Iterable[Card] = (),
    dead: str | Iterable[Card] = (),
    game: BoardGame | str = HOLDEM,
    samples: int = DEFAULT_SAMPLES,
    seed: int | random.Random = 0,
    executor: Executor | None = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    backend: Backend = "auto",
) -> EquityResult:
    """Equity by sampling ``samples`` deals and runouts, with standard errors.

    ``executor`` (any :class:`concurrent.futures.Executor`: a process or thread pool, or a
    cluster's executor) runs the chunks; without one they run here, one after another. The
    result is the same either way (see the module documentation).

    >>> r = sample_equity(["AsAh", "KsKd"], samples=20_000, seed=1)
    >>> abs(r[0].equity - 0.819461) < 4 * r[0].std_error
    True
    """
    _check_sampling(samples, chunk_size, executor)
    spot = _spot(hands, board, dead, game)
    spec, chosen, base = Spec.of(spot), _backend_for(spot, backend), _seed(seed)
    # made one at a time: a small chunk_size must not build a huge list before any work
    jobs = (
        ChunkJob(spec, chosen, base, i, min(chunk_size, samples - start))
        for i, start in enumerate(range(0, samples, chunk_size))
    )
    # an executor is handed a list: Dask's refuses an iterator, and Executor.map submits every
    # job at once anyway
    tallies = executor.map(run_chunk, list(jobs)) if executor is not None else map(run_chunk, jobs)
    total = reduce(add, tallies, Tally.empty(spot.players, spot.game.hi_lo))
    return _result(spot, total, exact=False, seed=base)


def equity(
    hands: Spot | Sequence[HandInput],
    *,
    board: str | Iterable[Card] = (),
    dead: str | Iterable[Card] = (),
    game: BoardGame | str = HOLDEM,
    method: Method = "auto",
    samples: int = DEFAULT_SAMPLES,
    seed: int | random.Random = 0,
    executor: Executor | None = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    exact_limit: int = DEFAULT_EXACT_LIMIT,
    backend: Backend = "auto",
) -> EquityResult:
    """All-in equity of each player's hand or range: exact when the enumeration costs at most
    ``exact_limit`` (see :func:`exact_cost`) or ``method="exact"``, sampled otherwise.

    ``hands`` holds one entry per player: a known hand (``"AsAh"``, ``"As Ah"``, or cards), a
    range in standard notation (``"QQ+, AKs"``; see :mod:`pokerrules.ranges`) or a
    :class:`~pokerrules.ranges.HandRange`. ``board`` is the board so far (0-5 cards) and
    ``dead`` cards known to be out of play. ``game`` is a :class:`BoardGame` or its name.

    >>> r = equity(["AsAh", "KsKd"])
    >>> r.exact, r.outcomes, round(r[0].equity, 6)
    (True, 1712304, 0.819461)
    >>> r = equity(["QQ+, AKs", "random"], samples=20_000, seed=7)
    >>> r.exact, r.outcomes
    (False, 20000)
    """
    if not isinstance(method, str) or method not in ("auto", "exact", "sample"):
        raise InvalidDefinitionError(
            f"method must be 'auto', 'exact' or 'sample', not {shown(method)}"
        )
    if (
        isinstance(exact_limit, bool)
        or not isinstance(exact_limit, int | float)
        or not exact_limit >= 0  # also refuses NaN, which no cost compares to
    ):
        raise InvalidDefinitionError(
            f"exact_limit must be a number >= 0, not {shown(exact_limit)}"
        )
    _check_sampling(samples, chunk_size, executor)
    spot = _spot(hands, board, dead, game)
    if method == "exact" or (method == "auto" and exact_cost(spot) <= exact_limit):
        return exact_equity(spot, backend=backend)
    return sample_equity(
        spot,
        samples=samples,
        seed=seed,
        executor=executor,
        chunk_size=chunk_size,
        backend=backend,
    )


def pot_odds(call: MoneyAmount, pot: MoneyAmount) -> Fraction:
    """The equity a call needs to break even: ``call / (pot + call)``, where ``pot`` already
    includes the bet being called. The amounts may be chips or money: ints, Decimals,
    Fractions, or floats (read as the decimal they are written as); the result is exact.

    >>> pot_odds(5, 10)  # call 5 to win a pot of 10: 2 to 1, a third of the final pot
    Fraction(1, 3)
    >>> from decimal import Decimal
    >>> pot_odds(2.5, 7), pot_odds(Decimal("0.25"), Decimal("0.75"))
    (Fraction(5, 19), Fraction(1, 4))
    """
    amounts = []
    for name, value in (("call", call), ("pot", pot)):
        try:
            amount = None if isinstance(value, str) else exact(value, name)
        except InvalidDefinitionError:
            amount = None
        if amount is None or amount < 0:
            raise InvalidDefinitionError(
                f"{name} must be a non-negative amount (chips, a Decimal, a Fraction or a "
                f"float), not {shown(value)}"
            )
        amounts.append(amount)
    paid, middle = amounts
    if paid == 0:
        raise InvalidDefinitionError("a call of 0 chips needs no equity; pot odds need a call")
    return paid / (middle + paid)

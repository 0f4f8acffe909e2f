"""A large equity simulation spread over worker processes, or over a Dask or Ray cluster.

Pocket aces against eight random hands, sampled with a fixed seed. The same call runs on a
local process pool, on a Dask cluster (through ``Client.get_executor()``) or on a Ray cluster
(through the small adapter below, as Ray does not ship a ``concurrent.futures.Executor``), and
the result is identical in every case: sampling is split into chunks whose generators are
seeded from the run's seed and the chunk's number alone.

Run: ``python examples/equity_at_scale.py [--samples N] [--workers W] [--check]``
     ``python examples/equity_at_scale.py --dask tcp://scheduler:8786``
     ``python examples/equity_at_scale.py --ray auto``

``--check`` also runs the simulation in this process alone and confirms the two results are
equal. The Dask and Ray options need ``distributed`` or ``ray`` installed (pokerrules does not
depend on either) and pokerrules installed on every worker.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

from pokerrules.equity import EquityResult, sample_equity

HANDS = ["AsAh", *["random"] * 8]


class RayExecutor(Executor):
    """A ``concurrent.futures.Executor`` that runs each call as a Ray task."""

    def __init__(self, address: str) -> None:
        self._ray = importlib.import_module("ray")
        self._ray.init(address=address)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        task = self._ray.remote(fn)
        future: Future[Any] = task.remote(*args, **kwargs).future()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._ray.shutdown()


def simulate(samples: int, executor: Executor | None) -> EquityResult:
    """The simulation: the only line that touches the executor."""
    return sample_equity(HANDS, samples=samples, seed=2024, executor=executor)


def positive(text: str) -> int:
    """An argument that must be a whole number of at least 1."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return number


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=positive, default=2_000_000, help="runouts to sample")
    parser.add_argument("--workers", type=positive, default=2, help="local worker processes")
    parser.add_argument("--check", action="store_true", help="compare with a one-process run")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--dask", metavar="ADDRESS", help="a Dask scheduler to run on")
    where.add_argument("--ray", metavar="ADDRESS", help="a Ray cluster to run on ('auto')")
    args = parser.parse_args(argv)
    needed = "distributed" if args.dask else "ray" if args.ray else None
    if needed is not None and importlib.util.find_spec(needed) is None:
        parser.error(f"this option needs the {needed!r} package: pip install {needed}")

    started = time.perf_counter()
    if args.dask:
        client = importlib.import_module("distributed").Client(args.dask)
        result = simulate(args.samples, client.get_executor())
        client.close()
    elif args.ray:
        ray_pool = RayExecutor(args.ray)
        result = simulate(args.samples, ray_pool)
        ray_pool.shutdown()
    else:
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            result = simulate(args.samples, pool)
    elapsed = time.perf_counter() - started
    print(result)
    print(f"{args.samples:,} runouts in {elapsed:.2f} s")
    if args.check:
        alone = simulate(args.samples, None)
        same = alone.tally == result.tally
        print("same result in one process:", "yes" if same else "NO")
        return 0 if same else 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

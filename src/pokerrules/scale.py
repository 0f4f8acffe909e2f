"""Scale-out: bulk replay, statistics, bulk import and equity sampling on a process pool, a
Dask cluster or Ray, with results merged exactly.

Every helper takes an ``engine``:

* ``None`` -- run here, in this process;
* any :class:`concurrent.futures.Executor` (a process or thread pool, ``client.get_executor()``);
* a Dask ``distributed.Client`` -- the work goes out with ``Client.map`` over chunks of files
  and comes back with ``Client.gather`` (the ``dask`` extra: ``pip install
  'pokerrules[dask]'``);
* the ``ray`` module itself (after ``ray.init()``), or the string ``"ray"`` -- one Ray task per
  chunk (the ``ray`` extra).

Dask and Ray are imported only when such an engine is given. Each task handles a chunk of
``chunk_size`` files and returns a value that merges exactly -- counts, never ratios
(:class:`~pokerrules.stats.Statistics`, :class:`ReplaySummary`, :class:`ImportedFile`) -- so
the result equals one process's, however the files are split and wherever they run.

>>> from concurrent.futures import ThreadPoolExecutor
>>> from pokerrules.scale import replay_files
>>> with ThreadPoolExecutor(2) as pool:
...     replay_files([], engine=pool).verdicts
{}

Equity sampling takes an executor already (:func:`~pokerrules.equity.sample_equity`);
:func:`executor_for` makes one of any engine: ``sample_equity(..., executor=executor_for(client))``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from functools import partial
from pathlib import Path
from typing import Any, Final, TypeVar

import attrs

from pokerrules._validators import shown
from pokerrules.errors import InvalidDefinitionError, PokerRulesError
from pokerrules.history.phh import HandHistory, read_each
from pokerrules.history.replay import Verdict, replay
from pokerrules.stats import Statistics

__all__ = [
    "DEFAULT_FILES_PER_TASK",
    "ImportedFile",
    "Importer",
    "RayExecutor",
    "ReplaySummary",
    "executor_for",
    "import_files",
    "import_statistics",
    "phh_importer",
    "replay_files",
    "statistics_of_files",
]

#: Files per task unless ``chunk_size`` says otherwise.
DEFAULT_FILES_PER_TASK: Final = 8

#: An importer reads one file: it yields each hand as a PHH history, or a
#: :class:`~pokerrules.errors.PokerRulesError` for a hand it could not convert (say why).
Importer = Callable[[Path], Iterable[HandHistory | PokerRulesError]]

_T = TypeVar("_T")
_BAD: Final = (Verdict.MISMATCH, Verdict.FAILED)


# --- engines -------------------------------------------------------------------------------


def _is_dask_client(engine: object) -> bool:
    kind = type(engine)
    return kind.__module__.split(".")[0] == "distributed" and kind.__name__ == "Client"


def _is_ray(engine: object) -> bool:
    return engine == "ray" or (engine is not None and engine is sys.modules.get("ray"))


class RayExecutor(Executor):
    """A :class:`concurrent.futures.Executor` that runs each call as a Ray task (``ray``
    must be initialised: ``ray.init()``). Its futures are Ray's own
    (``ObjectRef.future()``)."""

    def __init__(self) -> None:
        import ray  # noqa: PLC0415 - the optional ray extra

        self._ray = ray
        self._remote: dict[Callable[..., Any], Any] = {}

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Run ``fn(*args, **kwargs)`` as a Ray task; its future."""
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = self._ray.remote(fn)
        future: Future[Any] = remote.remote(*args, **kwargs).future()
        return future


def executor_for(engine: object) -> Executor | None:
    """A :class:`concurrent.futures.Executor` for ``engine`` (see the module text): itself,
    a Dask client's ``get_executor()``, a :class:`RayExecutor`, or ``None`` for ``None``."""
    if engine is None or isinstance(engine, Executor):
        return engine
    if _is_dask_client(engine):
        executor: Executor = engine.get_executor()  # type: ignore[attr-defined]
        return executor
    if _is_ray(engine):
        return RayExecutor()
    raise InvalidDefinitionError(
        "engine must be None, a concurrent.futures.Executor, a Dask Client or the ray "
        f"module, not {shown(engine)}"
    )


def _run(task: Callable[[Sequence[str]], _T], chunks: list[list[str]], engine: object) -> list[_T]:
    """``task`` over each chunk on ``engine``, the results in the chunks' order."""
    if engine is None:
        return [task(chunk) for chunk in chunks]
    if isinstance(engine, Executor):
        return list(engine.map(task, chunks))
    if _is_dask_client(engine):
        futures = engine.map(task, chunks, pure=False)  # type: ignore[attr-defined]
        results: list[_T] = engine.gather(futures)  # type: ignore[attr-defined]
        return results
    if _is_ray(engine):
        import ray  # noqa: PLC0415 - the optional ray extra

        remote: Any = ray.remote(_call)
        return list(ray.get([remote.remote(task, chunk) for chunk in chunks]))
    executor_for(engine)  # raises: not an engine
    raise AssertionError("unreachable")  # pragma: no cover


def _call(task: Callable[[Sequence[str]], _T], chunk: Sequence[str]) -> _T:
    return task(chunk)


def _chunks(files: Iterable[str | os.PathLike[str]], chunk_size: int) -> list[list[str]]:
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise InvalidDefinitionError(f"chunk_size must be a whole number >= 1, not {chunk_size!r}")
    if isinstance(files, str | os.PathLike):
        raise InvalidDefinitionError(
            f"files must be an iterable of paths, not one path {shown(os.fspath(files))}"
        )
    paths = [os.fspath(f) for f in _expand(files)]
    return [paths[i : i + chunk_size] for i in range(0, len(paths), chunk_size)]


def _expand(files: Iterable[str | os.PathLike[str]]) -> Iterator[str | os.PathLike[str]]:
    """The files, a directory standing for the ``.phh`` and ``.phhs`` files under it (sorted)."""
    for entry in files:
        path = Path(entry)
        if path.is_dir():
            yield from sorted(
                p for p in path.rglob("*") if p.suffix.lower() in (".phh", ".phhs") and p.is_file()
            )
        else:
            yield entry


# --- statistics ----------------------------------------------------------------------------


def _stats_task(chunk: Sequence[str], *, repair: bool) -> Statistics:
    return Statistics.of_files(chunk, repair=repair)


def statistics_of_files(
    files: Iterable[str | os.PathLike[str]],
    *,
    engine: object = None,
    repair: bool = True,
    chunk_size: int = DEFAULT_FILES_PER_TASK,
) -> Statistics:
    """:meth:`Statistics.of_files <pokerrules.stats.Statistics.of_files>` of PHH ``files``
    (directories are searched), computed on ``engine`` chunk by chunk and merged."""
    parts = _run(partial(_stats_task, repair=repair), _chunks(files, chunk_size), engine)
    return sum(parts, Statistics())


# --- replay --------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class ReplaySummary:
    """What a bulk replay found: ``verdicts`` counts the hands by verdict (its value:
    ``'match'``, ...), ``repaired`` the hands repaired, and ``problems`` lists each hand that
    failed, differed from its record or could not be read, as ``(label, verdict, message)``,
    sorted. ``+`` merges two exactly."""

    verdicts: dict[str, int] = attrs.field(factory=dict)
    repaired: int = 0
    problems: tuple[tuple[str, str, str], ...] = ()

    def __add__(self, other: ReplaySummary) -> ReplaySummary:
        if not isinstance(other, ReplaySummary):
            return NotImplemented
        verdicts = dict(self.verdicts)
        for verdict, count in other.verdicts.items():
            verdicts[verdict] = verdicts.get(verdict, 0) + count
        return ReplaySummary(
            verdicts=dict(sorted(verdicts.items())),
            repaired=self.repaired + other.repaired,
            problems=tuple(sorted(self.problems + other.problems)),
        )

    @property
    def hands(self) -> int:
        """The hands replayed (or that could not be read)."""
        return sum(self.verdicts.values())


def _replay_task(chunk: Sequence[str], *, repair: bool) -> ReplaySummary:
    verdicts: dict[str, int] = {}
    repaired = 0
    problems: list[tuple[str, str, str]] = []

    def note(label: str, verdict: Verdict, message: str) -> None:
        verdicts[verdict.value] = verdicts.get(verdict.value, 0) + 1
        if verdict in _BAD:
            problems.append((label, verdict.value, message))

    for path in chunk:
        try:
            hands = list(read_each(path))
        except (PokerRulesError, OSError) as error:
            note(path, Verdict.FAILED, f"cannot read: {error}")
            continue
        for label, history in hands:
            if isinstance(history, PokerRulesError):
                note(label, Verdict.FAILED, f"cannot read: {history}")
                continue
            result = replay(history, repair=repair)
            repaired += bool(result.repairs)
            note(label, result.verdict, result.message)
    return ReplaySummary(
        verdicts=dict(sorted(verdicts.items())),
        repaired=repaired,
        problems=tuple(sorted(problems)),
    )


def replay_files(
    files: Iterable[str | os.PathLike[str]],
    *,
    engine: object = None,
    repair: bool = False,
    chunk_size: int = DEFAULT_FILES_PER_TASK,
) -> ReplaySummary:
    """Replay every hand of the PHH ``files`` (directories are searched) on ``engine``, with
    ``repair`` (:func:`~pokerrules.history.replay.replay`), and sum up the verdicts."""
    parts = _run(partial(_replay_task, repair=repair), _chunks(files, chunk_size), engine)
    return sum(parts, ReplaySummary())


# --- import --------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class ImportedFile:
    """One file's import: its ``path``, the ``hands`` converted, and ``errors``: why each hand
    that could not be converted was not (or why the file could not be read at all)."""

    path: str
    hands: tuple[HandHistory, ...] = ()
    errors: tuple[str, ...] = ()


def phh_importer(path: Path) -> Iterator[HandHistory | PokerRulesError]:
    """The importer of PHH files (an ``Importer``): each hand of a ``.phh`` or ``.phhs``
    file, or the error of a hand that cannot be read."""
    for _, history in read_each(path):
        yield history


def _import_one(importer: Importer, path: str) -> ImportedFile:
    hands: list[HandHistory] = []
    errors: list[str] = []
    try:
        for item in importer(Path(path)):
            if isinstance(item, HandHistory):
                hands.append(item)
            elif isinstance(item, PokerRulesError):
                errors.append(str(item))
            else:
                errors.append(f"the importer gave {shown(item)}, not a HandHistory")
    except (PokerRulesError, OSError) as error:
        errors.append(f"cannot import {path}: {error}")
    return ImportedFile(path=path, hands=tuple(hands), errors=tuple(errors))


def _import_task(chunk: Sequence[str], *, importer: Importer) -> list[ImportedFile]:
    return [_import_one(importer, path) for path in chunk]


def import_files(
    files: Iterable[str | os.PathLike[str]],
    importer: Importer,
    *,
    engine: object = None,
    chunk_size: int = DEFAULT_FILES_PER_TASK,
) -> list[ImportedFile]:
    """Import each file with ``importer`` (a picklable callable for process and cluster
    engines: a module-level function) on ``engine``; the results in the files' order."""
    if not callable(importer):
        raise InvalidDefinitionError(f"importer must be callable, not {shown(importer)}")
    parts = _run(partial(_import_task, importer=importer), _chunks(files, chunk_size), engine)
    return [imported for part in parts for imported in part]


def _import_stats_task(chunk: Sequence[str], *, importer: Importer, repair: bool) -> Statistics:
    total = Statistics()
    for imported in _import_task(chunk, importer=importer):
        total += Statistics.of(imported.hands, repair=repair)
        if imported.errors:
            total += Statistics(skipped={"not imported": len(imported.errors)})
    return total


def import_statistics(
    files: Iterable[str | os.PathLike[str]],
    importer: Importer,
    *,
    engine: object = None,
    repair: bool = True,
    chunk_size: int = DEFAULT_FILES_PER_TASK,
) -> Statistics:
    """Import the files with ``importer`` and compute their statistics where they were
    imported (only the counts travel back); a hand the importer could not convert is skipped
    as ``'not imported'``."""
    if not callable(importer):
        raise InvalidDefinitionError(f"importer must be callable, not {shown(importer)}")
    task = partial(_import_stats_task, importer=importer, repair=repair)
    return sum(_run(task, _chunks(files, chunk_size), engine), Statistics())

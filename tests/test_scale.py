"""Scale-out on real engines: a Dask LocalCluster (2 worker processes) and a local Ray
(``ray.init(num_cpus=2)``), each started once for the module, give exactly what one process
gives -- statistics, bulk replay, bulk import and equity sampling."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from pokerrules.equity import sample_equity
from pokerrules.errors import InvalidDefinitionError, PokerRulesError
from pokerrules.history.phh import HandHistory
from pokerrules.scale import (
    ReplaySummary,
    executor_for,
    import_files,
    import_statistics,
    phh_importer,
    replay_files,
    statistics_of_files,
)
from pokerrules.stats import Statistics
from tests.shared_data import PHH_SAMPLE

#: The cluster libraries' own deprecation notices are theirs, not ours.
pytestmark = pytest.mark.filterwarnings(
    "ignore::DeprecationWarning", "ignore::PendingDeprecationWarning", "ignore::ResourceWarning"
)

PLURIBUS = PHH_SAMPLE / "pokerkit-history" / "pluribus"
#: The hand that needs a repair, with the Pluribus hands: a modest load for a test.
WSOP_2019 = PHH_SAMPLE / "phh-dataset" / "data" / "wsop" / "2019"
FILES = [PLURIBUS, WSOP_2019]
EQUITY = {"hands": ["AsAh", "KsKd"], "samples": 4_000, "seed": 5, "chunk_size": 1_000}


@pytest.fixture(scope="module")
def one_process() -> tuple[Statistics, ReplaySummary]:
    return statistics_of_files(FILES), replay_files(FILES, repair=True)


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


@pytest.fixture(scope="module")
def ray_engine() -> Iterator[Any]:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()


def _pluribus_hands() -> list[HandHistory]:
    return [h for p in sorted(PLURIBUS.rglob("*.phh")) for h in phh_importer(p)]  # type: ignore[misc]


def test_one_process_sample_figures(one_process: tuple[Statistics, ReplaySummary]) -> None:
    stats, summary = one_process
    assert stats.hands == 99 and stats.skipped == {}
    assert stats.players["Pluribus"].hands == len(_pluribus_hands()) == 98
    assert summary.hands == 99 and summary.repaired == 1
    assert summary.verdicts == {"match": 91, "odd chip": 8} and summary.problems == ()
    assert replay_files(FILES).problems[0][:2] == (str(_wsop_file()), "failed")


def _wsop_file() -> Path:
    return next(WSOP_2019.rglob("*.phh"))


def test_thread_pool_gives_one_process_results(
    one_process: tuple[Statistics, ReplaySummary],
) -> None:
    stats, summary = one_process
    with ThreadPoolExecutor(2) as pool:
        assert statistics_of_files(FILES, engine=pool, chunk_size=13) == stats
        assert replay_files(FILES, engine=pool, repair=True) == summary
        assert import_statistics(FILES, phh_importer, engine=pool) == stats


def test_dask_cluster_statistics_replay_and_import_equal_one_process(
    dask_client: Any, one_process: tuple[Statistics, ReplaySummary]
) -> None:
    """Client.map over chunks of files; the merged counts are one process's exactly."""
    stats, summary = one_process
    assert len(dask_client.scheduler_info()["workers"]) == 2
    assert statistics_of_files(FILES, engine=dask_client) == stats
    assert replay_files(FILES, engine=dask_client, repair=True, chunk_size=5) == summary
    imported = import_files([PLURIBUS], phh_importer, engine=dask_client, chunk_size=3)
    assert [h for f in imported for h in f.hands] == _pluribus_hands()
    assert [Path(f.path).name for f in imported] == [
        p.name for p in sorted(PLURIBUS.rglob("*.phh"))
    ]
    assert import_statistics(FILES, phh_importer, engine=dask_client) == stats


def test_dask_statistics_of_the_whole_sample_print_the_documented_table(
    dask_client: Any,
) -> None:
    """The scale-out guide's run: the 200-hand sample on a two-worker LocalCluster prints
    the table the guide shows."""
    guide = Path(__file__).resolve().parent.parent / "docs" / "guides" / "scale-out.rst"
    printed = guide.read_text().split("It printed::\n\n", 1)[1].split("\n\n", 1)[0]
    lines = [line.removeprefix("    ") for line in printed.splitlines()]
    stats = statistics_of_files([PHH_SAMPLE], engine=dask_client)
    assert f"{stats.hands} hands counted, skipped: {stats.skipped}" == lines[0]
    assert stats.table(by="position").splitlines() == lines[1:-1]
    pluribus = stats.players["Pluribus"]
    assert f"{pluribus.hands} {pluribus.vpip} {pluribus.pfr} {pluribus.bb_per_100}" == lines[-1]


def test_dask_executor_samples_equity_like_one_process(dask_client: Any) -> None:
    """The documented path, ``executor=client.get_executor()``, once raised "Dask no longer
    supports mapping over Iterators"; it now gives the one-process result exactly."""
    here = sample_equity(**EQUITY)  # type: ignore[arg-type]
    assert sample_equity(**EQUITY, executor=dask_client.get_executor()) == here  # type: ignore[arg-type]
    assert sample_equity(**EQUITY, executor=executor_for(dask_client)) == here  # type: ignore[arg-type]


def test_ray_statistics_replay_import_and_equity_equal_one_process(
    ray_engine: Any, one_process: tuple[Statistics, ReplaySummary]
) -> None:
    stats, summary = one_process
    assert ray_engine.cluster_resources()["CPU"] == 2
    assert statistics_of_files(FILES, engine=ray_engine) == stats
    assert replay_files(FILES, engine="ray", repair=True, chunk_size=5) == summary
    imported = import_files([PLURIBUS], phh_importer, engine=ray_engine, chunk_size=4)
    assert [h for f in imported for h in f.hands] == _pluribus_hands()
    here = sample_equity(**EQUITY)  # type: ignore[arg-type]
    assert sample_equity(**EQUITY, executor=executor_for(ray_engine)) == here  # type: ignore[arg-type]


def _failing_importer(path: Path) -> Iterator[HandHistory | PokerRulesError]:
    if path.suffix == ".phh":
        yield from phh_importer(path)
    yield PokerRulesError(f"{path.name}: not a hand")


def test_importer_errors_are_kept_per_file_and_skipped_in_statistics() -> None:
    files = sorted(PLURIBUS.rglob("*.phh"))[:3]
    imported = import_files(files, _failing_importer)
    assert [len(f.hands) for f in imported] == [1, 1, 1]
    assert imported[0].errors == (f"{files[0].name}: not a hand",)
    stats = import_statistics(files, _failing_importer)
    assert stats.hands == 3 and stats.skipped == {"not imported": 3}


def test_bad_engines_and_arguments_are_refused() -> None:
    with pytest.raises(InvalidDefinitionError, match="engine must be"):
        statistics_of_files([PLURIBUS], engine=object())
    with pytest.raises(InvalidDefinitionError, match="chunk_size"):
        replay_files([PLURIBUS], chunk_size=0)
    with pytest.raises(InvalidDefinitionError, match="one path"):
        replay_files(str(PLURIBUS))
    with pytest.raises(InvalidDefinitionError, match="importer must be callable"):
        import_files([PLURIBUS], "phh")  # type: ignore[arg-type]
    assert executor_for(None) is None

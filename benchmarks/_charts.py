"""The bar chart the benchmark pages show: one bar per piece of work, pokerrules' speed as a
multiple of the peer library's, with a line at 1 (the peer)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


def ratio_chart(
    names: Sequence[str],
    ratios: Sequence[float],
    path: Path,
    *,
    size: tuple[float, float],
    peer: str = "pokerkit",
) -> None:
    """Write to ``path`` a horizontal bar for each ``ratios[k]`` (the peer's time over
    pokerrules'), labelled ``names[k]`` and ``2.5x``, first at the top."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=size)
    bars = ax.barh(list(names), list(ratios), color="#3b6ea8")
    ax.axvline(1, color="#888888", linewidth=1)
    ax.bar_label(bars, labels=[f"{r:.1f}x" for r in ratios], padding=3)
    ax.set_xlabel(f"pokerrules speed relative to {peer} ({peer} = 1)")
    ax.invert_yaxis()
    ax.set_xlim(0, max(ratios) * 1.2)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)

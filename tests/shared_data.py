"""Where the tests find the public sample data that is not ours to ship.

The sample hand histories live in a ``shared`` folder beside the checkout (CI lays it there).
Their licences are their authors', so the project never copies them in. ``POKERRULES_SHARED``
points elsewhere when the folder lives somewhere else.
"""

from __future__ import annotations

import os
from pathlib import Path

#: The folder beside the checkout that holds the shared samples.
SHARED = Path(
    os.environ.get("POKERRULES_SHARED", Path(__file__).resolve().parent.parent.parent / "shared")
)

#: 200 public PHH hand histories (see SOURCES.txt there).
PHH_SAMPLE = SHARED / "phh_sample"

#: Real online-site hand histories from several sites (see SOURCES.tsv there).
HH_SAMPLE = SHARED / "hh_sample"

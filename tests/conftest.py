"""Shared test configuration: Hypothesis profiles.

The default profile runs a moderate number of examples with no deadline (CI machines are
noisy). Tests that must run a set number of examples say so with ``@settings(max_examples=N)``.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    deadline=None,
    max_examples=100,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("default")

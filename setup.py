"""Build the optional compiled evaluation core.

Everything else about the package is in pyproject.toml. The C extension is optional: when it
cannot be compiled (no compiler, a failing one), the build says so and the package installs
without it, and pokerrules evaluates hands in pure Python (``pokerrules.evaluation.BACKEND``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """Build extensions, but treat a failure as "no compiled core" instead of an error."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # any build failure means the fallback
            self._skip(error)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            self._skip(error)

    def _skip(self, error: Exception) -> None:
        print(
            f"warning: the compiled core of pokerrules was not built ({error}); "
            "hands are evaluated in pure Python",
            file=sys.stderr,
        )


#: The compiled core's C files, one per concept (see core.h), built into one extension.
CORE = Path("src/pokerrules/evaluation/ccore")

extensions = []
if os.environ.get("POKERRULES_PURE_PYTHON", "") in ("", "0"):
    extensions.append(
        Extension(
            "pokerrules.evaluation._native",
            sources=sorted(path.as_posix() for path in CORE.glob("*.c")),
            depends=[(CORE / "core.h").as_posix()],
            extra_compile_args=[] if os.name == "nt" else ["-O3"],
        )
    )

setup(ext_modules=extensions, cmdclass={"build_ext": OptionalBuildExt})

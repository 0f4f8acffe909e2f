"""Installing without a working compiler: the package installs and runs in pure Python.

A real ``pip install`` of a clean copy of the project into a fresh virtual environment, with
``CC`` set to a program that fails. The compiled core is optional, so the install must
succeed, report ``BACKEND == "python"`` and evaluate hands.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROBE = """
import pokerrules, pokerrules.evaluation as e
from pokerrules import parse_cards, evaluate_high
assert pokerrules.__file__.startswith({prefix!r}), pokerrules.__file__
print(e.BACKEND, evaluate_high(parse_cards("As Ks Qs Js Ts 2c 3d")).describe())
"""


def _clean_copy(target: Path) -> None:
    ignore = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "*.egg-info", "build")
    shutil.copytree(ROOT / "src", target / "src", ignore=ignore)
    for name in ("setup.py", "pyproject.toml", "README.md", "LICENSE", "MANIFEST.in"):
        shutil.copy2(ROOT / name, target / name)


@pytest.mark.slow
def test_an_install_with_a_failing_compiler_falls_back_to_pure_python(tmp_path: Path) -> None:
    source, env_dir = tmp_path / "project", tmp_path / "env"
    _clean_copy(source)
    failing = tmp_path / "failing-cc"
    failing.write_text("#!/bin/sh\necho 'this compiler always fails' >&2\nexit 1\n")
    failing.chmod(0o755)
    # the environment sees the outer one's packages (setuptools, attrs), so the install needs
    # neither the network nor build isolation; pokerrules itself comes only from the copy
    venv.create(env_dir, with_pip=False, system_site_packages=False)
    python = env_dir / "bin" / "python"
    site = subprocess.check_output(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        text=True,
    ).strip()
    outer = [p for p in sys.path if p.endswith("site-packages")]
    Path(site, "outer.pth").write_text("\n".join(outer) + "\n")
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "POKERRULES_PURE_PYTHON")
    }
    env |= {"CC": str(failing), "LDSHARED": f"{failing} -shared"}
    install = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--verbose",
            "--no-deps",
            "--no-build-isolation",
            "--no-cache-dir",
            "--disable-pip-version-check",
            str(source),
        ],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    assert "this compiler always fails" in install.stdout + install.stderr  # it was tried
    assert "compiled core of pokerrules was not built" in install.stdout + install.stderr
    installed = list(Path(site, "pokerrules", "evaluation").glob("_native*"))
    assert [p.name for p in installed] == []  # no compiled core was built
    probe = subprocess.run(
        [str(python), "-c", PROBE.format(prefix=site)],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.split() == ["python", "Royal", "flush"]

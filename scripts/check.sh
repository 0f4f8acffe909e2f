#!/usr/bin/env bash
# The whole test suite: install with the dev extra, lint, type-check, test (with doctests),
# build the docs with warnings as errors and check what they show, run every example script, and
# build, check and install the sdist and wheel into a fresh environment for a smoke test.
set -euo pipefail
cd "$(dirname "$0")/.."

python -m pip install --quiet --disable-pip-version-check -e '.[dev,dask,ray,pandas,rl,web]'

echo "== ruff check";        python -m ruff check .
echo "== ruff format";       python -m ruff format --check .
echo "== mypy --strict";     python -m mypy --strict
echo "== pytest";            python -m pytest -q "$@"
echo "== pytest, pure-Python evaluation"; POKERRULES_PURE_PYTHON=1 python -m pytest -q -m "not slow" tests/test_evaluation.py tests/test_evaluation_native.py tests/test_evaluation_batch.py tests/test_equity.py
echo "== sphinx -W";         python -m sphinx -W --keep-going -q -b html docs docs/_build/html
echo "== docs content";      python scripts/check_docs.py docs/_build/html
echo "== examples"
for script in examples/*.py; do
    echo "-- $script"
    python "$script" > /dev/null
done
echo "== package";           bash scripts/package_check.sh
echo "== all checks passed"

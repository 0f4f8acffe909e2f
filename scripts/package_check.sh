#!/usr/bin/env bash
# Build the sdist and the wheel, check their metadata with twine, install the wheel into a
# fresh virtual environment and run the demo and a smoke test from outside the source tree:
# a file missing from the wheel (package data, the typing marker) fails here.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python -m build --outdir "$work/dist" . > "$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
python -m twine check --strict "$work"/dist/*
python -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --disable-pip-version-check "$work"/dist/*.whl
cd "$work"   # outside the source tree: only the installed wheel can be imported
"$work/venv/bin/pokerrules" demo > /dev/null
"$work/venv/bin/python" "$root/scripts/smoke_test.py"
echo "package check passed: $(cd "$work/dist" && ls | tr '\n' ' ')"

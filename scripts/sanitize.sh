#!/usr/bin/env bash
# Run the compiled core's tests once under AddressSanitizer (and UndefinedBehaviorSanitizer).
#
# The core is rebuilt with -fsanitize=address,undefined in a temporary copy of src/, which is
# put first on PYTHONPATH; the sanitizer runtime is preloaded into the (uninstrumented)
# interpreter. Leak checking is off: CPython keeps objects alive until exit on purpose.
# Any invalid read or write, or undefined behaviour, aborts the run with a report.
#
#   bash scripts/sanitize.sh            # the native, batch and equity tests
#   bash scripts/sanitize.sh -k fuzz    # extra pytest arguments are passed on
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cp -r src setup.py pyproject.toml README.md LICENSE "$work"/
find "$work/src" -name '*.so' -delete
(cd "$work" && CFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -O1 -g" \
    LDFLAGS="-fsanitize=address,undefined" \
    "$PYTHON" setup.py -q build_ext --inplace)
ls "$work"/src/pokerrules/evaluation/_native*.so > /dev/null  # the build must have worked

runtime="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)"
PYTHONPATH="$work/src" LD_PRELOAD="$runtime" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$PYTHON" -c "import pokerrules.evaluation as e, sys; sys.exit(e.BACKEND != 'compiled' or not e._core.native.__file__.startswith('$work'))"
PYTHONPATH="$work/src" LD_PRELOAD="$runtime" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$PYTHON" -m pytest -q -p no:cacheprovider -m "not slow" \
    tests/test_evaluation_native.py tests/test_evaluation_batch.py tests/test_equity.py "$@"
echo "== the compiled core's tests pass under AddressSanitizer and UBSan"

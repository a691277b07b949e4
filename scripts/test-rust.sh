#!/usr/bin/env bash
# `just test-rust`: every Rust test of the workspace (nextest when installed), then a summary line
# counting the tests that ran without their PostgreSQL half. Outside CI an unreachable PostgreSQL
# skips that half (adapter_postgres::testing::TestDb); nextest hides a passing test's stderr, so
# each skip is appended to a file under the target dir, reset here first. Extra arguments go to
# the test runner (`scripts/test-rust.sh -E 'package(wechat)'`).
set -uo pipefail
cd "$(dirname "$0")/.."

target="${CARGO_TARGET_DIR:-target}"
mkdir -p "$target"
COURTYARD_POSTGRES_SKIPS="$(cd "$target" && pwd)/postgres-skips.log"
export COURTYARD_POSTGRES_SKIPS
rm -f "$COURTYARD_POSTGRES_SKIPS"

if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --no-fail-fast "$@"
else
  cargo test --workspace --no-fail-fast "$@"
fi
status=$?

if [ -s "$COURTYARD_POSTGRES_SKIPS" ]; then
  # One line per skip: <test>\t<test binary>\t<why>; a test may skip more than once.
  count=$(cut -f1,2 "$COURTYARD_POSTGRES_SKIPS" | sort -u | wc -l)
  why=$(head -n 1 "$COURTYARD_POSTGRES_SKIPS" | cut -f3)
  if [ "$count" = 1 ]; then what="1 test ran without its"; else what="$count tests ran without their"; fi
  printf '\nWARNING: %s PostgreSQL half: %s\n' "$what" "$why"
  printf 'Start PostgreSQL (or set TEST_POSTGRES_URL) to run them on both engines; the list is in %s\n' \
    "$COURTYARD_POSTGRES_SKIPS"
fi
exit "$status"

#!/usr/bin/env bash
# The end-to-end suite in E2E_SHARDS shards (default 2) at once: each shard is its own Playwright
# run with its own app-server, SQLite file and fakes (e2e/server.mjs) on its own ports, so no
# test sees another's data. On two cores this takes the suite from one long queue to two shorter
# ones (docs/testing.md). Arguments go to every `playwright test` (a spec file, -g, …).
set -euo pipefail
cd "$(dirname "$0")/.."

shards=${E2E_SHARDS:-2}
base=${E2E_BASE_PORT:-4180}
pids=()
for i in $(seq 1 "$shards"); do
  port=$((base + (i - 1) * 10))
  (
    export E2E_PORT=$port E2E_FAKE_PORT=$((port + 1))
    export E2E_OUTPUT_DIR="test-results/shard-$i" E2E_REPORT_DIR="playwright-report/shard-$i"
    npx playwright test --shard="$i/$shards" "$@" 2>&1 | sed -u "s/^/[shard $i\/$shards] /"
  ) &
  pids+=("$!")
done

failed=0
for i in "${!pids[@]}"; do
  if ! wait "${pids[$i]}"; then
    echo "e2e shard $((i + 1))/$shards FAILED (traces in frontend/test-results/shard-$((i + 1)))"
    failed=1
  fi
done
exit "$failed"

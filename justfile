# Courtyard's tasks. `just` lists them.

set shell := ["bash", "-euo", "pipefail", "-c"]

# Serve on 127.0.0.1:8080 unless HOST/PORT say otherwise.
export HOST := env_var_or_default("HOST", "127.0.0.1")
export PORT := env_var_or_default("PORT", "8080")

default:
    @just --list

# Build the SPA, migrate the database (SQLite under ./data by default) and serve http://127.0.0.1:8080
run: build
    cargo run --release -p app-server -- serve

# Install the frontend's dependencies exactly as locked
frontend-deps:
    cd frontend && if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi

# Build the SPA into frontend/dist (typechecked first)
build: frontend-deps
    cd frontend && npm run build

# The SPA for the end-to-end and fuzzing runs of `just test`, whose test-frontend has typechecked already
build-for-tests: frontend-deps
    cd frontend && npx vite build

# Bring the database schema up to date
migrate:
    cargo run --release -p app-server -- migrate

# Create an administrator (password from COURTYARD_ADMIN_PASSWORD or standard input)
admin-create username="admin":
    cargo run --release -p app-server -- admin create --username {{username}}

# Every test: Rust (SQLite and PostgreSQL) and the frontend's checks and unit tests at once, then end to end in Chromium, then API fuzzing
test: frontend-deps
    #!/usr/bin/env bash
    set -uo pipefail
    # The Rust tests wait on databases, servers and timers more than they use the CPU (about a
    # third of two cores once compiled), so the frontend's typecheck, lint and vitest run beside
    # them (docs/testing.md, "Time"). The frontend's output is kept and printed once it ends.
    log="$(mktemp)"
    ( just test-frontend >"$log" 2>&1 ) &
    frontend=$!
    just test-rust; rust=$?
    wait "$frontend"; front=$?
    echo; echo "==> just test-frontend (ran beside test-rust)"; cat "$log"; rm -f "$log"
    if [ "$rust" -ne 0 ] || [ "$front" -ne 0 ]; then
        echo "just test: test-rust exited $rust, test-frontend exited $front" >&2
        exit 1
    fi
    just test-e2e && just test-api

# Rust: domain units, adapters and the API on SQLite and PostgreSQL (reports tests that skipped PostgreSQL)
test-rust:
    scripts/test-rust.sh

# Frontend: types, lint, vitest
test-frontend: frontend-deps
    cd frontend && npm run typecheck && npm run lint && npm test

# The debug app-server for end to end and fuzzing, built as the Rust tests build it (`cargo test --no-run`): after `just test-rust` nothing compiles, where `cargo build -p app-server` would compile it again without the test-only features its dev-dependencies switch on (adapter-postgres/testing, adapter-llm/fake: modules the server never calls), 1.5 min in every CI run
app-server-for-tests:
    cargo test --workspace --no-run --quiet

# End to end: Playwright drives Debian's Chromium against app-server serving the built SPA, in two shards at once (E2E_SHARDS), each with its own server and database
test-e2e: build-for-tests app-server-for-tests
    cd frontend && node scripts/e2e-shards.mjs

# Not a test: PNGs of the main pages (zh/en, light/dark, desktop/phone) in frontend/e2e/artifacts/ to look at
screenshots: build
    cargo build -p app-server
    cd frontend && npx playwright test -c playwright.screenshots.config.ts

# API fuzzing: schemathesis against /api/docs.json, once with a session and once with a token
test-api: build-for-tests app-server-for-tests
    scripts/api-fuzz.sh

# The API contract: the OpenAPI document written from the code (frontend/src/lib/api/openapi.json) and the frontend's types generated from it (schema.gen.ts)
api-types: frontend-deps
    cargo run -q -p app-server -- openapi > frontend/src/lib/api/openapi.json.tmp
    mv frontend/src/lib/api/openapi.json.tmp frontend/src/lib/api/openapi.json
    cd frontend && npm run -s api-types

# The gzip size of the JS every page loads first (budget: 150 KB, issue 21)
size: build
    cd frontend && npm run size

# Page speed and weight (docs/benchmarks.md): Lighthouse, mobile and desktop, on /, /plaza, /group/{id}, an article, a profile and /developers/api against the release app-server; performance, LCP, TBT, CLS and the initial JS against their targets
bench-web: build
    cargo build --release -p app-server
    cd frontend/bench && if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi
    cd frontend/bench && node lighthouse.mjs

# Benchmarks (docs/benchmarks.md), every figure with its target and ✓/✗: app-server against a bare actix-web hello and pgbench -S in the same run, and its footprint; the pages people open most (wrk, SQLite and PostgreSQL); chat first-token overhead and 1000 streams (SQLite and PostgreSQL); a sign-in flood; a 12-megapixel upload; search relevance (SQLite and PostgreSQL) and a million posts (PostgreSQL); the busy pages at 10 000, 100 000 and 1 000 000 posts (PostgreSQL). Runs every part, then fails if one missed a target
bench:
    #!/usr/bin/env bash
    set -uo pipefail
    if ! command -v wrk >/dev/null; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null || exit 1
    fi
    cargo build --release -p app-server --example bench_hello || exit 1
    failed=()
    part() { echo; echo "=== $*"; "$@" || failed+=("$*"); }
    part cargo bench -p app-server --bench ratios
    part cargo bench -p app-server --bench pages
    part cargo bench -p app-server --bench chat
    pg="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
    if psql "$pg" -qtAc 'SELECT 1' >/dev/null 2>&1; then
        db="courtyard_bench_$$"
        psql "$pg" -qc "CREATE DATABASE $db" >/dev/null
        part env BENCH_DATABASE_URL="${pg%/*}/$db" cargo bench -p app-server --bench chat
        psql "$pg" -qc "DROP DATABASE $db WITH (FORCE)" >/dev/null
    else
        echo "PostgreSQL does not answer at $pg: chat on PostgreSQL not measured ✗"
        failed+=("chat on PostgreSQL")
    fi
    part cargo bench -p app-server --bench sign_in_flood
    part cargo bench -p app-server --bench groups
    part cargo bench -p app-server --bench notifications
    part cargo bench -p moderation --bench word_list
    if psql "$pg" -qtAc 'SELECT 1' >/dev/null 2>&1; then
        db="courtyard_bench_s_$$"
        psql "$pg" -qc "CREATE DATABASE $db" >/dev/null
        part env BENCH_DATABASE_URL="${pg%/*}/$db" cargo bench -p adapter-postgres --features testing --bench search
        psql "$pg" -qc "DROP DATABASE $db WITH (FORCE)" >/dev/null
    else
        echo "PostgreSQL does not answer at $pg: search not measured ✗"
        failed+=("search")
    fi
    if psql "$pg" -qtAc 'SELECT 1' >/dev/null 2>&1; then
        db="courtyard_bench_n_$$"
        psql "$pg" -qc "CREATE DATABASE $db" >/dev/null
        part env BENCH_DATABASE_URL="${pg%/*}/$db" cargo bench -p app-server --bench notifications
        psql "$pg" -qc "DROP DATABASE $db WITH (FORCE)" >/dev/null
    fi
    if psql "$pg" -qtAc 'SELECT 1' >/dev/null 2>&1; then
        db="courtyard_bench_g_$$"
        psql "$pg" -qc "CREATE DATABASE $db" >/dev/null
        part env BENCH_DATABASE_URL="${pg%/*}/$db" cargo bench -p app-server --bench growth
        psql "$pg" -qc "DROP DATABASE $db WITH (FORCE)" >/dev/null
    else
        echo "PostgreSQL does not answer at $pg: growth not measured ✗"
        failed+=("growth")
    fi
    part just bench-web
    echo
    if [ ${#failed[@]} -eq 0 ]; then echo "just bench: every part met its targets ✓"; else printf 'just bench: missed a target ✗ in: %s\n' "${failed[@]}"; exit 1; fi

# Formatting and lints, Rust and TypeScript
lint: frontend-deps
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings
    cd frontend && npm run lint && npm run format:check

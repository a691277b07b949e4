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

# Build the SPA into frontend/dist
build: frontend-deps
    cd frontend && npm run build

# Bring the database schema up to date
migrate:
    cargo run -p app-server -- migrate

# Create an administrator (password from COURTYARD_ADMIN_PASSWORD or standard input)
admin-create username="admin":
    cargo run -p app-server -- admin create --username {{username}}

# Every test: Rust (SQLite and PostgreSQL), frontend unit tests, end to end in Chromium, API fuzzing
test: test-rust test-frontend test-e2e test-api

# Rust: domain units, adapters and the API on SQLite and PostgreSQL (reports tests that skipped PostgreSQL)
test-rust:
    scripts/test-rust.sh

# Frontend: types, lint, vitest
test-frontend: frontend-deps
    cd frontend && npm run typecheck && npm run lint && npm test

# End to end: Playwright drives Debian's Chromium against app-server serving the built SPA, in two shards at once (E2E_SHARDS), each with its own server and database
test-e2e: build
    cargo build -p app-server
    cd frontend && node scripts/e2e-shards.mjs

# Not a test: PNGs of the main pages (zh/en, light/dark, desktop/phone) in frontend/e2e/artifacts/ to look at
screenshots: build
    cargo build -p app-server
    cd frontend && npx playwright test -c playwright.screenshots.config.ts

# API fuzzing: schemathesis against /api/docs.json, once with a session and once with a token
test-api: build
    cargo build -p app-server
    scripts/api-fuzz.sh

# The API contract: the OpenAPI document written from the code (frontend/src/lib/api/openapi.json) and the frontend's types generated from it (schema.gen.ts)
api-types: frontend-deps
    cargo run -q -p app-server -- openapi > frontend/src/lib/api/openapi.json.tmp
    mv frontend/src/lib/api/openapi.json.tmp frontend/src/lib/api/openapi.json
    cd frontend && npm run -s api-types

# The gzip size of the JS that `/` loads first (budget: 120 KB)
size: build
    cd frontend && npm run size

# Page speed and weight (docs/benchmarks.md): Lighthouse, mobile and desktop, on /, /plaza, /group/{id} and /developers/api against the release app-server; performance, LCP, TBT, CLS and the initial JS against their targets
bench-web: build
    cargo build --release -p app-server
    cd frontend && node scripts/lighthouse.mjs

# Benchmarks (docs/benchmarks.md): chat first-token overhead at 1 and 200 streams, CPU and memory at 1000; a sign-in flood's memory and the p95 of other requests during it; the group home's statements and latency at 50 readers and a 12-megapixel upload; the plaza feed's statements, requests per second and p99 at 50 connections (first and a deep page); on SQLite and PostgreSQL
bench:
    cargo bench -p app-server --bench chat
    cargo bench -p app-server --bench sign_in_flood
    cargo bench -p app-server --bench groups
    cargo bench -p app-server --bench plaza

# Formatting and lints, Rust and TypeScript
lint: frontend-deps
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings
    cd frontend && npm run lint && npm run format:check

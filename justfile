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

# Rust: domain units, adapters and the API on SQLite and PostgreSQL
test-rust:
    if cargo nextest --version >/dev/null 2>&1; then cargo nextest run --workspace --no-fail-fast; else cargo test --workspace --no-fail-fast; fi

# Frontend: types, lint, vitest
test-frontend: frontend-deps
    cd frontend && npm run typecheck && npm run lint && npm test

# End to end: Playwright drives Debian's Chromium against app-server serving the built SPA
test-e2e: build
    cargo build -p app-server
    cd frontend && npx playwright test

# API fuzzing: schemathesis against /api/docs.json, once with a session and once with a token
test-api: build
    cargo build -p app-server
    scripts/api-fuzz.sh

# The gzip size of the JS that `/` loads first (budget: 150 KB)
size: build
    cd frontend && npm run size

# Chat benchmark: first-token overhead through app-server at 1 and 200 streams, CPU and memory at 1000 (docs/benchmarks.md)
bench:
    cargo bench -p app-server --bench chat

# Formatting and lints, Rust and TypeScript
lint: frontend-deps
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings
    cd frontend && npm run lint && npm run format:check

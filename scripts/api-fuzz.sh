#!/usr/bin/env bash
# Property-based API tests: schemathesis reads the running server's own /api/docs.json, generates
# valid and invalid requests for every operation and checks each answer: no 5xx, a documented
# status code, a documented content type and a body that matches the documented schema. It runs
# twice, once signed in with a browser session and once with a personal access token holding every
# scope, against the debug app-server over a fresh SQLite file with the local fakes for SMS, WeChat
# and the AI provider (frontend/e2e/server.mjs). See docs/testing.md, "API fuzzing".
#
# Needs: python3 (3.10+) with venv, node, curl, the built SPA (frontend/dist) and the debug
# app-server (`just app-server-for-tests`, honouring CARGO_TARGET_DIR). `just test-api` builds both.
set -euo pipefail
cd "$(dirname "$0")/.."

SCHEMATHESIS_VERSION=4.32.5
# Exact versions of schemathesis and everything it pulls in, so a seed means the same requests on
# every machine (hypothesis' generators change between releases).
REQUIREMENTS=scripts/api-fuzz-requirements.txt
VENV="${API_FUZZ_VENV:-$HOME/.cache/courtyard/venv-schemathesis}"
# Not Playwright's 4180/4181, so `just test-e2e` and this can run side by side.
PORT="${API_FUZZ_PORT:-4280}"
FAKE_PORT="${API_FUZZ_FAKE_PORT:-4281}"
BASE="http://127.0.0.1:$PORT"
ORIGIN_HEADER="Origin: $BASE"
# Test cases per operation and phase (--max-examples): small enough that both runs take well under
# a minute on 2 cores, large enough that every operation answers more than its refusals.
MAX_EXAMPLES="${API_FUZZ_MAX_EXAMPLES:-15}"
SEED="${API_FUZZ_SEED:-20260521}"

step() { printf '\n==> %s\n' "$*"; }
die() { printf 'api-fuzz: %s\n' "$*" >&2; exit 1; }

# --- schemathesis in a virtualenv outside the clone, reused while the pins are unchanged ---
step "schemathesis $SCHEMATHESIS_VERSION"
grep -qx "schemathesis==$SCHEMATHESIS_VERSION" "$REQUIREMENTS" \
  || die "$REQUIREMENTS does not pin schemathesis==$SCHEMATHESIS_VERSION"
pins="$(sha256sum "$REQUIREMENTS" | cut -d' ' -f1)"
if [ "$(cat "$VENV/.courtyard-pins" 2>/dev/null)" != "$pins" ] || [ ! -x "$VENV/bin/schemathesis" ]; then
  rm -rf "$VENV"
  python3 -m venv "$VENV" || die "python3 -m venv failed (Debian: apt-get install python3-venv)"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check --no-input -r "$REQUIREMENTS"
  echo "$pins" >"$VENV/.courtyard-pins"
fi
st="$VENV/bin/schemathesis"
"$st" --version | grep -qx "schemathesis, version $SCHEMATHESIS_VERSION" \
  || die "$VENV holds $("$st" --version), not $SCHEMATHESIS_VERSION"

# --- the server under test ---
step "app-server on $BASE (fakes on :$FAKE_PORT)"
for p in "$PORT" "$FAKE_PORT"; do
  # Something already answering there would be fuzzed instead of a fresh server.
  if curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$p/"; then
    die "port $p is taken; set API_FUZZ_PORT / API_FUZZ_FAKE_PORT"
  fi
done
work="$(mktemp -d "${TMPDIR:-/tmp}/courtyard-api-fuzz.XXXXXX")"
server_pid=""
cleanup() {
  local status=$?
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  if [ "$status" != 0 ] || [ -n "${API_FUZZ_KEEP:-}" ]; then
    echo "api-fuzz: the server's log and schemathesis' NDJSON reports are in $work" >&2
    # Errors and warnings only: every request is logged at info.
    grep -aE ' (ERROR|WARN) ' "$work/server.log" | tail -n 20 >&2 || true
  else
    rm -rf "$work"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# RUST_LOG=info: every request is logged with its status, to match a failure to the server's side.
# RATE_AI_CHAT: both runs chat as the same admin, and the session run alone sends more than the
# default 20 a minute; at the default the token run would only ever see 429 and never a stream.
# Every other limit stays as server.mjs sets it: their 429s are documented and checked.
E2E_PORT="$PORT" E2E_FAKE_PORT="$FAKE_PORT" RUST_LOG="${RUST_LOG:-info}" RATE_AI_CHAT=1000/60 \
  node frontend/e2e/server.mjs >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
  kill -0 "$server_pid" 2>/dev/null || die "the server exited at start: $(tail -n 20 "$work/server.log")"
  curl -sf -o /dev/null --max-time 2 "$BASE/api/health" && break
  sleep 0.2
done
curl -sf -o /dev/null --max-time 2 "$BASE/api/health" || die "no answer from $BASE/api/health"
# Read from a file, not from the URL: schemathesis leaves out the operation that served the
# document it reads, and GET /api/docs.json is an operation like the others.
curl -sSf --max-time 10 -o "$work/docs.json" "$BASE/api/docs.json"

# POST a JSON body with this browser's Origin (the server refuses cross-site writes); the answer
# goes to stdout, and a non-2xx answer fails the script with its body on stderr.
post_json() {
  local path=$1 body=$2
  shift 2
  curl -sS --fail-with-body --max-time 10 -H "$ORIGIN_HEADER" -H 'Content-Type: application/json' \
    "$@" --data "$body" "$BASE$path" || die "POST $path failed"
}

login() {
  local jar="$work/cookies.$RANDOM"
  post_json /api/auth/username/login '{"username":"admin","password":"e2e-admin-password"}' \
    -c "$jar" >/dev/null
  awk '$6 == "courtyard_session" { print $7 }' "$jar"
}

# Fails unless the credential still signs in: a run whose credential died half-way would get
# documented 401s everywhere and pass without testing anything behind sign-in.
still_signed_in() {
  local answer
  answer="$(curl -sS --max-time 10 "$@" "$BASE/api/auth/token")"
  grep -q '"isAuthenticated":true' <<<"$answer" || die "the credential died during the run: $answer"
}

failed=()
# The checks are in scripts/api-fuzz.toml; API_FUZZ_CHECKS (a comma-separated list) replaces them.
checks=()
[ -n "${API_FUZZ_CHECKS:-}" ] && checks=(--checks "$API_FUZZ_CHECKS")
config="$PWD/scripts/api-fuzz.toml"
# fuzz NAME session|bearer [--exclude-name 'METHOD /path']... [schemathesis options]...
fuzz() {
  local name=$1 scheme=$2
  shift 2
  local excluded=() arg prev=""
  for arg in "$@"; do
    [ "$prev" = --exclude-name ] && excluded+=("$arg")
    prev=$arg
  done
  step "schemathesis: $name"
  # --phases: examples (the document's own examples), coverage (boundary and invalid values of
  #   every field, missing bodies, wrong types) and fuzzing (random valid and invalid data). The
  #   stateful phase chains operations by links and would blow the time budget.
  # --generation-with-security-parameters false: only the credential given here is sent; otherwise
  #   random cookies and bearer tokens replace it and most requests end at 401.
  # From the temporary folder: schemathesis keeps a cache (.schemathesis/, with the failures it
  # replays first next time) in its working directory; a fresh one each run keeps the seed the
  # only input and the clone clean. --generation-database none: no .hypothesis/ either.
  (cd "$work" && "$st" --config-file "$config" run "$work/docs.json" --url "$BASE" \
    "${checks[@]}" \
    --phases examples,coverage,fuzzing \
    --max-examples "$MAX_EXAMPLES" \
    --seed "$SEED" \
    --workers 2 \
    --request-timeout 15 \
    --generation-with-security-parameters false \
    --generation-database none \
    --no-color \
    --report ndjson --report-dir "$work/report-$name" \
    "$@") || return 1
  # Schemathesis passes an operation it could not test, and a run whose credential was refused;
  # this fails both, and prints what was tested.
  "$VENV/bin/python" scripts/api-fuzz-verify.py \
    "$work/report-$name"/ndjson-*.ndjson "$work/docs.json" "$scheme" "${excluded[@]}"
}

# 1. A browser session. Excluded here, because they would end the very session the run uses
#    (schemathesis feeds ids it saw in earlier answers, e.g. GET /api/auth/sessions, into later
#    requests): logging out, and signing out a device by id. The token run below calls both.
session="$(login)"
[ -n "$session" ] || die "no session cookie from the login"
fuzz session session \
  -H "Cookie: courtyard_session=$session" -H "$ORIGIN_HEADER" \
  --exclude-name 'POST /api/auth/logout' \
  --exclude-name 'DELETE /api/auth/sessions/{id}' \
  || failed+=(session)
still_signed_in -H "Cookie: courtyard_session=$session"

# 2. A personal access token with every scope, made only now: the session run may revoke any token
#    it sees listed. Nothing is excluded: this run cannot end its own token (every /api/tokens
#    operation refuses tokens), and it may end the session above, which is no longer needed.
token="$(post_json /api/tokens \
  '{"name":"fuzz","scopes":["account:read","account:write","ai:read","ai:write","groups:read","groups:write","plaza:read","plaza:write","notifications:read","notifications:write","admin:read","admin:write"],"expiresInDays":7}' \
  -H "Cookie: courtyard_session=$session" \
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["secret"])')"
fuzz token bearer -H "Authorization: Bearer $token" || failed+=(token)
still_signed_in -H "Authorization: Bearer $token"

[ "${#failed[@]}" = 0 ] || die "schemathesis found failures in the ${failed[*]} run(s); see above"
step "api-fuzz: both runs passed"

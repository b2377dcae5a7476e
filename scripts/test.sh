#!/usr/bin/env bash
# `npm test`: installs what is missing, lints and type-checks, builds the program, then runs every test there is:
# Rust host unit tests of the program's logic, the mocha suite against the real marquee.so in
# LiteSVM, each workspace package's own tests (the indexer's on SQLite, then on a throwaway
# PostgreSQL), the fuzz of the API's OpenAPI contract, the end-to-end journeys, a smoke of the bench, and
# marquee.so deployed to a real solana-test-validator (an investment and On-Chain Auto-List, in the browser too).
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step says when it started (minutes:seconds since the start), so a slow run shows where the time went.
step() { printf '\n==> [%d:%02d] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

# Independent steps run side by side on the machine's two cores: `in_background NAME CMD…` starts one
# with its output kept in a file, and `await_background NAME` prints that output, when it started and
# ended, and stops the run if it failed. The foreground step's output stays readable as it comes.
declare -A BACKGROUND_PIDS BACKGROUND_LOGS
in_background() {
  local name=$1 log
  shift
  log=$(mktemp)
  step "started beside the next steps: $name"
  (
    started=$SECONDS
    status=0
    "$@" || status=$?
    printf '\n(%s: started at [%d:%02d], ended at [%d:%02d], exit %d)\n' "$name" $((started / 60)) $((started % 60)) \
      $((SECONDS / 60)) $((SECONDS % 60)) "$status"
    exit "$status"
  ) >"$log" 2>&1 &
  BACKGROUND_PIDS[$name]=$!
  BACKGROUND_LOGS[$name]=$log
}
await_background() {
  local name=$1 status=0
  wait "${BACKGROUND_PIDS[$name]}" || status=$?
  step "output of $name"
  cat "${BACKGROUND_LOGS[$name]}"
  rm -f "${BACKGROUND_LOGS[$name]}"
  if [ "$status" -ne 0 ]; then
    printf '\n%s failed (exit %d)\n' "$name" "$status"
    exit "$status"
  fi
}
# A step that fails stops the run: what runs beside it stops too.
trap 'for pid in "${BACKGROUND_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done' EXIT
lint_and_typecheck() { npm run lint && npm run typecheck; }
# The indexer's two crash suites (SQLite) start a process per kill -9, each loading the server's modules:
# nearly two minutes of one core. They run after the PostgreSQL files, in their own process, so the two
# lanes of the workspace tests end together (indexer/test/all.ts: MARQUEE_TEST_ONLY, MARQUEE_TEST_EXCEPT).
INDEXER_CRASH_SUITES=crash.test.ts,demo-crash.test.ts
indexer_on_postgres_then_crash_suites() {
  # What differs between the databases, not the whole suite again: indexer/test/all.ts names the files
  # whose SQL PostgreSQL runs differently. Every file on PostgreSQL:
  # MARQUEE_TEST_EVERY_FILE=1 bash scripts/with-postgres.sh npm test -w indexer
  (cd indexer && bash ../scripts/with-postgres.sh npm test) \
    && step "the indexer's crash suites on SQLite" && (cd indexer && MARQUEE_TEST_ONLY=$INDEXER_CRASH_SUITES npm test)
}
# Chained with &&: `set -e` does not apply inside a function that in_background runs as `"$@" || status=$?`.
build_program_and_fuzzer() {
  step "building the program" && bash scripts/build-program.sh \
    && step "checking the checked-in IDL is the generated one" && node programs/marquee/idl/generate.mjs >/dev/null \
    && git diff --exit-code -- programs/marquee/idl/marquee.json \
    && step "Rust host unit tests (programs/marquee)" && cargo test -p marquee \
    && step "the API fuzz's schemathesis in its Python environment (scripts/api-fuzz/schemathesis.sh)" \
    && source scripts/api-fuzz/schemathesis.sh && ensure_schemathesis
}
build_app_for_browsers() {
  if ! command -v chromium >/dev/null 2>&1; then
    echo "installing Debian's chromium for the browser tests"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q chromium
  fi
  npm run build -w app
}

# The demo renders its films' trailers with ffmpeg (indexer/src/demo/trailers.ts); its tests and the
# trailer journey need it. Installed first, alone: apt takes one install at a time, and the program's
# build below (started beside npm install) installs its own Debian packages.
# shellcheck source=scripts/debian-packages.sh
source scripts/debian-packages.sh
command -v ffmpeg >/dev/null 2>&1 || ensure_debian_packages ffmpeg

# The program and the fuzz's Python tool need nothing from npm: they build, and the program's Rust tests
# run, beside the npm install, whose longest part (better-sqlite3's SQLite compiled from source when no
# prebuilt binary can be fetched) keeps only one core busy. One job after the other: each may install
# Debian packages, and apt takes one install at a time.
in_background "building the program, checking the IDL, Rust host unit tests (programs/marquee), schemathesis" build_program_and_fuzzer

step "installing npm dependencies"
# `npm install` rather than `npm ci`: it honours the lock file, and tolerates the platform-specific
# optional packages (litesvm-*, esbuild-*) npm leaves out of a lock written on one platform.
# JOBS=max: node-gyp compiles a native module's sources in parallel (SQLite and its binding at once).
JOBS=max npm install --no-audit --no-fund --prefer-offline

# ESLint over every workspace and tsc --noEmit of every TypeScript project, beside the program's tests.
in_background "lint and type-check (npm run lint, npm run typecheck)" lint_and_typecheck
await_background "building the program, checking the IDL, Rust host unit tests (programs/marquee), schemathesis"

step "program tests: mocha against target/deploy/marquee.so (SBPF v3) in LiteSVM (scripts/test-program.sh)"
bash scripts/test-program.sh
await_background "lint and type-check (npm run lint, npm run typecheck)"

# The two databases' suites side by side: each is one test file at a time (their servers and clocks
# are per file), and neither reaches the other's database.
postgres_lane="the indexer suite on PostgreSQL: the files that differ between the databases (a throwaway server: scripts/with-postgres.sh),"
postgres_lane+=" then the crash suites on SQLite"
in_background "$postgres_lane" indexer_on_postgres_then_crash_suites

step "workspace package tests (the indexer on SQLite but its crash suites, the app's unit tests)"
MARQUEE_TEST_EXCEPT=$INDEXER_CRASH_SUITES npm test --workspaces --if-present
await_background "$postgres_lane"

in_background "building the dApp for the browser tests (Debian's chromium installed if missing)" build_app_for_browsers

step "the API's contract: a property-based fuzz of /api/openapi.json against a fresh server (scripts/test-api-fuzz.sh)"
bash scripts/test-api-fuzz.sh
step "the ad market under attack (npm run sim:market: bots, forged tickets, a failing batch, two leaders; every target met)" && npm run sim:market
await_background "building the dApp for the browser tests (Debian's chromium installed if missing)"

step "end to end: every journey in headless Chromium against the built dApp and the real server, two at a time"
# Each journey starts its own servers on a random free port with its own data folder (e2e/harness.ts),
# so two run side by side on the two cores; e2e/run.ts starts those that mostly wait first.
node --import tsx e2e/run.ts

step "the benchmark's smoke: every section of npm run bench at tiny sizes, without targets (a bench that no longer runs fails here)"
BENCH_SMOKE=1 npx tsx scripts/bench.ts

step "end to end again on PostgreSQL: the demo journey against two API processes behind a round-robin proxy and a separate leader"
# One journey, not all: the cold run must stay under 30 minutes, and what the topology adds
# (requests alternating between API processes, demo actions forwarded to the leader) the demo
# journey covers. Every journey on it: E2E_TOPOLOGY=pg-cluster bash scripts/with-postgres.sh node
# --import tsx --test e2e/*.test.ts
E2E_TOPOLOGY=pg-cluster bash scripts/with-postgres.sh node --import tsx --test e2e/demo-journey.test.ts

step "Marquee on a real solana-test-validator with its default features: deploy marquee.so, initialise, invest, Auto-List in the program and in the browser (scripts/test-validator.sh)"
# Last and alone: a validator starved of CPU by the steps above stops producing blocks in time (a
# deployment's writes outlive their blockhash), and nothing else runs now.
bash scripts/test-validator.sh

step "every test passed"

#!/usr/bin/env bash
# `npm test`: installs what is missing, lints and type-checks, builds the program, then runs every test there is:
# Rust host unit tests of the program's logic, the mocha suite against the real marquee.so in
# solana-bankrun, each workspace package's own tests (the indexer's on SQLite, then on a throwaway
# PostgreSQL), the fuzz of the API's OpenAPI contract, and the end-to-end journey.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step says when it started (minutes:seconds since the start), so a slow run shows where the time went.
step() { printf '\n==> [%d:%02d] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

step "installing npm dependencies"
# `npm install` rather than `npm ci`: it honours the lock file, and tolerates the platform-specific
# optional packages (litesvm-*, esbuild-*) npm leaves out of a lock written on one platform.
npm install --no-audit --no-fund

step "lint: eslint over every workspace (npm run lint)"
npm run lint

step "type-check: tsc --noEmit of every TypeScript project (npm run typecheck)"
npm run typecheck

step "building the program"
bash scripts/build-program.sh

step "checking the checked-in IDL is the generated one"
node programs/marquee/idl/generate.mjs >/dev/null
git diff --exit-code -- programs/marquee/idl/marquee.json

step "Rust host unit tests (programs/marquee)"
cargo test -p marquee

step "program tests: mocha against target/deploy/marquee.so in solana-bankrun (scripts/test-program.sh)"
bash scripts/test-program.sh

step "workspace package tests (the indexer on SQLite)"
npm test --workspaces --if-present

step "the indexer suite again on PostgreSQL (a throwaway server: scripts/with-postgres.sh sets DATABASE_URL)"
# Every file that reaches the database, not the ones that never do (the decoder, the program and RPC
# clients, the deploy script) nor the kill -9 restart tests (crash, demo-crash: minutes each on
# PostgreSQL; what they prove of the log and the cursor is the same code on both databases, and the
# failover test kills a PostgreSQL leader mid-work). All of them: bash scripts/with-postgres.sh npm test -w indexer
pg_files=$(cd indexer && ls test/*.test.ts | grep -Ev '^test/(crash|demo-crash|demo-deploy|base58|decoder|program|rpc)\.test\.ts$')
(cd indexer && bash ../scripts/with-postgres.sh node --import tsx --test --test-concurrency=1 --test-force-exit $pg_files)

step "the API's contract: a property-based fuzz of /api/openapi.json against a fresh server (scripts/test-api-fuzz.sh)"
bash scripts/test-api-fuzz.sh

step "end to end: the demo journey in headless Chromium against the built dApp and the real server"
if ! command -v chromium >/dev/null 2>&1; then
  step "installing Debian's chromium for the browser test"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium
fi
npm run build -w app
node --import tsx --test e2e/*.test.ts

step "end to end again on PostgreSQL: the demo journey against two API processes behind a round-robin proxy and a separate leader"
# One journey, not all: the cold run must stay under 30 minutes, and what the topology adds
# (requests alternating between API processes, demo actions forwarded to the leader) the demo
# journey covers. Every journey on it: E2E_TOPOLOGY=pg-cluster bash scripts/with-postgres.sh node
# --import tsx --test e2e/*.test.ts
E2E_TOPOLOGY=pg-cluster bash scripts/with-postgres.sh node --import tsx --test e2e/demo-journey.test.ts

step "every test passed"

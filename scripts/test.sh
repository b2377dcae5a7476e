#!/usr/bin/env bash
# `npm test`: installs what is missing, builds the program, then runs every test there is:
# Rust host unit tests of the program's logic, the mocha suite against the real marquee.so in
# solana-bankrun, and each workspace package's own tests.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n==> %s\n' "$*"; }

step "installing npm dependencies"
# `npm install` rather than `npm ci`: it honours the lock file, and tolerates the platform-specific
# optional packages (litesvm-*, esbuild-*) npm leaves out of a lock written on one platform.
npm install --no-audit --no-fund

step "building the program"
bash scripts/build-program.sh

step "checking the checked-in IDL is the generated one"
node programs/marquee/idl/generate.mjs >/dev/null
git diff --exit-code -- programs/marquee/idl/marquee.json

step "Rust host unit tests (programs/marquee)"
cargo test -p marquee

step "program tests: mocha against target/deploy/marquee.so in solana-bankrun"
npx mocha

step "workspace package tests"
npm test --workspaces --if-present

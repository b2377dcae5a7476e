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

step "program tests: mocha against target/deploy/marquee.so in solana-bankrun (scripts/test-program.sh)"
bash scripts/test-program.sh

step "workspace package tests"
npm test --workspaces --if-present

step "end to end: the demo journey in headless Chromium against the built dApp and the real server"
if ! command -v chromium >/dev/null 2>&1; then
  step "installing Debian's chromium for the browser test"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium
fi
npm run build -w app
node --import tsx --test e2e/*.test.ts

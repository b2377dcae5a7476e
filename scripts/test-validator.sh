#!/usr/bin/env bash
# Marquee against a real Agave `solana-test-validator` with its default features: deploys
# target/deploy/marquee.so through migrations/deploy.ts and sends transactions to it: a studio's film
# and an investment (tests/validator/real-validator.test.ts), a publisher's On-Chain Auto-List as the
# app packs it (tests/validator/auto-list.test.ts), and the same in the browser, the dApp in On-Chain
# mode with the test wallet signing (tests/validator/auto-list-journey.test.ts). One validator and
# one deployment serve them all: tests/validator/all.ts runs the suites in one process
# (tests/validator/cluster.ts). Devnet is not reachable from CI; this validator is the same software
# devnet runs, started on loopback.
#
# The validator comes from crates.io, built once and cached like sbpf-linker: `cargo install` into
# ~/.cargo/bin, reused while its version matches. A cold build is long (most of an hour on two
# cores: RocksDB's C++ and the whole of Agave), so the install is a one-time cost of the machine,
# not of each run. Idempotent: installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

AGAVE_VERSION=4.2.2
# What the validator's crates build with: RocksDB (C++ via clang/bindgen), protobuf, udev (hidapi).
DEBIAN_PACKAGES=(libudev-dev protobuf-compiler libclang-dev clang pkg-config libssl-dev)
step() { printf '\n==> %s\n' "$*"; }

# shellcheck source=scripts/debian-packages.sh
source scripts/debian-packages.sh
ensure_debian_packages "${DEBIAN_PACKAGES[@]}"

CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$CARGO_BIN:$PATH"
installed=$(solana-test-validator --version 2>/dev/null | awk '{print $2}' || true)
if [ "$installed" != "$AGAVE_VERSION" ]; then
  step "installing solana-test-validator $AGAVE_VERSION from crates.io (agave-validator; a long build, once per machine)"
  # A kept target folder: an interrupted build resumes where it stopped instead of starting over.
  cargo install agave-validator --version "$AGAVE_VERSION" --bin solana-test-validator --locked --force \
    --target-dir "${MARQUEE_AGAVE_TARGET_DIR:-$HOME/.cache/marquee/agave-validator-target}"
else
  step "solana-test-validator $AGAVE_VERSION present"
fi

[ -f target/deploy/marquee.so ] || bash scripts/build-program.sh
# The browser journey (tests/validator/auto-list-journey.test.ts) serves the built dApp.
[ -f app/dist/index.html ] || npm run build -w app
step "deploying marquee.so to solana-test-validator $AGAVE_VERSION (default features) and sending transactions to it"
VALIDATOR_BIN="$CARGO_BIN/solana-test-validator" node --import tsx --test --test-force-exit tests/validator/all.ts

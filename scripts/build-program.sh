#!/usr/bin/env bash
# Builds target/deploy/marquee.so from programs/marquee on this kind of machine (no platform-tools):
# Debian's rustc-web (rustc 1.96, LLVM 22, prebuilt core for bpfel-unknown-none) compiles to eBPF,
# sbpf-linker 0.1.9 (built against Debian's LLVM 22) relinks the bitcode into an SBPF v0 shared object.
# Idempotent: installs only what is missing and lets cargo decide what to rebuild.
set -euo pipefail
cd "$(dirname "$0")/.."

SBPF_LINKER_VERSION=0.1.9
LLVM_PREFIX=/usr/lib/llvm-22
DEBIAN_PACKAGES=(rustc-web cargo-web libstd-rust-web-dev-bpf llvm-22-dev libclang-22-dev libzstd-dev zlib1g-dev)
step() { printf '\n==> %s\n' "$*"; }

missing=()
for package in "${DEBIAN_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  step "installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
else
  step "Debian packages present: ${DEBIAN_PACKAGES[*]}"
fi

CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$CARGO_BIN:$PATH"
# `sbpf-linker --version` prints the version but exits 1: read its output, not its status.
installed_linker=$(sbpf-linker --version 2>&1 | head -1 || true)
if [ "$installed_linker" != "sbpf-linker $SBPF_LINKER_VERSION" ]; then
  step "installing sbpf-linker $SBPF_LINKER_VERSION from crates.io against LLVM 22 (a few minutes, once)"
  # sbpf-linker is edition 2024: it builds with the rustup stable toolchain, not Debian's.
  LLVM_PREFIX="$LLVM_PREFIX" cargo install sbpf-linker --version "$SBPF_LINKER_VERSION" --locked \
    --no-default-features --features upstream-gallery-22
else
  step "sbpf-linker $SBPF_LINKER_VERSION present"
fi

step "compiling programs/marquee for bpfel-unknown-none (rustc $(/usr/bin/rustc --version | cut -d' ' -f2))"
# rustup's shims come first on PATH: call Debian's cargo and rustc explicitly.
RUSTC=/usr/bin/rustc /usr/bin/cargo build --release --target bpfel-unknown-none -p marquee

mkdir -p target/deploy
built=target/bpfel-unknown-none/release/marquee.so
[ -f "$built" ] || built=target/bpfel-unknown-none/release/libmarquee.so
if [ ! -f target/deploy/marquee.so ] || ! cmp -s "$built" target/deploy/marquee.so; then
  cp "$built" target/deploy/marquee.so
fi
# The program's address comes from a keypair kept in the repo so every build deploys to the same id.
if [ ! -f target/deploy/marquee-keypair.json ]; then
  cp programs/marquee/program-keypair.json target/deploy/marquee-keypair.json
fi
step "built target/deploy/marquee.so ($(stat -c %s target/deploy/marquee.so) bytes)"

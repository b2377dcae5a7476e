#!/usr/bin/env bash
# Builds target/deploy/marquee.so from programs/marquee on this kind of machine (no platform-tools):
# Debian's rustc-web (rustc 1.96, LLVM 22, prebuilt core for bpfel-unknown-none) compiles to eBPF,
# sbpf-linker 0.2.6 (built against Debian's LLVM 22) relinks the bitcode into an SBPF v3 shared object:
# the format today's validators deploy (a v0 program is refused where disable_sbpf_v0_v1_v2_deployment
# is active, as on a fresh solana-test-validator).
#
# Why this route: sbpf-linker 0.2.x's default build loads rustc's own LLVM 23 at run time (a nightly
# this machine cannot fetch); its linker core, bpf-linker 0.13, also builds against LLVM 22, which
# Debian has. What LLVM 22's BPF backend cannot lower is a 128-bit libcall returning an aggregate, so
# the linker is told not to keep compiler-builtins' math routines alive (--disable-math-builtins in
# .cargo/config.toml): Marquee's u128 arithmetic is lowered inline and calls none of them (the link
# fails, naming the symbol, if that ever changes).
# Idempotent: installs only what is missing and lets cargo decide what to rebuild.
set -euo pipefail
cd "$(dirname "$0")/.."

SBPF_LINKER_VERSION=0.2.6
LLVM_PREFIX=/usr/lib/llvm-22
DEBIAN_PACKAGES=(rustc-web cargo-web libstd-rust-web-dev-bpf llvm-22-dev libclang-22-dev libzstd-dev zlib1g-dev)
step() { printf '\n==> %s\n' "$*"; }

# shellcheck source=scripts/debian-packages.sh
source scripts/debian-packages.sh
ensure_debian_packages "${DEBIAN_PACKAGES[@]}"
step "Debian packages present: ${DEBIAN_PACKAGES[*]}"

CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$CARGO_BIN:$PATH"
# `sbpf-linker --version` prints the version but exits 1: read its output, not its status.
installed_linker=$(sbpf-linker --version 2>&1 | head -1 || true)
if [ "$installed_linker" != "sbpf-linker $SBPF_LINKER_VERSION" ]; then
  step "installing sbpf-linker $SBPF_LINKER_VERSION from crates.io against LLVM 22 (a few minutes, once)"
  # sbpf-linker is edition 2024: it builds with the rustup stable toolchain, not Debian's.
  # LLVM_PREFIX too: without it, bpf-linker's build script links the LLVM of the first llvm-config on
  # PATH, and where Debian's default `llvm` package is installed that is LLVM 14's /usr/bin/llvm-config
  # (the link then fails: "unable to find library -lLLVM").
  LLVM_SYS_221_PREFIX="$LLVM_PREFIX" LLVM_PREFIX="$LLVM_PREFIX" cargo install sbpf-linker --version "$SBPF_LINKER_VERSION" --locked --force \
    --no-default-features --features bpf-linker/llvm-22
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
# The program's address: the repository's public test key (tests and the demo chain), until
# `npm run keys` writes the deployer's own keypair here and its id into the sources.
if [ ! -f target/deploy/marquee-keypair.json ]; then
  cp programs/marquee/test-program-keypair.json target/deploy/marquee-keypair.json
  chmod 600 target/deploy/marquee-keypair.json
fi
# The ELF header's e_flags is the SBPF version: anything but 3 is a build a current validator refuses.
sbpf_version=$(od -An -tu4 -j48 -N4 target/deploy/marquee.so | tr -d ' ')
if [ "$sbpf_version" != 3 ]; then
  echo "target/deploy/marquee.so is SBPF v$sbpf_version, not v3: is an older sbpf-linker first on PATH? ($(command -v sbpf-linker))" >&2
  exit 1
fi
step "built target/deploy/marquee.so (SBPF v$sbpf_version, $(stat -c %s target/deploy/marquee.so) bytes, sha256 $(sha256sum target/deploy/marquee.so | cut -c1-16)…)"

#!/usr/bin/env bash
# `npm start`: Marquee on one machine with one command. Installs the npm dependencies, builds what is
# missing or older than its sources (the program, the dApp), then runs ONE server — the REST API,
# the built dApp and the embedded demo chain — on PORT (default 8787) with its data in MARQUEE_DATA_DIR (default ./data).
# Configuration: environment variables, or a .env file at the repository root (see .env.example).
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n==> %s\n' "$*"; }

if [ -f .env ]; then
  step "reading .env"
  set -a
  # shellcheck disable=SC1091
  . ./.env
  set +a
fi

# npm records what it installed in node_modules/.package-lock.json: install when that is missing or
# older than the lock file or a package.json.
needs_install=0
if [ ! -f node_modules/.package-lock.json ]; then
  needs_install=1
else
  for manifest in package-lock.json package.json indexer/package.json app/package.json; do
    if [ "$manifest" -nt node_modules/.package-lock.json ]; then needs_install=1; fi
  done
fi
if [ "$needs_install" = 1 ]; then
  step "installing npm dependencies"
  # `npm install` rather than `npm ci` (as scripts/test.sh): it honours the lock file and tolerates
  # the platform-specific optional packages (litesvm-*, esbuild-*) a lock written elsewhere leaves out.
  npm install --no-audit --no-fund
else
  step "npm dependencies up to date"
fi

# The demo renders its films' trailers and its video ad with ffmpeg at the first start (indexer/src/demo/trailers.ts).
# Without it the demo still starts, its films without video.
if command -v ffmpeg >/dev/null 2>&1; then
  step "ffmpeg installed (the demo's trailers are rendered with it)"
elif command -v apt-get >/dev/null 2>&1; then
  step "installing Debian's ffmpeg (the demo renders its films' trailers with it)"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  { $sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends ffmpeg; } ||
    echo "could not install ffmpeg: the demo's films will have no trailers (install it: apt-get install ffmpeg)"
else
  step "ffmpeg is missing and there is no apt-get: the demo's films will have no trailers (install ffmpeg by your system's means)"
fi

# newer_than TARGET PATH…: prints the first file under PATH… modified after TARGET (nothing when TARGET is newest).
newer_than() {
  local target=$1
  shift
  find "$@" -type f -newer "$target" -print -quit 2>/dev/null
}

program_sources=(programs/marquee/src programs/marquee/Cargo.toml Cargo.toml Cargo.lock .cargo/config.toml)
if [ ! -f target/deploy/marquee.so ]; then
  step "building the program (target/deploy/marquee.so is missing; the first build installs a linker and takes a few minutes)"
  bash scripts/build-program.sh
elif changed=$(newer_than target/deploy/marquee.so "${program_sources[@]}") && [ -n "$changed" ]; then
  step "rebuilding the program ($changed is newer than target/deploy/marquee.so)"
  bash scripts/build-program.sh
  # The build leaves an identical binary untouched: mark it as built from these sources.
  touch target/deploy/marquee.so
else
  step "program up to date: target/deploy/marquee.so"
fi

app_sources=(app/src app/index.html app/public app/package.json app/vite.config.ts app/tsconfig.json packages)
if [ ! -f app/dist/index.html ] || [ ! -f app/dist-server/prerender.js ]; then
  step "building the dApp (app/dist or its server bundle app/dist-server is missing)"
  npm run build -w app
elif changed=$(newer_than app/dist/index.html "${app_sources[@]}") && [ -n "$changed" ]; then
  step "rebuilding the dApp ($changed is newer than app/dist)"
  npm run build -w app
else
  step "dApp up to date: app/dist and app/dist-server"
fi

export PORT="${PORT:-8787}"
export MARQUEE_DATA_DIR="${MARQUEE_DATA_DIR:-./data}"
step "starting Marquee on http://localhost:${PORT} (data in ${MARQUEE_DATA_DIR}; the first start seeds the demo chain; Ctrl-C stops)"
# exec: the server receives Ctrl-C (SIGINT) itself and closes its databases before exiting.
exec node --import tsx indexer/src/main.ts

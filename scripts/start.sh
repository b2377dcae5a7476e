#!/usr/bin/env bash
# `npm start`: Marquee on one machine with one command. Installs the npm dependencies, builds what is
# missing (the program, the dApp), then runs ONE server — the REST API, the built dApp and the
# embedded demo chain — on PORT (default 8787) with its data in MARQUEE_DATA_DIR (default ./data).
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

if [ ! -f target/deploy/marquee.so ]; then
  step "building the program (target/deploy/marquee.so is missing; the first build takes a few minutes)"
  bash scripts/build-program.sh
else
  step "program present: target/deploy/marquee.so"
fi

if [ ! -f app/dist/index.html ] || [ ! -f app/dist-server/prerender.js ]; then
  step "building the dApp (app/dist or its server bundle app/dist-server is missing)"
  npm run build -w app
else
  step "dApp present: app/dist and app/dist-server"
fi

export PORT="${PORT:-8787}"
export MARQUEE_DATA_DIR="${MARQUEE_DATA_DIR:-./data}"
step "starting Marquee on http://localhost:${PORT} (data in ${MARQUEE_DATA_DIR}; the first start seeds the demo chain; Ctrl-C stops)"
# exec: the server receives Ctrl-C (SIGINT) itself and closes its databases before exiting.
exec node --import tsx indexer/src/main.ts

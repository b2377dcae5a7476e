#!/usr/bin/env bash
# The API keeps its contract: a property-based fuzz (schemathesis) of /api/openapi.json against a
# freshly started server — demo mode, SQLite, its own temporary data folder, a random free port.
# Every operation gets generated requests, valid and invalid ones, and each answer is checked: no
# server error (5xx), only statuses the document lists, answers in the documented shape, schema-valid
# requests accepted and schema-violating ones rejected. Fails on any failure, after the summary.
#
# schemathesis lives in a Python virtual environment under .venv/ (ignored by git), created on the
# first run and reused while it holds the pinned version (scripts/api-fuzz/schemathesis.sh). Settings: scripts/api-fuzz/schemathesis.toml.
# API_FUZZ_SEED=<n> replays another seed (the default one is fixed so `npm test` is reproducible);
# API_FUZZ_MAX_EXAMPLES=<n> sets the examples per operation and phase.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n==> %s\n' "$*"; }

SEED="${API_FUZZ_SEED:-20261123}"
MAX_EXAMPLES="${API_FUZZ_MAX_EXAMPLES:-10}"

# shellcheck source=scripts/api-fuzz/schemathesis.sh
source scripts/api-fuzz/schemathesis.sh
ensure_schemathesis

data_dir=$(mktemp -d "${TMPDIR:-/tmp}/marquee-api-fuzz-XXXXXX")
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
origin="http://127.0.0.1:$port"
server_log="$data_dir/server.log"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    # SIGINT: the server closes its databases and releases the data folder's lock.
    kill -INT "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$data_dir"
}
trap cleanup EXIT

step "starting a server for the fuzz on $origin (demo chain, SQLite, data in $data_dir)"
# No RPC cluster: the fuzz stays on this machine, against the demo chain.
PORT="$port" MARQUEE_HOST=127.0.0.1 MARQUEE_DATA_DIR="$data_dir" MARQUEE_RPC_CLUSTERS='' \
  node --import tsx indexer/src/main.ts >"$server_log" 2>&1 &
server_pid=$!
for _ in $(seq 1 180); do
  if curl -sf "$origin/api/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "the server exited before answering:" >&2
    cat "$server_log" >&2
    exit 1
  fi
  sleep 1
done
curl -sf "$origin/api/health" >/dev/null || { echo "the server did not answer /api/health within 180 s:" >&2; tail -50 "$server_log" >&2; exit 1; }

step "schemathesis $SCHEMATHESIS_VERSION against $origin/api/openapi.json (seed $SEED, $MAX_EXAMPLES examples per operation and phase)"
status=0
"$SCHEMATHESIS_VENV/bin/schemathesis" --config-file scripts/api-fuzz/schemathesis.toml --no-color run "$origin/api/openapi.json" \
  --seed "$SEED" --max-examples "$MAX_EXAMPLES" || status=$?
if [ "$status" -ne 0 ]; then
  # The server's own account of what went wrong (a 500's stack trace).
  echo "--- the server's log (last 60 lines) ---" >&2
  tail -60 "$server_log" >&2
fi
exit "$status"

#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server:
#   scripts/with-postgres.sh <command…>
# Installs Debian's `postgresql` if it is missing, creates a temporary folder, initialises a cluster
# there and starts the server as an unprivileged user (`postgres` when run as root, else the caller)
# on a free 127.0.0.1 port with its socket in that folder, exports DATABASE_URL (superuser `marquee`,
# database `marquee`, trust authentication on loopback only), runs the command, and always stops the
# server and removes the folder, whatever way the command ends. Exits with the command's status.
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 <command…>" >&2; exit 2; }

SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"

pg_bin_dir() {
  # The newest installed major version's binaries (Debian keeps them out of PATH).
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/postgres" ] && echo "$dir"
}

if ! PG_BIN=$(pg_bin_dir); then
  echo "==> installing Debian's postgresql (test database server)" >&2
  # Only the binaries are wanted: no always-running `main` cluster on port 5432.
  if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
    $SUDO mkdir -p /etc/postgresql-common
    echo 'create_main_cluster = false' | $SUDO tee /etc/postgresql-common/createcluster.conf >/dev/null
  fi
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q postgresql
  PG_BIN=$(pg_bin_dir) || { echo "postgresql is installed but no initdb/postgres was found under /usr/lib/postgresql" >&2; exit 1; }
fi

# PostgreSQL refuses to run as root: as root, the server runs as the `postgres` system user the
# package creates; otherwise as the caller.
RUN_AS=()
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /usr/sbin/nologin postgres
  RUN_AS=(runuser -u postgres --)
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/marquee-pg-XXXXXX")
chmod 755 "$WORK"
[ "$(id -u)" -eq 0 ] && chown postgres: "$WORK"

stop_server() {
  local status=$?
  if [ -f "$WORK/data/postmaster.pid" ]; then
    "${RUN_AS[@]}" "$PG_BIN/pg_ctl" stop -D "$WORK/data" -m immediate -s >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
  exit "$status"
}
trap stop_server EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  node -e "const s = require('net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });"
}

"${RUN_AS[@]}" "$PG_BIN/initdb" -D "$WORK/data" --username=marquee --auth=trust --encoding=UTF8 --locale=C.UTF-8 -N >"$WORK/initdb.log" 2>&1 \
  || { cat "$WORK/initdb.log" >&2; exit 1; }

# The port is free when picked but could be taken before the server binds it: try a few.
started=""
for _ in 1 2 3 4 5; do
  PORT=$(free_port)
  # fsync and synchronous commit off: a test cluster is thrown away, crash safety of the server
  # itself is not under test (the application's transactions still commit or roll back as one).
  if "${RUN_AS[@]}" "$PG_BIN/pg_ctl" start -D "$WORK/data" -w -t 60 -s -l "$WORK/server.log" \
    -o "-p $PORT -k $WORK -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >/dev/null 2>&1; then
    started=1
    break
  fi
done
[ -n "$started" ] || { echo "PostgreSQL did not start:" >&2; cat "$WORK/server.log" >&2; exit 1; }

"${RUN_AS[@]}" "$PG_BIN/createdb" -h "$WORK" -p "$PORT" -U marquee marquee

export DATABASE_URL="postgres://marquee@127.0.0.1:$PORT/marquee"
echo "==> PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on $DATABASE_URL (data in $WORK)" >&2
set +e
"$@"

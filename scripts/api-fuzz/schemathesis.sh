#!/usr/bin/env bash
# Sourced by the scripts that need the API fuzz's tool: the pinned schemathesis version, the Python
# virtual environment under .venv/ (ignored by git) that holds it, and `ensure_schemathesis`, which
# creates that environment when it is missing or holds another version. scripts/test-api-fuzz.sh runs
# it before fuzzing; npm test (scripts/test.sh) runs it early, beside the npm install, so a fresh
# clone's fuzz step does not wait for pip.
SCHEMATHESIS_VERSION=4.32.5
SCHEMATHESIS_VENV=.venv/api-fuzz

ensure_schemathesis() {
  if "$SCHEMATHESIS_VENV/bin/schemathesis" --version 2>/dev/null | grep -qx "schemathesis, version $SCHEMATHESIS_VERSION"; then
    return 0
  fi
  printf '\n==> installing schemathesis %s into %s\n' "$SCHEMATHESIS_VERSION" "$SCHEMATHESIS_VENV"
  if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q python3-venv
  fi
  rm -rf "$SCHEMATHESIS_VENV"
  python3 -m venv "$SCHEMATHESIS_VENV" \
    && "$SCHEMATHESIS_VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
}

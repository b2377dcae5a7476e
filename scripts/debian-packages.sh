#!/usr/bin/env bash
# Sourced by the scripts that need Debian packages: `ensure_debian_packages NAME…` installs those of
# NAME… that are not installed (with sudo when not root) and says which; it says nothing more when
# all are there, so a warm run stays quiet and fast.
ensure_debian_packages() {
  local missing=() package sudo=""
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  printf '\n==> installing Debian packages: %s\n' "${missing[*]}"
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
}

#!/usr/bin/env bash
# `npm run typecheck`: `tsc --noEmit` of every TypeScript project in the workspace: the root (program
# tests, deploy script), the dApp, the indexer, and each package under packages/ that has a tsconfig.
set -euo pipefail
cd "$(dirname "$0")/.."
projects=(tsconfig.json app/tsconfig.json indexer/tsconfig.json)
for config in packages/*/tsconfig.json; do
  [ -e "$config" ] && projects+=("$config")
done
for project in "${projects[@]}"; do
  echo "tsc --noEmit -p $project"
  npx tsc --noEmit -p "$project"
done

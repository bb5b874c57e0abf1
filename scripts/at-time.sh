#!/bin/bash
# Runs a command with every Node.js process's clock starting at the given time (a faketime
# stand-in): bash scripts/at-time.sh 2026-11-26T23:59:30Z npx vitest run --project console <file>
# Limits (certificates, the browser's own clock): docs/testing.md, "Tests and the wall clock".
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 <time, e.g. 2026-11-26T23:59:30Z> <command...>" >&2
  exit 2
fi
target=$(date -u -d "$1" +%s%3N)
shift
CUSTOS_CLOCK_OFFSET_MS=$((target - $(date -u +%s%3N)))
export CUSTOS_CLOCK_OFFSET_MS
export NODE_OPTIONS="--import $(cd "$(dirname "$0")" && pwd)/clock-shift.mjs ${NODE_OPTIONS:-}"
exec "$@"

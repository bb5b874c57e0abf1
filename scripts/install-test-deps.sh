#!/usr/bin/env bash
# Debian packages the test suite needs (real peers, never mocks). Idempotent; skips what is present.
set -euo pipefail
want=()
for pkg in "$@"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || want+=("$pkg")
done
if [ ${#want[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "install-test-deps: need root to install: ${want[*]}" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${want[@]}" >/dev/null
fi

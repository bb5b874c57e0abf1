#!/usr/bin/env bash
# A stand-in payload for testing the MSI under Wine until the single executable (npm run package)
# is built: Windows node.exe (the Wine tests' copy, scripts/native-wine-setup.sh) as dlp-agent.exe,
# and the built agent with its runtime dependencies under app\. Never shipped.
#   bash wix/stage-node-payload.sh OUT_DIR NODE_EXE
# The MSI for it is built with --entry-args '"[INSTALLDIR]app\node_modules\@custos\agent\bin\dlp-agent.js" '.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=$1 NODE_EXE=$2
rm -rf "$OUT"
mkdir -p "$OUT/app/node_modules/@custos"
cp "$NODE_EXE" "$OUT/dlp-agent.exe"
for pkg in agent engine; do
  mkdir -p "$OUT/app/node_modules/@custos/$pkg"
  cp -r "$pkg/dist" "$pkg/package.json" "$OUT/app/node_modules/@custos/$pkg/"
done
cp -r agent/bin "$OUT/app/node_modules/@custos/agent/"
mkdir -p "$OUT/app/node_modules/@custos/native/prebuilds/win32-x64"
cp -r agent/native/dist agent/native/package.json "$OUT/app/node_modules/@custos/native/"
cp agent/native/prebuilds/win32-x64/custos_native.node "$OUT/app/node_modules/@custos/native/prebuilds/win32-x64/"
# Runtime dependencies of the three workspaces, as npm resolved them here; Linux-only binaries and
# the browser-test packages left out.
npm ls --omit=dev --workspace=@custos/agent --workspace=@custos/engine --workspace=@custos/native \
  --parseable --all 2>/dev/null | grep '/node_modules/' | grep -v '/node_modules/@custos' | sort -u |
  while read -r dir; do
    rel=${dir#"$PWD/"}
    case "$rel" in
      *playwright* | *axe-core* | *koffi-linux* | *prebuild-install* | *node-gyp*) continue ;;
    esac
    mkdir -p "$OUT/app/$rel"
    cp -r "$dir/." "$OUT/app/$rel/"
  done
# better-sqlite3 ships its C sources and a Linux build: neither runs on Windows (see docs/install-windows.md).
rm -rf "$OUT/app/node_modules/better-sqlite3/"{deps,src,build}
# koffi's Windows binary is an optional dependency npm installs only on Windows: take it from the registry.
cache=${XDG_CACHE_HOME:-$HOME/.cache}/custos-wine
koffi=$(node -p 'require("./node_modules/koffi/package.json").version')
if [ ! -f "$cache/koromix-koffi-win32-x64-$koffi.tgz" ]; then
  (cd "$cache" && npm pack --silent "@koromix/koffi-win32-x64@$koffi" >/dev/null)
fi
mkdir -p "$OUT/app/node_modules/@koromix/koffi-win32-x64"
tar xzf "$cache/koromix-koffi-win32-x64-$koffi.tgz" -C "$OUT/app/node_modules/@koromix/koffi-win32-x64" --strip-components=1
find "$OUT" -type f | wc -l

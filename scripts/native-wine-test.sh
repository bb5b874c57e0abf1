#!/usr/bin/env bash
# npm run test:windows: cross-compile the addon, build the facade and the Windows backend, prepare
# Windows node.exe and a Wine prefix (scripts/native-wine-setup.sh), then run the Wine tests.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
bash scripts/build-native-win.sh
# The MSI tests start a real dlp-server (server/dist) and build the MSI (wixl, wix/build.sh).
npx tsc -b agent/native agent server
CACHE=$(bash scripts/native-wine-setup.sh | tail -1)
export CUSTOS_WINE_CACHE=$CACHE WINEPREFIX=$CACHE/prefix WINEDEBUG=-all
setup_done=$(date +%s)
# Keep one wineserver for the whole run (first start 0.6 s, later ones 0.1-0.2 s); -k stops only this prefix's.
wineserver -p 2>/dev/null || true  # already running: fine
trap 'wineserver -k || true' EXIT
# Every Wine test; the MSI ones install a stand-in payload (Windows node.exe and the built agent).
npx vitest run --config agent/native/vitest.windows.config.ts
# The win-x64 single executable (npm run package) from the addon just built: the MSI tests again with
# it as the payload (a test copy carries Wine 8's one-byte patch, agent/native/test/windows/msi-wine.ts),
# which adds the service loop and `/x` telling the server; then the executable on its own.
node scripts/package/build.mjs --target win-x64 --no-deb
CUSTOS_MSI_PAYLOAD=$PWD/dist/package/win-x64 npx vitest run --config agent/native/vitest.windows.config.ts msi-under-wine
npx vitest run --config scripts/package/vitest.wine.config.ts
end=$(date +%s)
echo "test:windows: build and setup $((setup_done - start)) s, Wine tests $((end - setup_done)) s, total $((end - start)) s"

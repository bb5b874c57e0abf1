#!/usr/bin/env bash
# Cross-compiles agent/native for win32-x64 with mingw-w64 (docs/native.md, "Windows build").
# The source list is read from binding.gyp (common sources + the OS=='win' condition), so the
# MSVC build on a Windows host and this build compile the same files.
# Output: agent/native/prebuilds/win32-x64/custos_native.node, then an import check: the DLL may
# import only Windows system DLLs — no node.exe (Node-API is bound to the running executable by
# the generated shim, see scripts/native-napi-shim.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
NATIVE=agent/native
OUT=$NATIVE/prebuilds/win32-x64
CXX=x86_64-w64-mingw32-g++-posix
CC=x86_64-w64-mingw32-gcc-posix
OBJDUMP=x86_64-w64-mingw32-objdump
for tool in "$CXX" "$CC" "$OBJDUMP"; do
  command -v "$tool" >/dev/null || { echo "build-native-win: $tool missing (scripts/install-test-deps.sh mingw-w64 g++-mingw-w64-x86-64)" >&2; exit 1; }
done
HEADERS=$(node -p "require('path').dirname(require.resolve('node-api-headers/package.json'))")
ADDON_API=$(node -p "require('node-addon-api').include_dir")
mapfile -t SOURCES < <(node -e '
  const gyp = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const t = gyp.targets[0];
  const win = t.conditions.filter(([c]) => c === "OS==\x27win\x27").flatMap(([, v]) => v.sources);
  for (const s of [...t.sources, ...win]) console.log(s);
' "$NATIVE/binding.gyp")
DEFINES=$(node -e '
  const gyp = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const t = gyp.targets[0];
  const win = t.conditions.filter(([c]) => c === "OS==\x27win\x27").flatMap(([, v]) => v.defines || []);
  console.log([...t.defines, ...win].map((d) => "-D" + d).join(" "));
' "$NATIVE/binding.gyp")
mkdir -p "$OUT"
node scripts/native-napi-shim.mjs "$HEADERS/def/node_api.def" "$OUT/node-api-shim.c"
start=$(date +%s)
# shellcheck disable=SC2086
"$CXX" -O2 -std=c++17 -shared -static -fexceptions -Wall -Wno-unused-parameter -Wno-cast-function-type -Wno-missing-field-initializers \
  $DEFINES -I"$HEADERS/include" -I"$ADDON_API" \
  -o "$OUT/custos_native.node" \
  "${SOURCES[@]/#/$NATIVE/}" "$OUT/node-api-shim.c" \
  -ladvapi32 -lfwpuclnt -lsetupapi -lwtsapi32 -luser32 -luserenv -s -Wl,--no-insert-timestamp
echo "build-native-win: $OUT/custos_native.node ($(stat -c %s "$OUT/custos_native.node") bytes, $(( $(date +%s) - start )) s)"
bash scripts/native-check-imports.sh "$OUT/custos_native.node"

#!/usr/bin/env bash
# Builds the Windows installer with wixl (Debian's msitools; scripts/install-test-deps.sh wixl msitools).
#   bash wix/build.sh [--payload DIR] [--entry-args ARGS] [--version V] [--out FILE]
# --payload: a directory holding dlp-agent.exe and whatever it needs beside it (default: the single
#   executable of `npm run package`, dist/package/win-x64). Every file in it is installed.
# --entry-args: put before every agent command in the service and custom-action command lines;
#   empty for the single executable. For a node.exe payload: '"[INSTALLDIR]app\bin\dlp-agent.js" '.
set -euo pipefail
cd "$(dirname "$0")/.."
PAYLOAD=dist/package/win-x64
ENTRY_ARGS=""
VERSION=$(node -p 'require("./agent/package.json").version')
OUT=dist/package/custos-agent-x64.msi
while [ $# -gt 0 ]; do
  case "$1" in
    --payload) PAYLOAD=$2; shift 2 ;;
    --entry-args) ENTRY_ARGS=$2; shift 2 ;;
    --version) VERSION=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    *) echo "wix/build.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
command -v wixl >/dev/null && command -v msibuild >/dev/null ||
  { echo "wix/build.sh: wixl and msibuild missing (bash scripts/install-test-deps.sh wixl msitools)" >&2; exit 1; }
[ -f "$PAYLOAD/dlp-agent.exe" ] || { echo "wix/build.sh: $PAYLOAD/dlp-agent.exe missing (npm run package builds it)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$(dirname "$OUT")"
# wixl resolves File/@Source against the current directory only (an absolute path is refused).
rel=$(realpath --relative-to=. "$PAYLOAD")
node wix/payload-wxs.mjs "$rel" "$work/payload.wxs" >&2
wixl -a x64 -D "Version=$VERSION" -D "PayloadDir=$rel" -D "EntryArgs=$ENTRY_ARGS" \
  -D "PolicyDir=wix/policy" -o "$work/agent.msi" wix/agent.wxs "$work/payload.wxs"
# wixl ignores Property/@Secure, and a second SecureCustomProperties row beside MajorUpgrade's fails:
# extend MajorUpgrade's row. Without this a per-machine install drops SERVERURL/ENROLLTOKEN.
msibuild "$work/agent.msi" -q "UPDATE \`Property\` SET \`Value\`='WIX_UPGRADE_DETECTED;WIX_DOWNGRADE_DETECTED;SERVERURL;ENROLLTOKEN;CAFILE;FORCEUNINSTALL' WHERE \`Property\`='SecureCustomProperties'"
# msidbCustomActionTypeHideTarget (8192): the command lines carrying the token never reach a log.
# wixl 0.101 also ignores Execute="rollback": add InScript (1024) + Rollback (256) to that action,
# or it would run at once, in the immediate sequence.
for spec in CA_Enroll:8192 CA_EnrollRollback:$((8192 | 1024 | 256)); do
  action=${spec%%:*} bits=${spec#*:}
  type=$(msiinfo export "$work/agent.msi" CustomAction | awk -F'\t' -v a="$action" '$1 == a { print $2 }')
  [ -n "$type" ] || { echo "wix/build.sh: custom action $action missing" >&2; exit 1; }
  msibuild "$work/agent.msi" -q "UPDATE \`CustomAction\` SET \`Type\`=$(( type | bits )) WHERE \`Action\`='$action'"
done
mv "$work/agent.msi" "$OUT"
echo "$OUT"

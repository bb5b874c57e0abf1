#!/usr/bin/env bash
# Removes dlp-agent from a Linux machine (docs/install-linux.md, "Uninstall"). Installed as
# /opt/custos-agent/uninstall.sh.
#
# Usage: sudo /opt/custos-agent/uninstall.sh [--force] [--root DIR]
# 1. `dlp-agent uninstall` stops the service, tells the server (queued events, then a check-in
#    marked uninstalling: the server marks the device uninstalled and its credentials stop
#    working), removes the agent's state and the enrolment token from machine policy, and disables
#    the service. If the server cannot be told, nothing is removed and the service is started
#    again, unless --force.
# 2. Then this script removes the units, the session autostart entry, the machine policy, the
#    state directory, /opt/custos-agent
#    and the custos-agent user.
# --root DIR   uninstall from a test root made with install.sh --root (systemd and users untouched).
set -euo pipefail

PREFIX=/opt/custos-agent
POLICY_DIR=/etc/custos
STATE_DIR=/var/lib/custos-agent
UNIT=/etc/systemd/system/custos-agent.service
USER_UNIT=/etc/systemd/user/custos-agent-session.service
AUTOSTART=/etc/xdg/autostart/custos-agent-session.desktop
ROOT="${DESTDIR:-/}"
FORCE=()

die() { echo "uninstall.sh: $*" >&2; exit "${2:-1}"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --force) FORCE=(--force); shift ;;
    --root) ROOT="${2:-}"; shift 2 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) die "unknown option $1 (see --help)" 2 ;;
  esac
done
ROOT="$(cd "$ROOT" 2>/dev/null && pwd)" || die "--root: no such directory" 2
R="${ROOT%/}"
if [ "$ROOT" = / ] && [ "$(id -u)" -ne 0 ]; then die "run as root (it stops the service and removes /opt, /etc and /var/lib files)"; fi

AGENT="$R$PREFIX/bin/dlp-agent"
if [ -x "$AGENT" ]; then
  env=(DLP_AGENT_POLICY_FILE="$R$POLICY_DIR/agent-policy.json")
  # In a test root the host's own service is none of our business.
  [ "$ROOT" = / ] || env+=(DLP_AGENT_SERVICE=none)
  if ! env "${env[@]}" "$AGENT" uninstall --state-dir "$R$STATE_DIR" "${FORCE[@]}"; then
    die "dlp-agent uninstall failed: nothing removed (--force removes the agent even if the server cannot be told)"
  fi
else
  echo "uninstall.sh: $AGENT is missing; removing the files only" >&2
fi

if [ "$ROOT" = / ] && command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
  systemctl disable --now custos-agent.service 2>/dev/null || true
  systemctl --global disable custos-agent-session.service 2>/dev/null || true
fi
# A session helper still running retries the gone socket quietly until its session ends; nothing
# starts it again.
rm -f "$R$UNIT" "$R$USER_UNIT" "$R$AUTOSTART" "$R$POLICY_DIR/agent-policy.json"
rmdir "$R$POLICY_DIR" 2>/dev/null || true
rm -rf "$R$STATE_DIR" "$R$PREFIX"
if [ "$ROOT" = / ]; then
  if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
  if id custos-agent >/dev/null 2>&1; then userdel custos-agent 2>/dev/null || true; fi
fi
echo "custos-agent removed from $ROOT"

#!/usr/bin/env bash
# Installs dlp-agent as a systemd service. Needs root for exactly these steps:
#   - creating the system user custos-agent,
#   - copying the agent to /opt/custos-agent and the unit to /etc/systemd/system,
#   - writing the machine policy /etc/custos/agent-policy.json (root-owned, 0640 root:custos-agent),
#   - enabling and starting the service.
# The service itself runs unprivileged as custos-agent.
#
# Usage: sudo installer/install.sh --server https://dlp.example:8443 [--token T] [--ca-file ca.pem]
#                                  [--prefix /opt/custos-agent] [--no-start]
# With --token, the service enrols at first start from machine policy (document 2, route b) and
# keeps retrying with back-off if the token is refused; clear the token once the machine is enrolled.
set -euo pipefail

PREFIX=/opt/custos-agent
SERVER=""
TOKEN=""
CA_FILE=""
START=1
POLICY_DIR=/etc/custos
UNIT_DIR=/etc/systemd/system
SRC="$(cd "$(dirname "$0")/.." && pwd)"

while [ $# -gt 0 ]; do
  case "$1" in
    --server) SERVER="$2"; shift 2 ;;
    --token) TOKEN="$2"; shift 2 ;;
    --ca-file) CA_FILE="$2"; shift 2 ;;
    --prefix) PREFIX="$2"; shift 2 ;;
    --no-start) START=0; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

if [ "$(id -u)" -ne 0 ]; then
  echo "install.sh: run as root (it creates a system user, writes /etc and installs a systemd unit)" >&2
  exit 1
fi
case "$SERVER" in
  https://*) ;;
  *) echo "install.sh: --server must be an https:// URL (the agent refuses anything else)" >&2; exit 2 ;;
esac
command -v node >/dev/null || { echo "install.sh: Node.js >= 20.19 is required" >&2; exit 1; }

id custos-agent >/dev/null 2>&1 || useradd --system --home-dir /var/lib/custos-agent --shell /usr/sbin/nologin custos-agent

# The agent build: compiled workspace (tsc -b) with its production dependencies.
install -d -m 0755 "$PREFIX"
cp -a "$SRC/agent/dist" "$SRC/agent/bin" "$SRC/agent/package.json" "$PREFIX/"
install -d -m 0755 "$PREFIX/node_modules"
cp -a "$SRC/node_modules/." "$PREFIX/node_modules/"
install -d -m 0755 "$PREFIX/docs" && cp "$SRC/docs/agent.md" "$PREFIX/docs/" 2>/dev/null || true
chmod 0755 "$PREFIX/bin/dlp-agent.js"
ln -sf "$PREFIX/bin/dlp-agent.js" "$PREFIX/bin/dlp-agent"

install -d -m 0750 -o root -g custos-agent "$POLICY_DIR"
if [ -n "$CA_FILE" ]; then install -m 0644 "$CA_FILE" "$POLICY_DIR/server-ca.pem"; fi
umask 027
{
  printf '{\n  "ServerUrl": "%s"' "$SERVER"
  if [ -n "$TOKEN" ]; then printf ',\n  "EnrollmentToken": "%s"' "$TOKEN"; fi
  printf '\n}\n'
} > "$POLICY_DIR/agent-policy.json"
chown root:custos-agent "$POLICY_DIR/agent-policy.json"
chmod 0640 "$POLICY_DIR/agent-policy.json"

install -d -m 0700 -o custos-agent -g custos-agent /var/lib/custos-agent
if [ -n "$CA_FILE" ]; then
  printf '{ "CaFile": "%s" }\n' "$POLICY_DIR/server-ca.pem" > /var/lib/custos-agent/config.json
  chown custos-agent:custos-agent /var/lib/custos-agent/config.json
  chmod 0600 /var/lib/custos-agent/config.json
fi

install -m 0644 "$SRC/installer/custos-agent.service" "$UNIT_DIR/custos-agent.service"
systemctl daemon-reload
if [ "$START" -eq 1 ]; then
  systemctl enable --now custos-agent.service
  echo "custos-agent started; follow it with: journalctl -u custos-agent -f"
else
  systemctl enable custos-agent.service
  echo "custos-agent installed (not started)"
fi

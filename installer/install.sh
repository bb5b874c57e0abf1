#!/usr/bin/env bash
# Installs dlp-agent on Linux from a built checkout (npm ci && npm run build). docs/install-linux.md
# is the administrator's page. Root is needed for exactly these steps:
#   - creating the system user custos-agent,
#   - writing the agent to /opt/custos-agent and the unit to /etc/systemd/system,
#   - writing the machine policy /etc/custos/agent-policy.json (0640 root:custos-agent),
#   - enabling and starting the service.
# The service itself runs unprivileged as custos-agent.
#
# Usage: sudo installer/install.sh --server https://dlp.example:8443 [--token T] [--ca-file ca.pem]
#                                  [--no-start] [--root DIR]
# --token      the service enrols at first start from machine policy (document 2, route b);
#              uninstall (or dlp-agent uninstall) removes it again.
# --ca-file    the CA that signed the server's certificate, kept as the agent's trusted CA.
# --root DIR   install into DIR instead of / (a test root or a package build; DESTDIR works too):
#              no user is created, nothing is owned by custos-agent, systemd is not touched.
# All or nothing: the agent tree and every file are staged first, then moved into place; a failure
# before the end removes what was staged and leaves an earlier install as it was. On a host without
# systemd the files are installed and the script says how to start the agent.
set -euo pipefail

PREFIX=/opt/custos-agent
POLICY_DIR=/etc/custos
STATE_DIR=/var/lib/custos-agent
UNIT=/etc/systemd/system/custos-agent.service
USER_UNIT=/etc/systemd/user/custos-agent-session.service
AUTOSTART=/etc/xdg/autostart/custos-agent-session.desktop
SERVER=""
TOKEN=""
CA_FILE=""
START=1
ROOT="${DESTDIR:-/}"
SRC="$(cd "$(dirname "$0")/.." && pwd)"

die() { echo "install.sh: $*" >&2; exit "${2:-1}"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --server) SERVER="${2:-}"; shift 2 ;;
    --token) TOKEN="${2:-}"; shift 2 ;;
    --ca-file) CA_FILE="${2:-}"; shift 2 ;;
    --root) ROOT="${2:-}"; shift 2 ;;
    --no-start) START=0; shift ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) die "unknown option $1 (see --help)" 2 ;;
  esac
done

# ---- checks: nothing is written before all of them pass -----------------------------------------
case "$SERVER" in
  https://*) ;;
  *) die "--server must be an https:// URL (the agent refuses anything else)" 2 ;;
esac
[ -n "$ROOT" ] || die "--root needs a directory" 2
ROOT="$(cd "$ROOT" 2>/dev/null && pwd)" || die "--root: no such directory" 2
REAL=0; [ "$ROOT" = / ] && REAL=1
R="${ROOT%/}"
if [ "$REAL" -eq 1 ] && [ "$(id -u)" -ne 0 ]; then
  die "run as root (it creates a system user, writes /etc and installs a systemd unit)"
fi
if [ -n "$CA_FILE" ] && ! [ -r "$CA_FILE" ]; then die "--ca-file $CA_FILE cannot be read" 2; fi
if [ -n "$CA_FILE" ] && ! grep -q 'BEGIN CERTIFICATE' "$CA_FILE"; then die "--ca-file $CA_FILE holds no PEM certificate" 2; fi

NODE="$(command -v node || true)"
[ -n "$NODE" ] || die "Node.js is required (node is not on PATH)"
NODE="$(readlink -f "$NODE")"
NEEDED="$(sed -n 's/.*"node": *">=\([0-9.]*\)".*/\1/p' "$SRC/package.json" | head -n1)"
[ -n "$NEEDED" ] || die "cannot read the Node range from $SRC/package.json"
"$NODE" -e '
  const want = process.argv[1].split(".").map(Number);
  const have = process.versions.node.split(".").map(Number);
  for (let i = 0; i < 3; i++) if (have[i] !== want[i]) process.exit(have[i] > want[i] ? 0 : 1);' "$NEEDED" \
  || die "Node.js >= $NEEDED is required; $NODE is $("$NODE" --version)"

# ---- stage --------------------------------------------------------------------------------------
CREATED=() # folders this run made, deepest first, removed again if it fails
for d in "$R/opt" "$R$POLICY_DIR" "$R/var/lib" "$R$(dirname "$UNIT")" "$R$(dirname "$USER_UNIT")" \
  "$R$(dirname "$AUTOSTART")"; do
  missing=()
  while ! [ -d "$d" ]; do missing=("$d" "${missing[@]}"); d="$(dirname "$d")"; done
  for m in "${missing[@]}"; do mkdir "$m"; CREATED=("$m" "${CREATED[@]}"); done
done
STAGE="$(mktemp -d "$R/opt/.custos-agent-stage.XXXXXX")"
OLD=""
COMMITTED=()
rollback() {
  local rc=$?
  if [ "$rc" -ne 0 ]; then
    echo "install.sh: failed; removing what this run wrote" >&2
    for f in "${COMMITTED[@]}"; do rm -rf "$f"; done
    if [ -n "$OLD" ] && [ -d "$OLD" ]; then mv "$OLD" "$R$PREFIX"; fi
    for f in "$R$POLICY_DIR/agent-policy.json" "$R$UNIT" "$R$USER_UNIT" "$R$AUTOSTART"; do
      if [ -e "$f.custos-old" ]; then mv -f "$f.custos-old" "$f"; else rm -f "$f"; fi
    done
  fi
  rm -rf "$STAGE"
  if [ "$rc" -ne 0 ]; then for d in "${CREATED[@]}"; do rmdir "$d" 2>/dev/null || true; done; fi
}
trap rollback EXIT

"$NODE" "$SRC/installer/package-agent.mjs" --out "$STAGE/tree" >/dev/null
# The command administrators run: this Node (the checked one), wherever the tree is.
cat > "$STAGE/tree/bin/dlp-agent" <<EOF
#!/bin/sh
exec "$NODE" "\$(dirname "\$(readlink -f "\$0")")/dlp-agent.js" "\$@"
EOF
chmod 0755 "$STAGE/tree/bin/dlp-agent" "$STAGE/tree/bin/dlp-agent.js"
# The compiled addons must load in this Node (a checkout built with another Node major would not).
(cd "$STAGE/tree" && "$NODE" --input-type=module -e '
  import Database from "better-sqlite3";
  new Database(":memory:").prepare("select 1").get();
  await import("@custos/native");') \
  || die "the packed agent does not load in $NODE: rebuild the checkout with this Node (npm ci)"
install -m 0755 "$SRC/installer/uninstall.sh" "$STAGE/tree/uninstall.sh"
mkdir -p "$STAGE/tree/docs"
cp "$SRC/docs/agent.md" "$SRC/docs/install-linux.md" "$STAGE/tree/docs/"
sed -e "s|@NODE@|$NODE|g" -e "s|@PREFIX@|$PREFIX|g" -e "s|@STATE_DIR@|$STATE_DIR|g" \
  "$SRC/installer/custos-agent.service" > "$STAGE/custos-agent.service"
# The session helper, started by each desktop session (systemd user unit, else XDG autostart).
for f in custos-agent-session.service custos-agent-session.desktop; do
  sed -e "s|@NODE@|$NODE|g" -e "s|@PREFIX@|$PREFIX|g" "$SRC/installer/$f" > "$STAGE/$f"
done
"$NODE" -e '
  const [server, token] = process.argv.slice(1);
  const policy = { ServerUrl: server };
  if (token) policy.EnrollmentToken = token;
  process.stdout.write(`${JSON.stringify(policy, null, 2)}\n`);' "$SERVER" "$TOKEN" > "$STAGE/agent-policy.json"

OWNER=""
if [ "$REAL" -eq 1 ]; then
  id custos-agent >/dev/null 2>&1 \
    || useradd --system --home-dir "$STATE_DIR" --shell /usr/sbin/nologin custos-agent
  OWNER=custos-agent
fi
chmod -R u=rwX,go=rX "$STAGE/tree"
chmod 0640 "$STAGE/agent-policy.json"
[ -z "$OWNER" ] || chown root:custos-agent "$STAGE/agent-policy.json"

# ---- commit: renames inside the same file systems -----------------------------------------------
if [ -e "$R$PREFIX" ]; then OLD="$R$PREFIX.custos-old"; rm -rf "$OLD"; mv "$R$PREFIX" "$OLD"; fi
mv "$STAGE/tree" "$R$PREFIX"; COMMITTED+=("$R$PREFIX")
chmod 0750 "$R$POLICY_DIR"; [ -z "$OWNER" ] || chown root:custos-agent "$R$POLICY_DIR"
for pair in "agent-policy.json:$R$POLICY_DIR/agent-policy.json" "custos-agent.service:$R$UNIT" \
  "custos-agent-session.service:$R$USER_UNIT" "custos-agent-session.desktop:$R$AUTOSTART"; do
  from="$STAGE/${pair%%:*}"; to="${pair#*:}"
  if [ -e "$to" ]; then cp -p "$to" "$to.custos-old"; fi
  mv -f "$from" "$to"
done
if ! [ -d "$R$STATE_DIR" ]; then install -d -m 0700 "$R$STATE_DIR"; COMMITTED+=("$R$STATE_DIR"); fi
if [ -n "$CA_FILE" ]; then install -m 0600 "$CA_FILE" "$R$STATE_DIR/server-ca.pem"; fi
[ -z "$OWNER" ] || chown -R custos-agent:custos-agent "$R$STATE_DIR"

RUN="$PREFIX/bin/dlp-agent run --state-dir $STATE_DIR"
if [ "$REAL" -eq 1 ] && [ -d /run/systemd/system ] && command -v systemctl >/dev/null; then
  systemctl daemon-reload
  systemctl --global enable custos-agent-session.service
  if [ "$START" -eq 1 ]; then systemctl enable --now custos-agent.service; else systemctl enable custos-agent.service; fi
  WHAT="enabled$([ "$START" -eq 1 ] && echo ' and started'); follow it with: journalctl -u custos-agent -f"
elif [ "$REAL" -eq 1 ]; then
  WHAT="NOTE: systemd is not running here, so no service was enabled. Start the agent with:
  runuser -u custos-agent -- $RUN"
else
  WHAT="installed into $ROOT (no user, no service: a test root or a package build)"
fi
# Success: the earlier install and the saved copies go.
rm -rf "$OLD" "$R$POLICY_DIR/agent-policy.json.custos-old" "$R$UNIT.custos-old" "$R$USER_UNIT.custos-old" \
  "$R$AUTOSTART.custos-old"
OLD=""
echo "custos-agent installed in $R$PREFIX (Node $("$NODE" --version)); $WHAT"

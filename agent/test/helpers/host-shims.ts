import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Stand-ins for what needs root or a service manager, for running an administrator's page in a
 * test root (docs/deploy-server.md). Each records its arguments in `$SHIM_LOG`. `sudo` runs the
 * command as the current user; `useradd`, `chown` and `ufw` only record; `install` drops `-o`/`-g`;
 * `systemctl` starts and stops `dlp-server start` with the settings file the way
 * installer/custos-server.service does (DLP_DATA_DIR, EnvironmentFile=/etc/custos-server/server.env,
 * ExecStart=/opt/custos-server/bin/dlp-server start, all under `$ROOT`), and
 * `journalctl` prints what that process printed.
 */
const RECORD = 'echo "$(basename "$0") $*" >> "$SHIM_LOG"';

const SHIMS: Record<string, string> = {
  sudo: `while [ $# -gt 0 ]; do
  case "$1" in
    -u|-g) shift 2 ;;
    --) shift; break ;;
    -*) shift ;;
    *) break ;;
  esac
done
exec "$@"`,
  useradd: RECORD,
  chown: RECORD,
  ufw: RECORD,
  install: `${RECORD}
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    -o|-g) shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
exec /usr/bin/install "\${args[@]}"`,
  journalctl: `${RECORD}
tail -n 40 "$SHIM_STATE/journal"`,
  systemctl: `${RECORD}
started() { cat "$SHIM_STATE/journal" 2>/dev/null | grep -c 'Data:'; }
start() {
  before=$(started)
  ( export DLP_DATA_DIR="$ROOT/var/lib/custos-server"
    set -a; . "$ROOT/etc/custos-server/server.env"; set +a
    exec "$ROOT/opt/custos-server/bin/dlp-server" start ) >> "$SHIM_STATE/journal" 2>&1 &
  echo $! > "$SHIM_STATE/pid"
  for _ in $(seq 600); do
    [ "$(started)" -gt "$before" ] && return 0
    kill -0 "$(cat "$SHIM_STATE/pid")" 2>/dev/null || { echo "custos-server failed" >&2; return 1; }
    sleep 0.1
  done
  return 1
}
stop() {
  pid=$(cat "$SHIM_STATE/pid" 2>/dev/null) || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  rm -f "$SHIM_STATE/pid"
}
case "$*" in
  daemon-reload) ;;
  "enable --now custos-server"|"start custos-server") start ;;
  "stop custos-server") stop ;;
  *) echo "systemctl stand-in: unexpected arguments: $*" >&2; exit 1 ;;
esac`,
};

export function writeHostShims(binDir: string, stateDir: string): void {
  mkdirSync(binDir, { recursive: true });
  mkdirSync(stateDir, { recursive: true });
  for (const [name, body] of Object.entries(SHIMS)) {
    const file = join(binDir, name);
    writeFileSync(file, `#!/bin/bash\n${body}\n`);
    chmodSync(file, 0o755);
  }
}

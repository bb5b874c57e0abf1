import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import type { ServiceLookup } from '../types.js';

const run = promisify(execFile);

/** The unit installer/install.sh writes, and the one the .deb ships (scripts/package/deb.mjs). */
export const UNIT_NAME = 'custos-agent.service';
export const UNIT_PATHS = [`/etc/systemd/system/${UNIT_NAME}`, `/lib/systemd/system/${UNIT_NAME}`];

/**
 * The installed systemd unit, when there is one and systemd runs. `DLP_AGENT_SERVICE=none` leaves
 * services alone (uninstall from a test root made with `install.sh --root`).
 */
export function findInstalledService(env: NodeJS.ProcessEnv = process.env): ServiceLookup {
  if (env.DLP_AGENT_SERVICE === 'none') return { kind: 'none' };
  if (!UNIT_PATHS.some((p) => existsSync(p)) || !existsSync('/run/systemd/system')) return { kind: 'none' };
  if (process.getuid?.() !== 0) return { kind: 'not_root' };
  const systemctl = async (...args: string[]) => {
    await run('systemctl', [...args, UNIT_NAME], { timeout: 60_000 });
  };
  return {
    kind: 'managed',
    control: {
      stop: () => systemctl('stop'),
      start: () => systemctl('start'),
      disable: () => systemctl('disable', '--now'),
    },
  };
}

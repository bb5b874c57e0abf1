import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The unit installer/install.sh writes. */
export const UNIT_NAME = 'custos-agent.service';
export const UNIT_PATH = `/etc/systemd/system/${UNIT_NAME}`;

/** What `dlp-agent uninstall` does with the installed service; null when there is none to manage. */
export interface ServiceControl {
  stop(): Promise<void>;
  start(): Promise<void>;
  disable(): Promise<void>;
}

export type ServiceLookup =
  | { kind: 'none' }
  | { kind: 'managed'; control: ServiceControl }
  /** The unit is installed but this process cannot stop it (not root). */
  | { kind: 'not_root' };

/**
 * The installed systemd unit, when there is one and systemd runs. `DLP_AGENT_SERVICE=none` leaves
 * services alone (uninstall from a test root made with `install.sh --root`).
 */
export function findInstalledService(env: NodeJS.ProcessEnv = process.env): ServiceLookup {
  if (process.platform !== 'linux' || env.DLP_AGENT_SERVICE === 'none') return { kind: 'none' };
  if (!existsSync(UNIT_PATH) || !existsSync('/run/systemd/system')) return { kind: 'none' };
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

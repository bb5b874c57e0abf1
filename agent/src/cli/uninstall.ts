import { readdir, rm } from 'node:fs/promises';
import { join, parse, resolve } from 'node:path';
import type { AgentConfig } from '../config.js';
import { removeDeviceKey } from '../identity/remove-key.js';
import type { Platform } from '../platform/types.js';
import type { AgentService } from '../service.js';
import { EXIT } from './args.js';

export interface UninstallOptions {
  force: boolean;
  /** Opens the enrolled service; null when the machine is not enrolled. */
  open(): Promise<AgentService | null>;
  out(text: string): void;
  err(text: string): void;
}

/**
 * `dlp-agent uninstall` (issue 26 item 7): the installed service stops first (nothing re-enrols or
 * writes behind our back), the server is told (a final upload, then a check-in marked
 * uninstalling: the server marks the device uninstalled), the state goes, the enrolment token
 * leaves machine policy and the service is disabled. A server that cannot be told stops it all
 * (the service is started again) unless --force.
 */
export async function uninstall(
  platform: Platform,
  config: AgentConfig,
  o: UninstallOptions,
): Promise<number> {
  const service = platform.installedService();
  if (service.kind === 'not_root') {
    o.err('dlp-agent uninstall: the custos-agent service is installed: run this as root to stop it first');
    return EXIT.failed;
  }
  const control = service.kind === 'managed' ? service.control : null;
  await control?.stop();
  let svc: AgentService | null;
  try {
    svc = await o.open();
  } catch (err) {
    // The enrolled state cannot be opened (a damaged queue, a missing runtime file): the server
    // cannot be told. --force removes the agent anyway; without it nothing is removed.
    if (!o.force) {
      await control?.start();
      o.err(
        `dlp-agent uninstall: the agent state cannot be opened (${(err as Error).message}); nothing removed (use --force)`,
      );
      return EXIT.failed;
    }
    o.err(
      `dlp-agent uninstall: the agent state cannot be opened (${(err as Error).message}); removing anyway (--force)`,
    );
    svc = null;
  }
  if (svc) {
    let told = false;
    try {
      await svc.upload();
      told = await svc.checkinUninstalling();
    } finally {
      await svc.close();
    }
    if (!told && !o.force) {
      await control?.start();
      o.err('dlp-agent uninstall: the server could not be told; nothing removed (use --force)');
      return EXIT.unreachable;
    }
  }
  // The key first (its pin says whether a hardware key lives outside the directory), then every
  // entry of the state directory: enrolment, queue, policy, evidence spool, exceptions, logs and
  // whatever a later version keeps there. The directory itself stays (the service manager owns it).
  await removeDeviceKey(config.stateDir, platform.deviceKeys);
  // Machine policy is the administrator's, not ours: kept even where it sits in the state directory.
  await clearStateDir(config.stateDir, platform.machinePolicy.location);
  const token = await platform.machinePolicy.clearEnrollmentToken();
  await control?.disable();
  o.out(
    'uninstalled: enrolment, device key, queue, policy and every other file of the state directory removed',
  );
  if (token === 'removed') o.out(`enrolment token removed from ${platform.machinePolicy.location}`);
  if (token === 'not_writable') {
    o.out(
      `note: ${platform.machinePolicy.location} still holds an enrolment token (run as root to remove it)`,
    );
  }
  if (control) o.out('service custos-agent stopped and disabled');
  return EXIT.ok;
}

/** Removes every entry of the state directory (never a filesystem root, whatever was configured). */
async function clearStateDir(stateDir: string, keep: string): Promise<void> {
  const dir = resolve(stateDir);
  if (parse(dir).root === dir) throw new Error(`refusing to empty ${dir}: not an agent state directory`);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const name of names) {
    const path = join(dir, name);
    if (path !== resolve(dir, keep)) await rm(path, { recursive: true, force: true });
  }
}

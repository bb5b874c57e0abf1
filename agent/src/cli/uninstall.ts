import { rm } from 'node:fs/promises';
import { join } from 'node:path';
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
  const names = ['enrollment.json', 'server-ca.pem', 'policy', 'config.json', 'logs'];
  for (const db of ['queue.db', 'files.db']) names.push(db, `${db}-wal`, `${db}-shm`);
  for (const name of names) await rm(join(config.stateDir, name), { recursive: true, force: true });
  await removeDeviceKey(config.stateDir, platform.deviceKeys);
  const token = await platform.machinePolicy.clearEnrollmentToken();
  await control?.disable();
  o.out('uninstalled: enrolment, device key, queue and policy removed');
  if (token === 'removed') o.out(`enrolment token removed from ${platform.machinePolicy.location}`);
  if (token === 'not_writable') {
    o.out(
      `note: ${platform.machinePolicy.location} still holds an enrolment token (run as root to remove it)`,
    );
  }
  if (control) o.out('service custos-agent stopped and disabled');
  return EXIT.ok;
}

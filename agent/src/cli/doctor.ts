import { renewalDue } from '../certificate-renewal.js';
import { type AgentConfig, loadConfig } from '../config.js';
import { readEnrollment } from '../enrollment-state.js';
import { deviceKeyVerdict } from '../identity/key-status.js';
import { createLogger } from '../log.js';
import type { Platform } from '../platform/types.js';
import { AgentService } from '../service.js';
import { UnreachableError } from '../transport/errors.js';
import { selfUpdateReadiness } from '../update/readiness.js';
import { EXIT } from './args.js';
import { monitoredPathsVerdict } from './doctor-paths.js';

type Verdict = 'OK' | 'WARN' | 'FAIL';
interface Check {
  check: string;
  verdict: Verdict;
  detail: string;
}

/**
 * `dlp-agent doctor`: each line a check with a clear verdict. The server check uses the probe route,
 * which changes nothing on the server (document 2), so a diagnosis never steals queued commands.
 */
export async function doctor(
  platform: Platform,
  stateDir: string | undefined,
  json: boolean,
  out: (s: string) => void,
): Promise<number> {
  const checks: Check[] = [];
  const add = (check: string, verdict: Verdict, detail: string) => checks.push({ check, verdict, detail });
  let config: AgentConfig | null = null;
  try {
    config = (await loadConfig({ platform, stateDir })).config;
    add(
      'configuration',
      'OK',
      `state directory ${config.stateDir}; machine policy ${platform.machinePolicy.location}`,
    );
  } catch (err) {
    add('configuration', 'FAIL', (err as Error).message);
  }
  const enrollment = config ? await readEnrollment(config.stateDir).catch(() => undefined) : undefined;
  if (config && !enrollment) add('enrolment', 'FAIL', 'not enrolled');
  if (config && enrollment) {
    add(
      'enrolment',
      'OK',
      `device ${enrollment.device_id}, tenant ${enrollment.tenant_id}, server ${enrollment.server_url}`,
    );
    // Issue 8: the key protection in force, proven by a signature; a TPM-enrolled agent whose TPM
    // is gone fails here naming why, and never falls back to another key.
    const key = await deviceKeyVerdict(
      config.stateDir,
      platform.deviceKeys,
      config.tcti ? { tcti: config.tcti } : {},
    );
    add(
      'device key',
      key.ok ? 'OK' : 'FAIL',
      key.ok ? `${key.protection} ${key.algorithm}; ${key.detail}` : `${key.code}: ${key.detail}`,
    );
    let svc: AgentService | null = null;
    try {
      svc = await AgentService.open(platform, config, createLogger(true));
      add('identity', 'OK', 'pinned device key loads and matches the enrolled public key');
    } catch (err) {
      add('identity', 'FAIL', (err as Error).message);
    }
    const days = Math.floor((Date.parse(enrollment.certificate_expires_at) - Date.now()) / 86_400_000);
    add(
      'certificate',
      days < 0 ? 'FAIL' : renewalDue(enrollment.certificate_expires_at, Date.now()) ? 'WARN' : 'OK',
      days < 0 ? 'device certificate expired' : `expires in ${days} days (renewed within 30 days of expiry)`,
    );
    if (svc) {
      try {
        const p = await svc.api.probe();
        if (p.status === 200) {
          add(
            'server',
            'OK',
            `reachable; signed probe accepted (identity verified); clock offset ${svc.transport.offsetMs} ms`,
          );
        } else if (p.status === 404) {
          add(
            'server',
            'WARN',
            'server reached but it has no probe route (older server): identity unchecked',
          );
        } else if (p.status === 401) {
          add(
            'server',
            'FAIL',
            'server reached but refused this device identity (revoked, unknown or bad signature)',
          );
        } else {
          add('server', 'FAIL', `server reached, probe answered ${p.status}`);
        }
      } catch (err) {
        add('server', 'FAIL', err instanceof UnreachableError ? err.message : (err as Error).message);
      }
      const b = svc.bundles.getStatus();
      if (b.version_in_force === 0)
        add('bundle', 'WARN', `no bundle in force${b.last_fetch_reason ? ` (${b.last_fetch_reason})` : ''}`);
      else
        add(
          'bundle',
          'OK',
          `version ${b.version_in_force} in force since ${b.accepted_at}; floor ${b.floor}`,
        );
      if (b.last_refusal) {
        add(
          'bundle refusal',
          'WARN',
          `last offered bundle refused: ${b.last_refusal.code} (${b.last_refusal.message})`,
        );
      }
      const paths = await monitoredPathsVerdict(
        config.stateDir,
        svc.bundles.payload()?.monitored_paths ?? [],
      );
      add('monitored paths', paths.verdict, paths.detail);
      const q = svc.queue.stats();
      add(
        'queue',
        q.overflow_refused + q.overflow_dropped > 0 ? 'WARN' : 'OK',
        `${q.depth} events waiting (capacity ${config.queueCapacity}); overflow refused ${q.overflow_refused}, dropped ${q.overflow_dropped}; rejected ${q.rejected}`,
      );
      await svc.close();
    }
  }
  // Whether an offered update can be installed by this agent itself (docs/agent-updates.md).
  const update = await selfUpdateReadiness();
  if (update.ok) add('self-update', 'OK', `${update.executable} is replaceable (${update.method})`);
  else add('self-update', update.executable ? 'WARN' : 'OK', update.reason);
  if (json) out(JSON.stringify({ checks, healthy: checks.every((c) => c.verdict !== 'FAIL') }, null, 2));
  else for (const c of checks) out(`[${c.verdict.padEnd(4)}] ${c.check.padEnd(15)} ${c.detail}`);
  return checks.some((c) => c.verdict === 'FAIL') ? EXIT.failed : EXIT.ok;
}

import { createPublicKey, verify as edVerify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { capabilityMatrix } from '../capabilities.js';
import { type AgentConfig, ConfigError, loadConfig } from '../config.js';
import { EVENT_ENROLL_FAILING, enroll, enrollFailureReason, enrollFromPolicy } from '../enroll.js';
import { readEnrollment } from '../enrollment-state.js';
import { probeTpm } from '../identity/key-status.js';
import { createLogger } from '../log.js';
import { loadPlatform } from '../platform/index.js';
import type { Platform } from '../platform/types.js';
import { AgentService } from '../service.js';
import { HttpError, UnreachableError } from '../transport/errors.js';
import { EXIT, type ParsedArgs, parseArgs, str, UsageError } from './args.js';
import { doctor } from './doctor.js';
import { HELP } from './help.js';
import { scanCommand } from './scan.js';
import { uninstallCommand } from './uninstall.js';

const COMMANDS: Record<string, { valued: string[]; booleans: string[] }> = {
  enroll: { valued: ['server', 'token', 'ca-file', 'state-dir', 'key'], booleans: ['json'] },
  run: { valued: ['state-dir'], booleans: ['once', 'json'] },
  scan: { valued: ['state-dir'], booleans: ['json'] },
  doctor: { valued: ['state-dir'], booleans: ['json'] },
  status: { valued: ['state-dir'], booleans: ['json'] },
  capabilities: { valued: ['state-dir'], booleans: ['json'] },
  'verify-package': { valued: ['signature', 'state-dir'], booleans: ['json'] },
  requests: { valued: ['withdraw', 'state-dir'], booleans: ['json'] },
  uninstall: { valued: ['state-dir'], booleans: ['force', 'json'] },
};

function out(text: string): void {
  process.stdout.write(`${text}\n`);
}

async function setup(
  args: ParsedArgs,
  extra: { serverUrl?: string; caFile?: string; keyMode?: string } = {},
) {
  const platform = await loadPlatform();
  const { config } = await loadConfig({ platform, stateDir: str(args, 'state-dir'), ...extra });
  return { platform, config };
}

async function openService(platform: Platform, config: AgentConfig): Promise<AgentService | null> {
  if (!(await readEnrollment(config.stateDir))) return null;
  return AgentService.open(platform, config, createLogger(!process.env.DLP_AGENT_VERBOSE));
}

export async function main(argv: string[]): Promise<number> {
  // Everything the agent writes (queue, remembered files, policy, enrolment) is owner-only.
  if (process.platform !== 'win32') process.umask(0o077);
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help' || command === '-h') {
    out(HELP.main!);
    return command ? EXIT.ok : EXIT.usage;
  }
  const spec = COMMANDS[command];
  if (!spec) {
    process.stderr.write(`dlp-agent: unknown command ${command}\n${HELP.main}\n`);
    return EXIT.usage;
  }
  let args: ParsedArgs;
  try {
    args = parseArgs(rest, spec.valued, spec.booleans);
  } catch (err) {
    process.stderr.write(`dlp-agent ${command}: ${(err as Error).message}\n${HELP[command]}\n`);
    return EXIT.usage;
  }
  if (args.flags.has('help')) {
    out(HELP[command]!);
    return EXIT.ok;
  }
  try {
    return await dispatch(command, args);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`dlp-agent ${command}: ${err.message}\n${HELP[command]}\n`);
      return EXIT.usage;
    }
    if (err instanceof ConfigError) {
      process.stderr.write(`dlp-agent ${command}: configuration: ${err.message}\n`);
      return EXIT.config;
    }
    if (err instanceof UnreachableError) {
      process.stderr.write(`dlp-agent ${command}: ${err.message}\n`);
      return EXIT.unreachable;
    }
    if (err instanceof HttpError) {
      process.stderr.write(`dlp-agent ${command}: ${err.message}\n`);
      return EXIT.refused;
    }
    throw err;
  }
}

async function dispatch(command: string, args: ParsedArgs): Promise<number> {
  switch (command) {
    case 'enroll': {
      const server = str(args, 'server');
      const token = str(args, 'token');
      if (!server || !token) throw new UsageError('--server and --token are required');
      const { platform, config } = await setup(args, {
        serverUrl: server,
        ...(str(args, 'ca-file') ? { caFile: str(args, 'ca-file')! } : {}),
        ...(str(args, 'key') ? { keyMode: str(args, 'key')! } : {}),
      });
      try {
        const state = await enroll(platform, config, token, createLogger(true));
        out(
          args.flags.has('json')
            ? JSON.stringify({
                device_id: state.device_id,
                tenant_id: state.tenant_id,
                agent_group: state.agent_group,
              })
            : `enrolled: device ${state.device_id} (tenant ${state.tenant_id}); endpoint group: ${
                state.agent_group ??
                'none (policies scoped to endpoint groups apply once the console moves this endpoint into one)'
              }`,
        );
        return EXIT.ok;
      } catch (err) {
        if (err instanceof ConfigError || err instanceof UsageError) throw err;
        process.stderr.write(`dlp-agent enroll: ${enrollFailureReason(err).reason}\n`);
        return err instanceof UnreachableError
          ? EXIT.unreachable
          : err instanceof HttpError
            ? EXIT.refused
            : EXIT.failed;
      }
    }
    case 'run': {
      const { platform, config } = await setup(args);
      const log = createLogger();
      const ac = new AbortController();
      const stop = () => ac.abort();
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
      if (!(await readEnrollment(config.stateDir))) {
        if (args.flags.has('once') && (!config.enrollmentToken || !config.serverUrl)) {
          process.stderr.write(
            'dlp-agent run: not enrolled (run dlp-agent enroll, or set EnrollmentToken in machine policy)\n',
          );
          return EXIT.notEnrolled;
        }
        if (args.flags.has('once')) {
          // One pass: one enrolment attempt from machine policy, its reason reported (event 3004).
          try {
            await enroll(platform, config, config.enrollmentToken!, log);
          } catch (err) {
            const { reason } = enrollFailureReason(err);
            platform.service.reportEvent(EVENT_ENROLL_FAILING, 'warning', `enrolment failed: ${reason}`);
            return err instanceof HttpError
              ? EXIT.refused
              : err instanceof UnreachableError
                ? EXIT.unreachable
                : EXIT.failed;
          }
        } else {
          // Document 2, route (b): enrol at first start from machine policy, retrying with back-off.
          const state = await enrollFromPolicy(platform, config, log, ac.signal);
          if (!state) return EXIT.notEnrolled;
        }
      }
      const svc = await AgentService.open(platform, config, log);
      try {
        if (args.flags.has('once')) {
          const summary = await svc.runOnce();
          out(JSON.stringify(summary));
          return summary.checkin === 'ok' || summary.checkin === 'offline' ? EXIT.ok : EXIT.failed;
        }
        await svc.run(ac.signal);
        return EXIT.ok;
      } finally {
        await svc.close();
      }
    }
    case 'scan': {
      const target = args.positional[0];
      if (!target) throw new UsageError('PATH is required');
      const { platform, config } = await setup(args);
      const svc = await openService(platform, config);
      if (!svc) {
        process.stderr.write('dlp-agent scan: not enrolled: no bundle to decide with\n');
        return EXIT.notEnrolled;
      }
      try {
        return await scanCommand(svc, target, args.flags.has('json'), out);
      } finally {
        await svc.close();
      }
    }
    case 'doctor': {
      const platform = await loadPlatform();
      return doctor(platform, str(args, 'state-dir'), args.flags.has('json'), out);
    }
    case 'status': {
      const { platform, config } = await setup(args);
      const enrollment = await readEnrollment(config.stateDir);
      if (!enrollment) {
        out(args.flags.has('json') ? JSON.stringify({ enrolled: false }) : 'not enrolled');
        return EXIT.notEnrolled;
      }
      const svc = await AgentService.open(platform, config, createLogger(true));
      try {
        const status = {
          enrolled: true,
          device_id: enrollment.device_id,
          tenant_id: enrollment.tenant_id,
          agent_group: enrollment.agent_group,
          server_url: enrollment.server_url,
          certificate_expires_at: enrollment.certificate_expires_at,
          bundle: svc.bundles.getStatus(),
          queue: svc.queue.stats(),
          remembered_files: svc.files.count(),
        };
        out(args.flags.has('json') ? JSON.stringify(status, null, 2) : formatStatus(status));
        return EXIT.ok;
      } finally {
        await svc.close();
      }
    }
    case 'capabilities': {
      const platform = await loadPlatform();
      const m = capabilityMatrix(platform);
      const tcti = await loadConfig({ platform, stateDir: str(args, 'state-dir') })
        .then(({ config }) => config.tcti)
        .catch(() => null);
      // Issue 8: whether a TPM answers here (no key is created or touched).
      const tpm = await probeTpm(tcti ? { tcti } : {});
      if (args.flags.has('json')) out(JSON.stringify({ ...m, tpm }, null, 2));
      else {
        out(`${m.os} ${m.os_version}, agent ${m.agent_version}`);
        out('channel              observe block notify  note');
        for (const [name, c] of Object.entries(m.channels)) {
          const yn = (b: boolean) => (b ? 'yes' : 'no ').padEnd(6);
          out(`${name.padEnd(20)} ${yn(c.observe)} ${yn(c.block)} ${yn(c.notify)} ${c.reason ?? ''}`);
        }
        out(`scope attributes: ${m.scope_attributes.join(', ')}`);
        out(`features: ${m.features.join(', ')}`);
        out(`tpm: ${tpm.present ? 'present' : 'absent'} (${tpm.detail})`);
      }
      return EXIT.ok;
    }
    case 'verify-package': {
      const file = args.positional[0];
      const sig = str(args, 'signature');
      if (!file || !sig) throw new UsageError('FILE and --signature are required');
      const { config } = await setup(args);
      const enrollment = await readEnrollment(config.stateDir);
      if (!enrollment) {
        process.stderr.write('dlp-agent verify-package: not enrolled: no keys to verify against\n');
        return EXIT.notEnrolled;
      }
      const bytes = await readFile(file);
      const signature = Buffer.from(sig, 'base64');
      const match = verifyPackage(bytes, signature, enrollment.policy_signing_keys);
      out(match ? `valid: signed by key ${match}` : 'INVALID: no enrolled key verifies this signature');
      return match ? EXIT.ok : EXIT.failed;
    }
    case 'requests': {
      const ref = str(args, 'withdraw');
      if (!ref) throw new UsageError('--withdraw REFERENCE is required');
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(ref))
        throw new UsageError('REFERENCE must be letters, digits, - or _');
      const { platform, config } = await setup(args);
      const svc = await openService(platform, config);
      if (!svc) return EXIT.notEnrolled;
      try {
        out(JSON.stringify(await svc.withdrawRequest(ref)));
        return EXIT.ok;
      } finally {
        await svc.close();
      }
    }
    case 'uninstall': {
      const { platform, config } = await setup(args);
      return uninstallCommand(platform, config, {
        force: args.flags.has('force'),
        open: () => openService(platform, config),
        out,
        err: (text) => process.stderr.write(`${text}\n`),
      });
    }
  }
  throw new UsageError(`unknown command ${command}`);
}

/** Ed25519 over the exact file bytes, against each enrolled policy signing key. */
export function verifyPackage(
  bytes: Uint8Array,
  signature: Uint8Array,
  keys: { key_id: string; public_key_b64: string; algorithm: string }[],
): string | null {
  for (const k of keys) {
    if (k.algorithm !== 'ed25519') continue;
    const raw = Buffer.from(k.public_key_b64, 'base64');
    if (raw.length !== 32) continue;
    const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]);
    const pub = createPublicKey({ key: spki, format: 'der', type: 'spki' });
    if (signature.length === 64 && edVerify(null, bytes, pub, signature)) return k.key_id;
  }
  return null;
}

function formatStatus(s: Record<string, unknown>): string {
  return Object.entries(s)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('\n');
}

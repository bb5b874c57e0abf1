import type { CliIo } from '../cli.js';
import { parse, UsageError } from '../cli-args.js';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { loadServerKeys } from '../crypto/server-keys.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { AuditWriter } from '../http/audit.js';
import { RELEASE_PLATFORMS, ReleaseInputError, registerRelease } from '../modules/agent-updates/public.js';

export const RELEASE_USAGE = `Usage: dlp-server release add FILE --version V --platform P [--tenant SLUG] [--json]

Registers an agent release (docs/agent-updates.md): stores FILE in <data>/releases/ under its
SHA-256 and signs it, for each tenant (or only --tenant SLUG), with that tenant's policy signing
key, the key its agents verify packages against. The release then appears in
GET /api/v1/agents/update-manifest; roll it out by endpoint group with POST on the same path.
Safe to repeat: run it again after creating a tenant, and after a policy signing key rotation
(a release signed by a key that is no longer live is signed again). The same version and platform
with other bytes is refused.

Options:
  --version V           dotted numbers (1.2.3), optionally with a -suffix; what the agent reports
  --platform P          ${RELEASE_PLATFORMS.join(', ')}
  --tenant SLUG         one tenant only
  --json                print the registered releases as a JSON array`;

export async function releaseCommand(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h') {
    io.stdout(RELEASE_USAGE);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== 'add') throw new UsageError(`unknown release command: ${sub}`);
  const { values, positionals } = parse(rest, {
    version: { type: 'string' },
    platform: { type: 'string' },
    tenant: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (values.help) {
    io.stdout(RELEASE_USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('exactly one FILE is required');
  if (typeof values.version !== 'string') throw new UsageError('--version is required');
  if (typeof values.platform !== 'string') throw new UsageError('--platform is required');
  const config = loadConfig(io.env, io.cwd);
  const keys = loadServerKeys(config);
  const { db } = connectDatabase(config);
  try {
    await migrateToLatest(db);
    const registered = await registerRelease(
      {
        db,
        audit: new AuditWriter(db, systemClock),
        clock: systemClock,
        masterKey: keys.master,
        dataDir: config.dataDir,
      },
      {
        file: positionals[0]!,
        version: values.version,
        platform: values.platform,
        ...(typeof values.tenant === 'string' ? { tenant: values.tenant } : {}),
      },
    ).catch((error: unknown) => {
      if (error instanceof ReleaseInputError) throw new UsageError(error.message);
      throw error;
    });
    if (values.json) io.stdout(JSON.stringify(registered));
    else
      for (const r of registered)
        io.stdout(
          `${r.new ? 'registered' : r.resigned ? 'signed again by the live key' : 'already registered'}: ${r.version} ${r.platform} for tenant ${r.tenant} (release ${r.id}, sha256 ${r.sha256}, key ${r.key_id})`,
        );
  } finally {
    await db.destroy();
  }
  return 0;
}

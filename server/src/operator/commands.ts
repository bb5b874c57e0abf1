import type { CliIo } from '../cli.js';
import { parse, UsageError } from '../cli-args.js';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { AppError } from '../http/errors.js';
import { backupDataDir } from './backup.js';
import { issueOwnerReset } from './owner-reset.js';
import { restoreDataDir } from './restore.js';

export const BACKUP_USAGE = `Usage: dlp-server backup --out DIR

Copies the SQLite database (a consistent snapshot, safe while the server runs), the keys
(<data>/keys/), the TLS material (<data>/tls/) and evidence (<data>/evidence/) into DIR, a new
directory, with manifest.json listing every file's size and SHA-256. Never overwrites. With
DLP_DATABASE_URL (PostgreSQL) it refuses: use pg_dump.`;

export const RESTORE_USAGE = `Usage: dlp-server restore --from DIR [--force]

Verifies DIR's manifest, then copies the backup into DLP_DATA_DIR, which must be empty or absent.
With --force (server stopped) a non-empty data directory's database, keys, TLS material and
evidence are replaced. Start the server afterwards: pending migrations run at start.`;

export const OWNER_USAGE = `Usage: dlp-server owner reset --tenant SLUG [--email E] [--json]

Prints a one-time password-reset link (valid 24 hours) for an Owner of the tenant, for when the
Owner password is lost. Without --email the tenant must have exactly one Owner. The link starts
with DLP_PUBLIC_URL (or the DLP_LISTEN address); open it, or post its part after "#" as "reset"
to /api/v1/auth/reset-password with the new password.`;

export async function backupCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, { out: { type: 'string' } });
  if (values.help) {
    io.stdout(BACKUP_USAGE);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  if (typeof values.out !== 'string') throw new UsageError('--out is required');
  const config = loadConfig(io.env, io.cwd);
  const result = backupDataDir(config, values.out, systemClock.now());
  io.stdout(
    `backup written to ${result.out}: ${result.manifest.files.length} files, schema ${result.manifest.schema}`,
  );
  for (const note of result.notes) io.stdout(`note: ${note}`);
  return 0;
}

export async function restoreCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, { from: { type: 'string' }, force: { type: 'boolean' } });
  if (values.help) {
    io.stdout(RESTORE_USAGE);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  if (typeof values.from !== 'string') throw new UsageError('--from is required');
  const config = loadConfig(io.env, io.cwd);
  const manifest = await restoreDataDir(config, values.from, values.force === true);
  io.stdout(
    `restored ${manifest.files.length} files (backup of ${manifest.created_at}, schema ${manifest.schema}) into ${config.dataDir}`,
  );
  io.stdout('start the server now: pending migrations run at start');
  return 0;
}

export async function ownerCommand(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h') {
    io.stdout(OWNER_USAGE);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== 'reset') throw new UsageError(`unknown owner command: ${sub}`);
  const { values, positionals } = parse(rest, {
    tenant: { type: 'string' },
    email: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (values.help) {
    io.stdout(OWNER_USAGE);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  if (typeof values.tenant !== 'string') throw new UsageError('--tenant is required');
  const config = loadConfig(io.env, io.cwd);
  const { db } = connectDatabase(config);
  try {
    await migrateToLatest(db);
    const reset = await issueOwnerReset(db, config, systemClock, {
      tenant: values.tenant,
      ...(typeof values.email === 'string' ? { email: values.email } : {}),
    }).catch((error: unknown) => {
      if (error instanceof AppError) throw new Error(error.message);
      throw error;
    });
    // With DLP_LISTEN port 0 and no DLP_PUBLIC_URL the server's address is unknown here: the
    // secret alone is printed, to be posted to /auth/reset-password.
    const addressKnown = Boolean(io.env.DLP_PUBLIC_URL) || config.listen.port !== 0;
    const link = addressKnown ? reset.link : null;
    const secret = reset.link.slice(reset.link.indexOf('#') + 1);
    if (values.json) {
      io.stdout(
        JSON.stringify({ tenant: reset.tenant, email: reset.email, link, expires_at: reset.expiresAt }),
      );
    } else {
      io.stdout(
        `one-time reset link for ${reset.email} (tenant ${reset.tenant}), valid until ${reset.expiresAt}:`,
      );
      io.stdout(link ?? `${secret} (server address unknown: set DLP_PUBLIC_URL; post it as "reset")`);
    }
  } finally {
    await db.destroy();
  }
  return 0;
}

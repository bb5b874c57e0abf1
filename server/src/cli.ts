import { realpathSync } from 'node:fs';
import { constants } from 'node:os';
import { pathToFileURL } from 'node:url';
import { parse, UsageError } from './cli-args.js';
import { systemClock } from './clock.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { AuditWriter } from './http/audit.js';
import { AppError } from './http/errors.js';
import { createTenant, validateTenantInput } from './modules/identity/public.js';
import { backupCommand, ownerCommand, restoreCommand } from './operator/commands.js';
import { releaseCommand } from './operator/release-command.js';
import { SERVER_VERSION } from './version.js';

/**
 * `dlp-server`, the operator CLI (issue 2). Exit codes: 0 done, 2 usage (bad arguments or a bad
 * DLP_* setting), 1 failure, each with a one-line reason on stderr.
 */

export interface CliIo {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /**
   * For `start`: resolves when the process should stop (signals in the real CLI), with what
   * asked for it (the signal's name) for the log.
   */
  waitForStop?: () => Promise<string | undefined>;
}

const USAGE = `Usage: dlp-server <command> [options]

Commands:
  start                 run the API (HTTPS, DLP_LISTEN) and operations (HTTP, DLP_OPS_LISTEN) listeners
  migrate               apply pending database migrations and exit
  tenant create         create a tenant and its first Owner
  backup --out DIR      consistent copy of database, keys and TLS material (server may run)
  restore --from DIR    restore a backup into an empty data directory
  owner reset           print a one-time password-reset link for a tenant's Owner
  release add FILE      register an agent release, signed per tenant (docs/agent-updates.md)

Options:
  -h, --help            show help (also after each command)
  --version             print the version

Settings come from DLP_* environment variables (docs/configuration.md).
Exit codes: 0 ok, 2 usage or invalid setting, 1 failure.`;

const START_USAGE = `Usage: dlp-server start

Migrates the database, creates tenant "default" with one Owner on first start (printing the
sign-in details once), generates a local CA and server certificate in <data>/tls/ unless
DLP_TLS_CERT/DLP_TLS_KEY are set, and serves until SIGINT or SIGTERM. Stopping lets requests
in flight finish for up to DLP_SHUTDOWN_GRACE_SECONDS (default 10) and exits 0; a second signal
exits at once.`;

const MIGRATE_USAGE = `Usage: dlp-server migrate

Applies every pending migration to the configured database (DLP_DATABASE_URL, or SQLite in
DLP_DATA_DIR) and prints what ran. Safe to repeat.`;

const TENANT_USAGE = `Usage: dlp-server tenant create --slug S --name N --owner-email E [--owner-password P] [--json]

Creates a tenant and its first Owner. Without --owner-password the Owner is invited: a one-time
invitation (valid seven days) is printed once.

Options:
  --slug S              lower-case letters, digits, inner hyphens (1-63)
  --name N              display name (1-120 characters, one line, no control characters,
                        direction overrides or credential-shaped values)
  --owner-email E       the Owner's e-mail address (the same characters refused)
  --owner-password P    set a password now (the password rule of docs/identity.md: at least twelve
                        characters, nothing common, no runs, repeats, e-mail name or organisation)
  --json                print {tenant_id, slug, owner_id, owner_email, invitation, invitation_expires_at, invitation_link}`;

const OPTION_OF_FIELD: Record<string, string> = {
  slug: '--slug',
  name: '--name',
  owner_email: '--owner-email',
  owner_password: '--owner-password',
};

async function withDatabase<T>(
  config: Config,
  fn: (db: ReturnType<typeof connectDatabase>['db']) => Promise<T>,
) {
  const { db } = connectDatabase(config);
  try {
    await migrateToLatest(db);
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

async function migrateCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parse(args, {});
  if (values.help) {
    io.stdout(MIGRATE_USAGE);
    return 0;
  }
  const config = loadConfig(io.env, io.cwd);
  const { db } = connectDatabase(config);
  try {
    const applied = await migrateToLatest(db);
    io.stdout(applied.length === 0 ? 'database is current' : `applied: ${applied.join(', ')}`);
  } finally {
    await db.destroy();
  }
  return 0;
}

async function tenantCommand(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h') {
    io.stdout(TENANT_USAGE);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== 'create') throw new UsageError(`unknown tenant command: ${sub}`);
  const { values, positionals } = parse(rest, {
    slug: { type: 'string' },
    name: { type: 'string' },
    'owner-email': { type: 'string' },
    'owner-password': { type: 'string' },
    json: { type: 'boolean' },
  });
  if (values.help) {
    io.stdout(TENANT_USAGE);
    return 0;
  }
  // Not echoed: a stray word may be half of an unquoted name, or worse.
  if (positionals.length > 0)
    throw new UsageError('unexpected argument after the options (quote a value that holds spaces)');
  for (const required of ['slug', 'name', 'owner-email'] as const) {
    if (typeof values[required] !== 'string') throw new UsageError(`--${required} is required`);
  }
  const input = {
    slug: values.slug as string,
    name: values.name as string,
    ownerEmail: values['owner-email'] as string,
    ...(typeof values['owner-password'] === 'string' ? { ownerPassword: values['owner-password'] } : {}),
  };
  // A usage error names the option and the rule, never the value (which may hold control
  // characters or a secret); checked before the settings and the database are touched.
  const asUsage = (error: unknown): never => {
    if (error instanceof AppError && error.code === 'request.invalid') {
      const d = error.details[0];
      throw new UsageError(d ? `${OPTION_OF_FIELD[d.field] ?? d.field} ${d.message}` : error.message);
    }
    throw error;
  };
  try {
    validateTenantInput(input);
  } catch (error) {
    asUsage(error);
  }
  const config = loadConfig(io.env, io.cwd);
  const created = await withDatabase(config, (db) =>
    createTenant({ db, clock: systemClock, audit: new AuditWriter(db, systemClock) }, input).catch(asUsage),
  );
  // The console takes the invitation from the URL fragment (document 3), so it never reaches a log.
  // With DLP_LISTEN port 0 and no DLP_PUBLIC_URL this process cannot know the server's address.
  const addressKnown = config.publicUrlConfigured || config.listen.port !== 0;
  const link =
    created.invitation && addressKnown ? `${config.publicUrl}/accept-invitation#${created.invitation}` : null;
  const ownerEmail = (values['owner-email'] as string).toLowerCase();
  if (values.json) {
    io.stdout(
      JSON.stringify({
        tenant_id: created.tenantId,
        slug: created.slug,
        owner_id: created.ownerId,
        owner_email: ownerEmail,
        invitation: created.invitation,
        invitation_expires_at: created.invitationExpiresAt,
        invitation_link: link,
      }),
    );
  } else {
    io.stdout(`tenant ${created.slug} created: ${created.tenantId}`);
    io.stdout(`owner ${ownerEmail}: ${created.ownerId}`);
    if (created.invitation) {
      io.stdout(`invitation (shown once, valid until ${created.invitationExpiresAt}): ${created.invitation}`);
      io.stdout(link ? `invitation link: ${link}` : 'invitation link: unknown address (set DLP_PUBLIC_URL)');
    }
  }
  return 0;
}

/** The first SIGINT or SIGTERM starts the orderly stop; a second one leaves at once. */
function signalStop(): Promise<string | undefined> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      const now = (again: NodeJS.Signals) => {
        // Nothing unanswered is acknowledged: a cut request never got its answer.
        process.stderr.write(`dlp-server: ${again} during shutdown, exiting without waiting\n`);
        process.exit(128 + constants.signals[again]);
      };
      process.once('SIGINT', now);
      process.once('SIGTERM', now);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

async function startCommand(args: string[], io: CliIo): Promise<number> {
  const { values } = parse(args, {});
  if (values.help) {
    io.stdout(START_USAGE);
    return 0;
  }
  const config = loadConfig(io.env, io.cwd);
  // Listen for the stop signal before starting, so a signal right after the banner is handled.
  const stopped = (io.waitForStop ?? signalStop)();
  // Loaded here, not at the top: the HTTP application is most of the CLI's start-up, and the other
  // commands (migrate, backup, release add, ...) do not need it.
  const { startServer } = await import('./main.js');
  const server = await startServer({ config, print: io.stdout });
  await server.close(await stopped);
  return 0;
}

/** Runs one CLI invocation and returns its exit code; never calls process.exit. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case undefined:
        io.stderr(USAGE);
        return 2;
      case '-h':
      case '--help':
      case 'help':
        io.stdout(USAGE);
        return 0;
      case '--version':
        io.stdout(SERVER_VERSION);
        return 0;
      case 'start':
        return await startCommand(rest, io);
      case 'migrate':
        return await migrateCommand(rest, io);
      case 'tenant':
        return await tenantCommand(rest, io);
      case 'backup':
        return await backupCommand(rest, io);
      case 'restore':
        return await restoreCommand(rest, io);
      case 'owner':
        return await ownerCommand(rest, io);
      case 'release':
        return await releaseCommand(rest, io);
      default:
        throw new UsageError(`unknown command: ${command} (see dlp-server --help)`);
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      io.stderr(`dlp-server: ${printable(error.message)}`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`dlp-server: ${printable(message)}`);
    return 1;
  }
}

/**
 * The one line an error prints on the operator's terminal. A message may quote what was typed (a
 * stray argument, an unknown tenant): control characters and direction overrides are shown as
 * `?` so an escape sequence never reaches the terminal, and the line is bounded.
 */
export function printable(message: string): string {
  const line = (message.split('\n')[0] ?? '').replace(
    /[\p{Cc}\p{Cs}\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu,
    '?',
  );
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

export function processIo(): CliIo {
  return {
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
    cwd: process.cwd(),
  };
}

/** `node server/dist/cli.js …` (the root `npm start`) runs the CLI directly. */
function isMain(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

if (isMain()) {
  process.exitCode = await runCli(process.argv.slice(2), processIo());
  // Everything is closed by now and the process ends on its own; should anything unforeseen still
  // hold the event loop, this leaves anyway (unref'd: it never delays a clean exit).
  setTimeout(() => process.exit(), 1_000).unref();
}

import fs from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { type CliIo, runCli } from '../src/cli.js';
import { connectDatabase } from '../src/db/connect.js';
import { sha256Hex } from '../src/http/tokens.js';
import { makeTempDir } from './helpers/index.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await fs.rm(d, { recursive: true, force: true });
});

async function io(extraEnv: Record<string, string> = {}) {
  const dataDir = await makeTempDir();
  dirs.push(dataDir);
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliIo = {
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    env: { DLP_DATA_DIR: dataDir, ...extraEnv },
    cwd: dataDir,
  };
  return { cli, out, err, dataDir };
}

describe('dlp-server CLI', () => {
  it('prints help for every command with exit 0, and usage errors exit 2', async () => {
    const { cli, out, err } = await io();
    for (const argv of [
      ['--help'],
      ['start', '--help'],
      ['migrate', '--help'],
      ['tenant', '--help'],
      ['tenant', 'create', '--help'],
    ]) {
      expect(await runCli(argv, cli)).toBe(0);
    }
    expect(out.join('\n')).toContain('tenant create --slug S --name N --owner-email E');
    expect(await runCli([], cli)).toBe(2);
    expect(await runCli(['frobnicate'], cli)).toBe(2);
    expect(await runCli(['tenant', 'create', '--slug', 'x'], cli)).toBe(2);
    expect(await runCli(['migrate', '--bogus'], cli)).toBe(2);
    expect(err.every((l) => l.startsWith('dlp-server: ') || l.startsWith('Usage:'))).toBe(true);
  });

  it('refuses an invalid setting with exit 2 naming the variable', async () => {
    const { cli, err } = await io({ DLP_AGENT_RATE_PER_MINUTE: '0' });
    expect(await runCli(['migrate'], cli)).toBe(2);
    expect(err).toEqual(['dlp-server: DLP_AGENT_RATE_PER_MINUTE: must be between 1 and 100000']);
  });

  it('migrate applies once and then reports the database current', async () => {
    const { cli, out } = await io();
    expect(await runCli(['migrate'], cli)).toBe(0);
    expect(out[0]).toMatch(/^applied: 0001_tenants, /);
    expect(await runCli(['migrate'], cli)).toBe(0);
    expect(out[1]).toBe('database is current');
  });

  it('tenant create with --json prints ids and a one-time invitation stored only as a hash', async () => {
    const { cli, out, dataDir } = await io();
    const code = await runCli(
      [
        'tenant',
        'create',
        '--slug',
        'acme',
        '--name',
        'Acme Ltd',
        '--owner-email',
        'Boss@Acme.example',
        '--json',
      ],
      cli,
    );
    expect(code).toBe(0);
    const answer = JSON.parse(out[0]!);
    expect(answer).toMatchObject({ slug: 'acme', owner_email: 'boss@acme.example' });
    expect(answer.invitation).toMatch(/^dlpi_/);
    expect(answer.invitation_link).toBe(`https://127.0.0.1:8443/accept-invitation#${answer.invitation}`);

    const { db } = connectDatabase({ dataDir, databaseUrl: null });
    try {
      const owner = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', answer.owner_id)
        .executeTakeFirstOrThrow();
      expect(owner).toMatchObject({
        tenant_id: answer.tenant_id,
        role: 'owner',
        status: 'invited',
        password_hash: null,
      });
      expect(owner.invitation_hash).toBe(sha256Hex(answer.invitation));
      const audit = await db
        .selectFrom('audit_events')
        .select(['action', 'metadata'])
        .where('tenant_id', '=', answer.tenant_id)
        .execute();
      expect(audit.map((a) => a.action).sort()).toEqual(['tenant.created', 'user.invited']);
      expect(JSON.stringify(audit)).not.toContain(answer.invitation);
    } finally {
      await db.destroy();
    }
  });

  it('tenant create with a password makes an active Owner and prints no invitation', async () => {
    const { cli, out, dataDir } = await io();
    const code = await runCli(
      [
        'tenant',
        'create',
        '--slug',
        'beta',
        '--name',
        'Beta',
        '--owner-email',
        'o@beta.example',
        '--owner-password',
        'correct horse battery',
      ],
      cli,
    );
    expect(code).toBe(0);
    expect(out.join('\n')).not.toContain('invitation');
    expect(out.join('\n')).not.toContain('correct horse');
    const { db } = connectDatabase({ dataDir, databaseUrl: null });
    try {
      const owner = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'o@beta.example')
        .executeTakeFirstOrThrow();
      expect(owner.status).toBe('active');
      expect(owner.password_hash).toMatch(/^\$argon2id\$/);
    } finally {
      await db.destroy();
    }
  });

  it('refuses a duplicate slug with exit 1 and a clear one-line reason', async () => {
    const { cli, err } = await io();
    const args = ['tenant', 'create', '--slug', 'dup', '--name', 'Dup', '--owner-email', 'a@dup.example'];
    expect(await runCli(args, cli)).toBe(0);
    expect(await runCli(args, cli)).toBe(1);
    expect(err).toEqual(['dlp-server: a tenant with slug dup already exists']);
  });

  it('refuses a bad slug or short password as usage, naming the option', async () => {
    const { cli, err } = await io();
    expect(
      await runCli(
        ['tenant', 'create', '--slug', 'Not OK', '--name', 'x', '--owner-email', 'a@b.example'],
        cli,
      ),
    ).toBe(2);
    expect(err[0]).toMatch(/^dlp-server: --slug /);
    expect(
      await runCli(
        [
          'tenant',
          'create',
          '--slug',
          'ok',
          '--name',
          'x',
          '--owner-email',
          'a@b.example',
          '--owner-password',
          'short',
        ],
        cli,
      ),
    ).toBe(2);
    expect(err[1]).toMatch(/^dlp-server: --owner-password /);
    expect(err[1]).not.toContain('short');
  });

  it('refuses a name or owner e-mail breaking the person-text rule as usage, naming the option, echoing nothing', async () => {
    const { cli, err, dataDir } = await io();
    const hostile = ['Acme\u0000Ltd', 'Acme \u001b[31mLtd', 'Acme \u202eLtd', 'Acme AKIAIOSFODNN7EXAMPLE'];
    for (const name of hostile) {
      const code = await runCli(
        ['tenant', 'create', '--slug', 'acme', '--name', name, '--owner-email', 'o@acme.example'],
        cli,
      );
      expect(code).toBe(2);
    }
    for (const email of ['o\u202e@acme.example', 'o\u001b@acme.example', 'o\u0000x@acme.example']) {
      const code = await runCli(
        ['tenant', 'create', '--slug', 'acme', '--name', 'Acme', '--owner-email', email],
        cli,
      );
      expect(code).toBe(2);
    }
    expect(err.slice(0, 4).every((l) => l.startsWith('dlp-server: --name '))).toBe(true);
    expect(err.slice(4).every((l) => l.startsWith('dlp-server: --owner-email '))).toBe(true);
    expect(err).toHaveLength(7);
    const printed = err.join('\n');
    for (const part of ['\u0000', '\u001b', '\u202e', 'AKIA', 'Ltd']) expect(printed).not.toContain(part);
    // Refused before anything was touched: no database was created.
    expect((await fs.readdir(dataDir)).filter((f) => f.endsWith('.db'))).toEqual([]);
    // A stray positional is not echoed either.
    expect(
      await runCli(
        [
          'tenant',
          'create',
          '--slug',
          'acme',
          '--name',
          'Acme',
          '--owner-email',
          'o@acme.example',
          '\u001b[2J',
        ],
        cli,
      ),
    ).toBe(2);
    expect(err[7]).toBe(
      'dlp-server: unexpected argument after the options (quote a value that holds spaces)',
    );
  });

  it('never prints a control character or direction override another command quotes back', async () => {
    const { cli, err } = await io();
    expect(await runCli(['frob\u001b[2J\u202e'], cli)).toBe(2);
    expect(
      await runCli(['owner', 'reset', '--tenant', `no-such\u001b]0;x\u0007${'y'.repeat(1000)}`], cli),
    ).toBe(1);
    expect(err).toHaveLength(2);
    for (const line of err) {
      expect(line).not.toMatch(/[\p{Cc}\u202e]/u);
      expect(line.length).toBeLessThan(400);
    }
  });
});

describe('tenant create: the invitation link needs a known address', () => {
  const create = ['tenant', 'create', '--slug', 'acme', '--name', 'Acme', '--owner-email', 'o@acme.example'];

  it('with DLP_LISTEN port 0 and no DLP_PUBLIC_URL prints no link (port 0 reaches nobody)', async () => {
    const json = await io({ DLP_LISTEN: '127.0.0.1:0' });
    expect(await runCli([...create, '--json'], json.cli)).toBe(0);
    const answer = JSON.parse(json.out[0]!);
    expect(answer.invitation).toMatch(/^dlpi_/);
    expect(answer.invitation_link).toBeNull();
    const text = await io({ DLP_LISTEN: '127.0.0.1:0' });
    expect(await runCli(create, text.cli)).toBe(0);
    expect(text.out.join('\n')).not.toContain(':0/');
    expect(text.out).toContain('invitation link: unknown address (set DLP_PUBLIC_URL)');
  });

  it('with DLP_PUBLIC_URL the link is built on it, whatever the port', async () => {
    const { cli, out } = await io({ DLP_LISTEN: '127.0.0.1:0', DLP_PUBLIC_URL: 'https://dlp.example.com' });
    expect(await runCli([...create, '--json'], cli)).toBe(0);
    const answer = JSON.parse(out[0]!);
    expect(answer.invitation_link).toBe(`https://dlp.example.com/accept-invitation#${answer.invitation}`);
  });
});

describe('tenant creation race', () => {
  it('answers tenant.slug_taken to the loser of two simultaneous creations', async () => {
    const { createTestApp } = await import('./helpers/index.js');
    const { createTenant } = await import('../src/modules/identity/public.js');
    const ctx = await createTestApp();
    try {
      const deps = { db: ctx.db, clock: ctx.clock, audit: ctx.app.deps.audit };
      const input = { slug: 'race', name: 'Race', ownerEmail: 'o@race.example' };
      const results = await Promise.allSettled([createTenant(deps, input), createTenant(deps, input)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(lost.reason).toMatchObject({ code: 'tenant.slug_taken', status: 409 });
    } finally {
      await ctx.close();
    }
  });
});

describe('dlp-server start', () => {
  it('fails with exit 1 and a one-line reason when the API port is taken', async () => {
    const net = await import('node:net');
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as import('node:net').AddressInfo).port;
    try {
      const { cli, err } = await io({
        DLP_LISTEN: `127.0.0.1:${port}`,
        DLP_OPS_LISTEN: '127.0.0.1:0',
        DLP_LOG_LEVEL: 'silent',
      });
      cli.waitForStop = () => new Promise(() => {});
      expect(await runCli(['start'], cli)).toBe(1);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(/^dlp-server: .*EADDRINUSE/);
    } finally {
      blocker.close();
    }
  });
});

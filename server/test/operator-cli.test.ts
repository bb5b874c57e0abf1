import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type CliIo, runCli } from '../src/cli.js';
import { createTestApp, makeTempDir, signInAs, type TestContext } from './helpers/index.js';

/**
 * Issue 26, item 8: `dlp-server backup`, `restore` and `owner reset` through the CLI entry
 * (`runCli`), on a real SQLite data directory that the real app serves at the same time. The
 * process-level proof (a running server, a restored one, an enrolled agent) is
 * agent/test/e2e-backup-restore.test.ts.
 */
const contexts: TestContext[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function setup(): Promise<TestContext> {
  const ctx = await createTestApp({ now: new Date().toISOString() });
  contexts.push(ctx);
  return ctx;
}

async function tempDir(): Promise<string> {
  const d = await makeTempDir('custos-operator-');
  dirs.push(d);
  return d;
}

function cli(dataDir: string, extraEnv: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
    env: { DLP_DATA_DIR: dataDir, ...extraEnv },
    cwd: dataDir,
  };
  return { run: (...argv: string[]) => runCli(argv, io), out, err };
}

const STRONG = 'Quiet-harbour-lantern-7291';

describe('dlp-server owner reset', () => {
  it('prints a one-time link on the public URL; the password set through it signs in; a second use is refused', async () => {
    const ctx = await setup();
    const owner = await signInAs(ctx, { role: 'owner', tenant: 'acme', email: 'boss@acme.example' });
    const c = cli(ctx.dataDir, { DLP_PUBLIC_URL: 'https://dlp.acme.example' });
    expect(await c.run('owner', 'reset', '--tenant', 'acme'), c.err.join('\n')).toBe(0);
    expect(c.out[0]).toMatch(/^one-time reset link for boss@acme\.example \(tenant acme\), valid until /);
    const link = c.out[1]!;
    expect(link).toMatch(/^https:\/\/dlp\.acme\.example\/reset-password#dlpr_[A-Za-z0-9_-]+$/);
    const reset = link.split('#')[1]!;

    const redeem = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { reset, password: STRONG },
      });
    expect((await redeem()).statusCode).toBe(204);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { tenant: 'acme', email: owner.email, password: STRONG },
    });
    expect(login.statusCode, login.body).toBe(200);
    // Single use: the same link again is the identical 401 of any unusable link.
    const again = await redeem();
    expect([again.statusCode, again.json().code]).toEqual([401, 'auth.unauthenticated']);

    // Audited as a system action naming the account; the link appears nowhere in the audit log.
    const audit = await ctx.db
      .selectFrom('audit_events')
      .selectAll()
      .where('tenant_id', '=', owner.tenantId)
      .execute();
    const issued = audit.find((a) => a.action === 'user.password_reset_issued');
    expect(issued).toMatchObject({ actor_type: 'system', subject_id: owner.userId });
    expect(JSON.stringify(audit)).not.toContain(reset);
    expect(JSON.stringify(audit)).not.toContain(reset.slice(5, 20));
  });

  it('needs --email when the tenant has several Owners, and refuses unknown tenants and non-Owners', async () => {
    const ctx = await setup();
    await signInAs(ctx, { role: 'owner', tenant: 'two', email: 'a@two.example' });
    await signInAs(ctx, { role: 'owner', tenant: 'two', email: 'b@two.example' });
    await signInAs(ctx, { role: 'admin', tenant: 'two', email: 'admin@two.example' });
    const c = cli(ctx.dataDir);
    expect(await c.run('owner', 'reset', '--tenant', 'two')).toBe(1);
    expect(c.err.at(-1)).toMatch(/has 2 Owners: name one with --email/);
    expect(await c.run('owner', 'reset', '--tenant', 'two', '--email', 'admin@two.example')).toBe(1);
    expect(c.err.at(-1)).toMatch(/no Owner with that e-mail address/);
    expect(await c.run('owner', 'reset', '--tenant', 'nope')).toBe(1);
    expect(c.err.at(-1)).toBe('dlp-server: no tenant with slug "nope"');
    expect(await c.run('owner', 'reset')).toBe(2);
    expect(await c.run('owner', 'reset', '--tenant', 'two', '--email', 'B@two.example', '--json')).toBe(0);
    expect(JSON.parse(c.out.at(-1)!)).toMatchObject({ tenant: 'two', email: 'b@two.example' });
    // Port 0 and no DLP_PUBLIC_URL: no made-up address, the secret alone.
    const unknown = cli(ctx.dataDir, { DLP_LISTEN: '127.0.0.1:0' });
    expect(await unknown.run('owner', 'reset', '--tenant', 'two', '--email', 'a@two.example')).toBe(0);
    expect(unknown.out[1]).toMatch(
      /^dlpr_[A-Za-z0-9_-]+ \(server address unknown: set DLP_PUBLIC_URL; post it as "reset"\)$/,
    );
  });
});

describe('dlp-server backup and restore', () => {
  it('copies database, keys and TLS with a manifest; refuses to overwrite; restore verifies and refuses a non-empty directory', async () => {
    const ctx = await setup();
    const owner = await signInAs(ctx, { role: 'owner', tenant: 'acme', password: STRONG });
    // keys/ holds the app's own generated keys; TLS material and evidence are stand-ins.
    for (const [dir, name] of [
      ['tls', 'ca.pem'],
      ['evidence', 'tenant/one.sealed'],
    ] as const) {
      fs.mkdirSync(path.dirname(path.join(ctx.dataDir, dir, name)), { recursive: true });
      fs.writeFileSync(path.join(ctx.dataDir, dir, name), `${dir} material\n`, { mode: 0o600 });
    }
    const work = await tempDir();
    const out = path.join(work, 'backup-1');
    const c = cli(ctx.dataDir);
    expect(await c.run('backup', '--out', out), c.err.join('\n')).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'custos-server-backup', format_version: 1 });
    expect(manifest.files.map((f: { path: string }) => f.path)).toEqual([
      'custos.db',
      'keys/factor.key',
      'keys/master.key',
      'tls/ca.pem',
      'evidence/tenant/one.sealed',
    ]);
    expect(fs.statSync(path.join(out, 'keys/master.key')).mode & 0o777).toBe(0o600);
    const copy = new BetterSqlite3(path.join(out, 'custos.db'), { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    // Never overwrites, not even an empty directory someone made.
    expect(await c.run('backup', '--out', out)).toBe(1);
    expect(c.err.at(-1)).toMatch(/exists: a backup never overwrites/);

    // Restore into a fresh directory; the restored database holds the Owner.
    const fresh = path.join(work, 'restored');
    const r = cli(fresh);
    expect(await r.run('restore', '--from', out), r.err.join('\n')).toBe(0);
    expect(fs.readFileSync(path.join(fresh, 'tls/ca.pem'), 'utf8')).toBe('tls material\n');
    const key = (dir: string) => fs.readFileSync(path.join(dir, 'keys/master.key'), 'utf8');
    expect(key(fresh)).toBe(key(ctx.dataDir));
    const restored = await createTestApp({ env: { DLP_DATA_DIR: fresh } });
    contexts.push(restored);
    expect(await restored.db.selectFrom('users').select('email').execute()).toEqual([{ email: owner.email }]);
    // A non-empty data directory is refused without --force.
    expect(await r.run('restore', '--from', out)).toBe(1);
    expect(r.err.at(-1)).toMatch(/is not empty: restore into a fresh data directory/);

    // A copy that does not match its manifest is refused before anything is written.
    const tampered = path.join(work, 'tampered');
    fs.cpSync(out, tampered, { recursive: true });
    fs.appendFileSync(path.join(tampered, 'keys/master.key'), 'x');
    const t = cli(path.join(work, 'never'));
    expect(await t.run('restore', '--from', tampered)).toBe(1);
    expect(t.err.at(-1)).toBe('dlp-server: keys/master.key does not match the manifest (size or SHA-256)');
    expect(fs.existsSync(path.join(work, 'never'))).toBe(false);
    // A database from a newer server (a migration this one does not know) is refused as well.
    const newer = path.join(work, 'newer');
    fs.cpSync(out, newer, { recursive: true });
    const db = new BetterSqlite3(path.join(newer, 'custos.db'));
    db.prepare(
      "INSERT INTO schema_migrations (name, timestamp) VALUES ('9999_from_the_future', '2030-01-01')",
    ).run();
    db.close();
    const entry = (m: { files: { path: string; bytes: number; sha256: string }[] }) => m.files[0]!;
    const newerManifest = JSON.parse(fs.readFileSync(path.join(newer, 'manifest.json'), 'utf8'));
    const { createHash } = await import('node:crypto');
    const bytes = fs.readFileSync(path.join(newer, 'custos.db'));
    Object.assign(entry(newerManifest), {
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    fs.writeFileSync(path.join(newer, 'manifest.json'), JSON.stringify(newerManifest));
    expect(await t.run('restore', '--from', newer)).toBe(1);
    expect(t.err.at(-1)).toMatch(
      /migrated by a newer server \(9999_from_the_future\): restore it with that version/,
    );
    expect(fs.existsSync(path.join(work, 'never'))).toBe(false);

    fs.rmSync(path.join(tampered, 'manifest.json'));
    expect(await t.run('restore', '--from', tampered)).toBe(1);
    expect(t.err.at(-1)).toMatch(/holds no manifest\.json: not a complete backup/);
  });

  it('--force replaces the database, keys and TLS material of a non-empty data directory', async () => {
    const work = await tempDir();
    const source = path.join(work, 'source');
    const s = cli(source);
    expect(await s.run('migrate')).toBe(0);
    fs.mkdirSync(path.join(source, 'keys'));
    fs.writeFileSync(path.join(source, 'keys/master.key'), 'from the backup\n');
    expect(await s.run('backup', '--out', path.join(work, 'b'))).toBe(0);
    const target = path.join(work, 'target');
    fs.mkdirSync(path.join(target, 'keys'), { recursive: true });
    fs.writeFileSync(path.join(target, 'keys/master.key'), 'old\n');
    fs.writeFileSync(path.join(target, 'keys/stale.key'), 'old\n');
    fs.writeFileSync(path.join(target, 'notes.txt'), 'kept\n');
    const t = cli(target);
    expect(await t.run('restore', '--from', path.join(work, 'b'), '--force'), t.err.join('\n')).toBe(0);
    expect(fs.readFileSync(path.join(target, 'keys/master.key'), 'utf8')).toBe('from the backup\n');
    expect(fs.existsSync(path.join(target, 'keys/stale.key'))).toBe(false);
    expect(fs.readFileSync(path.join(target, 'notes.txt'), 'utf8')).toBe('kept\n');
  });

  it('refuses PostgreSQL with a pointer to pg_dump, and usage errors exit 2', async () => {
    const work = await tempDir();
    const pg = cli(work, {
      DLP_DATABASE_URL: 'postgres://custos@db.example/custos',
      DLP_MASTER_KEY: Buffer.alloc(32, 1).toString('base64'),
      DLP_FACTOR_KEY: Buffer.alloc(32, 2).toString('base64'),
    });
    expect(await pg.run('backup', '--out', path.join(work, 'b'))).toBe(1);
    expect(pg.err.at(-1)).toMatch(
      /PostgreSQL: dlp-server backup covers the SQLite database only; use pg_dump/,
    );
    expect(await pg.run('restore', '--from', work)).toBe(1);
    expect(pg.err.at(-1)).toMatch(/use pg_dump/);
    expect(fs.existsSync(path.join(work, 'b'))).toBe(false);
    const c = cli(work);
    for (const help of [
      ['backup', '--help'],
      ['restore', '--help'],
      ['owner', 'reset', '--help'],
      ['--help'],
    ])
      expect(await c.run(...help)).toBe(0);
    expect(c.out.join('\n')).toMatch(
      /backup --out DIR[\s\S]*restore --from DIR[\s\S]*owner reset --tenant SLUG/,
    );
    expect(await c.run('backup')).toBe(2);
    expect(await c.run('restore')).toBe(2);
    expect(await c.run('backup', '--out', path.join(work, 'inside'))).toBe(1);
  });
});

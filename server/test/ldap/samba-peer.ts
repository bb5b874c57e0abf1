import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'ldapts';
import { sidText } from '../../src/modules/ldap/directory.js';

/**
 * A real Samba AD domain controller on 127.0.0.1 (LDAPS 636, StartTLS 389) started from the
 * Debian packages by samba-dc.sh. The provisioned directory is cached in the temporary
 * directory for later runs (provisioning takes tens of seconds here); each start copies it.
 */
export interface SambaPeer {
  url: string;
  startTlsUrl: string;
  ca: string;
  baseDn: string;
  service: { dn: string; password: string };
  /** SID of a group by account name (DLP-Analysts, DLP-Nested). */
  groupSid(name: string): Promise<string>;
  /** Runs samba-tool against this DC's directory (e.g. `computer add`); resolves with stdout. */
  sambaTool(...args: string[]): Promise<string>;
  close(): Promise<void>;
}

const SCRIPT = new URL('./samba-dc.sh', import.meta.url).pathname;
const CACHE = path.join(os.tmpdir(), 'custos-samba-dc-v1');

async function reachable(ca: string): Promise<boolean> {
  const client = new Client({ url: 'ldaps://127.0.0.1:636', tlsOptions: { ca: [ca] }, connectTimeout: 1000 });
  try {
    await client.bind('svc-custos@dlp.test', 'Passw0rd!Service1');
    return true;
  } catch {
    return false;
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/**
 * The DC listens on the fixed LDAP ports, so test files that run at the same time take turns:
 * a lock directory names the holder's pid and is taken over when that process is gone.
 */
const LOCK = path.join(os.tmpdir(), 'custos-samba-dc.lock');
async function takePortLock(): Promise<void> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      return;
    } catch {
      const holder = Number(fs.readFileSync(path.join(LOCK, 'pid'), { encoding: 'utf8', flag: 'a+' }) || 0);
      let alive = holder > 0;
      try {
        if (holder > 0) process.kill(holder, 0);
      } catch {
        alive = false;
      }
      if (!alive && holder > 0) fs.rmSync(LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('another test file kept the Samba DC ports too long');
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

export async function startSambaPeer(): Promise<SambaPeer> {
  await takePortLock();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'custos-samba-run-'));
  const dir = path.join(runDir, 'dc');
  const log = fs.openSync(path.join(runDir, 'samba.out'), 'w');
  const child: ChildProcess = spawn('bash', [SCRIPT, CACHE, dir], { stdio: ['ignore', log, log] });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + 240_000;
  const caFile = path.join(dir, 'tls', 'ca.pem');
  for (;;) {
    const failure = exited
      ? `samba exited: ${fs.readFileSync(path.join(runDir, 'samba.out'), 'utf8')}`
      : Date.now() > deadline
        ? 'samba did not answer LDAPS in time'
        : null;
    if (failure) {
      child.kill('SIGTERM');
      fs.rmSync(LOCK, { recursive: true, force: true });
      throw new Error(failure);
    }
    if (fs.existsSync(caFile) && (await reachable(fs.readFileSync(caFile, 'utf8')))) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const ca = fs.readFileSync(caFile, 'utf8');
  const service = { dn: 'svc-custos@dlp.test', password: 'Passw0rd!Service1' };
  return {
    url: 'ldaps://127.0.0.1:636',
    startTlsUrl: 'ldap://127.0.0.1:389',
    ca,
    baseDn: 'DC=dlp,DC=test',
    service,
    async groupSid(name) {
      const client = new Client({ url: 'ldaps://127.0.0.1:636', tlsOptions: { ca: [ca] } });
      try {
        await client.bind(service.dn, service.password);
        const { searchEntries } = await client.search('DC=dlp,DC=test', {
          filter: `(sAMAccountName=${name})`,
          attributes: ['objectSid'],
          explicitBufferAttributes: ['objectSid'],
        });
        return sidText(searchEntries[0]?.objectSid as Buffer);
      } finally {
        await client.unbind();
      }
    },
    sambaTool(...args) {
      const conf = path.join(dir, 'etc', 'smb.conf');
      return new Promise((resolve, reject) =>
        execFile('samba-tool', [...args, '-s', conf], (error, stdout, stderr) =>
          error ? reject(new Error(`samba-tool ${args[0]}: ${stderr}`)) : resolve(stdout),
        ),
      );
    },
    async close() {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      fs.rmSync(runDir, { recursive: true, force: true });
      fs.rmSync(LOCK, { recursive: true, force: true });
    },
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
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

export async function startSambaPeer(): Promise<SambaPeer> {
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
    if (exited) throw new Error(`samba exited: ${fs.readFileSync(path.join(runDir, 'samba.out'), 'utf8')}`);
    if (Date.now() > deadline) throw new Error('samba did not answer LDAPS in time');
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
    async close() {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      fs.rmSync(runDir, { recursive: true, force: true });
    },
  };
}

import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentPeerServer } from './helpers/agent-peer-server.js';
import { runAgent } from './helpers/agent-process.js';
import { cardBundle, LUHN_INVALID, VALID_CARDS } from './helpers/card-bundle.js';
import { enrolledPeerAgent } from './helpers/peer-agent.js';
import { policyKey, sign } from './helpers/signing-keys.js';
import { tempDir } from './helpers/tmp.js';

const peers: AgentPeerServer[] = [];
afterEach(async () => {
  for (const p of peers.splice(0)) await p.stop();
});

async function enrolledWithBundle() {
  const key = policyKey('key-1');
  const { peer, stateDir, env } = await enrolledPeerAgent({
    started: (p) => {
      peers.push(p);
      p.policySigningKeys = [key.trusted];
    },
  });
  peer.policyResponse = { bundle_version: 1, bundle: sign(cardBundle({ version: 1 }), key) };
  peer.policyUpdate = true;
  expect((await runAgent(['run', '--once', '--state-dir', stateDir], env)).code).toBe(0);
  return { peer, stateDir, env, key };
}

describe('dlp-agent commands', () => {
  it('scan PATH --json decides with the bundle in force, uploads nothing, prints no matched value', async () => {
    const { peer, stateDir, env } = await enrolledWithBundle();
    const dir = tempDir();
    writeFileSync(join(dir, 'a-cards.txt'), VALID_CARDS.join('\n'));
    writeFileSync(join(dir, 'b-fake.txt'), LUHN_INVALID.join('\n'));
    writeFileSync(join(dir, 'c-archive.zip'), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]));
    const before = peer.batches.length;
    const r = await runAgent(['scan', dir, '--json', '--state-dir', stateDir], env);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.bundle_version).toBe(1);
    expect(report.results.map((x: { action: string | null }) => x.action)).toEqual(['audit', null, null]);
    expect(report.results[0].requested_action).toBe('block');
    expect(report.results[2].not_read).toMatchObject({ cause: 'unsupported_format' });
    expect(r.stdout).not.toContain('4111');
    expect(peer.batches.length).toBe(before);
  });

  it('verify-package accepts a file signed by an enrolled key and refuses anything else', async () => {
    const key = policyKey('key-1');
    const { stateDir, env } = await enrolledPeerAgent({
      started: (p) => {
        peers.push(p);
        p.policySigningKeys = [key.trusted];
      },
    });
    const pkg = join(tempDir(), 'dlp-agent-0.2.0.tar.gz');
    writeFileSync(pkg, 'package bytes');
    const { sign: nodeSign } = await import('node:crypto');
    const sig = nodeSign(null, Buffer.from('package bytes'), key.privateKey).toString('base64');
    const ok = await runAgent(['verify-package', pkg, '--signature', sig, '--state-dir', stateDir], env);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('valid: signed by key key-1');
    writeFileSync(pkg, 'package bytes, altered');
    const bad = await runAgent(['verify-package', pkg, '--signature', sig, '--state-dir', stateDir], env);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('INVALID');
  });

  it('status reports enrolment, bundle and queue; uninstall tells the server first, then removes state', async () => {
    const { peer, stateDir, env } = await enrolledWithBundle();
    const st = await runAgent(['status', '--json', '--state-dir', stateDir], env);
    expect(st.code).toBe(0);
    expect(JSON.parse(st.stdout)).toMatchObject({
      enrolled: true,
      device_id: peer.deviceId,
      bundle: { version_in_force: 1 },
    });
    const u = await runAgent(['uninstall', '--state-dir', stateDir], env);
    expect(u.code, u.stderr).toBe(0);
    expect(peer.checkins.at(-1)).toMatchObject({ health: { state: 'uninstalling' } });
    expect(existsSync(join(stateDir, 'enrollment.json'))).toBe(false);
    expect(existsSync(join(stateDir, 'device-key'))).toBe(false);
    expect((await runAgent(['status', '--state-dir', stateDir], env)).code).toBe(3);
  });

  it('uninstall takes the enrolment token out of machine policy, keeping the rest and its mode', async () => {
    const { peer, stateDir, env } = await enrolledWithBundle();
    // What install.sh --token writes (issue 26 item 7: a token left behind re-enrols the machine).
    writeFileSync(
      env.DLP_AGENT_POLICY_FILE,
      JSON.stringify({ ServerUrl: peer.url, EnrollmentToken: 'good-token', CheckinIntervalSecs: 60 }),
      { mode: 0o640 },
    );
    const u = await runAgent(['uninstall', '--state-dir', stateDir], env);
    expect(u.code, u.stderr).toBe(0);
    expect(u.stdout).toContain('enrolment token removed');
    expect(u.stdout).not.toContain('good-token');
    expect(JSON.parse(readFileSync(env.DLP_AGENT_POLICY_FILE, 'utf8'))).toEqual({
      ServerUrl: peer.url,
      CheckinIntervalSecs: 60,
    });
    expect(statSync(env.DLP_AGENT_POLICY_FILE).mode & 0o777).toBe(0o640);
  });

  it('uninstall does not remove anything when the server cannot be told, unless --force', async () => {
    const { peer, stateDir, env } = await enrolledWithBundle();
    await peer.stop();
    peers.length = 0;
    const u = await runAgent(['uninstall', '--state-dir', stateDir], env);
    expect(u.code).toBe(4);
    expect(existsSync(join(stateDir, 'enrollment.json'))).toBe(true);
    const forced = await runAgent(['uninstall', '--force', '--state-dir', stateDir], env);
    expect(forced.code).toBe(0);
    expect(existsSync(join(stateDir, 'enrollment.json'))).toBe(false);
  });
});

import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentPeerServer } from './helpers/agent-peer-server.js';
import { runAgent } from './helpers/agent-process.js';
import { cardBundle, LUHN_INVALID, VALID_CARDS } from './helpers/card-bundle.js';
import { enrolledPeerAgent } from './helpers/peer-agent.js';
import { policyKey, sign } from './helpers/signing-keys.js';
import { fixtureHostEnv } from './helpers/sysfs-fixture.js';
import { tempDir } from './helpers/tmp.js';

const peers: AgentPeerServer[] = [];
afterEach(async () => {
  for (const p of peers.splice(0)) await p.stop().catch(() => {});
});

/** An enrolled agent whose peer serves a signed payment-card bundle monitoring `watched`. */
async function setup() {
  const key = policyKey('key-1');
  const watched = tempDir();
  // A sysfs fixture: a USB stick mounted at `stick` (a plain directory standing in for the mount).
  const stick = tempDir();
  const { peer, stateDir, env } = await enrolledPeerAgent({
    started: (p) => {
      peers.push(p);
      p.policySigningKeys = [key.trusted];
    },
    env: fixtureHostEnv(tempDir(), { usb: stick }),
  });
  const publish = (version: number, signer = key) => {
    const payload = cardBundle({ version, monitored: [watched] });
    payload.device_scope = null;
    peer.policyResponse = {
      bundle_version: version,
      bundle: sign({ ...payload, tenant_id: 'tenant-1' }, signer),
    };
    peer.policyUpdate = true;
  };
  const run = async () => {
    const r = await runAgent(['run', '--once', '--state-dir', stateDir], env);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout.trim()) as Record<string, unknown>;
  };
  return { peer, stateDir, watched, stick, env, publish, run, key };
}

describe('dlp-agent run --once against a peer serving signed bundles', () => {
  it('verifies the bundle, finds valid cards only, and reports removable-media copies with class and serial', async () => {
    const { peer, watched, stick, publish, run } = await setup();
    mkdirSync(join(watched, 'finance'));
    writeFileSync(join(watched, 'finance', 'cards.txt'), `Cards on file:\n${VALID_CARDS.join('\n')}\n`);
    writeFileSync(join(watched, 'lookalikes.txt'), `Order numbers:\n${LUHN_INVALID.join('\n')}\n`);
    copyFileSync(join(watched, 'finance', 'cards.txt'), join(stick, 'copied.txt'));
    publish(1);
    const summary = await run();
    expect(summary).toMatchObject({ checkin: 'ok', bundle_version: 1, queue_depth: 0 });
    const byChannel = (c: string) => peer.events.filter((e) => e.channel === c);
    expect(byChannel('discovery').map((e) => (e.file as { name: string }).name)).toEqual(['cards.txt']);
    const [usb] = byChannel('removable_storage');
    expect(usb).toMatchObject({
      action: 'audit',
      requested_action: 'block',
      removable_device: { device_class: 'usb_mass_storage', serial: 'AA0011223344', mount_point: stick },
    });
    expect(JSON.stringify(peer.events)).not.toContain('4111');
  });

  it('keeps the last good bundle when offered a tampered, an older or a foreign-key bundle', async () => {
    const { peer, publish, run, stateDir, env } = await setup();
    publish(5);
    expect((await run()).bundle_version).toBe(5);
    publish(4);
    expect((await run()).bundle_version).toBe(5);
    publish(6, policyKey('key-1'));
    expect((await run()).bundle_version).toBe(5);
    publish(7);
    const env7 = peer.policyResponse as { bundle: { payload_b64: string } };
    env7.bundle.payload_b64 = Buffer.from(
      Buffer.from(env7.bundle.payload_b64, 'base64').toString('utf8').replace('"block"', '"audit"'),
    ).toString('base64');
    expect((await run()).bundle_version).toBe(5);
    const doctor = await runAgent(['doctor', '--state-dir', stateDir], env);
    expect(doctor.stdout).toContain('bundle.signature_invalid');
    publish(8);
    expect((await run()).bundle_version).toBe(8);
  });

  it('queues offline with evaluated_offline and uploads once the server is back', async () => {
    const { peer, publish, run, watched } = await setup();
    publish(1);
    await run();
    const port = new URL(peer.url).port;
    await peer.stop();
    writeFileSync(join(watched, 'later.txt'), `card ${VALID_CARDS[0]}\n`);
    const offline = await run();
    expect(offline).toMatchObject({ checkin: 'offline', offline: true, queue_depth: 1 });
    // The same peer comes back on the same port.
    await new Promise<void>((r) => peer.server.listen(Number(port), '127.0.0.1', r));
    const online = await run();
    expect(online).toMatchObject({ checkin: 'ok', queue_depth: 0 });
    const later = peer.events.find((e) => (e.file as { name: string }).name === 'later.txt');
    expect(later).toMatchObject({ evaluated_offline: true, channel: 'discovery' });
  });

  it('raises file_delete when a file remembered with findings is deleted', async () => {
    const { peer, publish, run, watched } = await setup();
    writeFileSync(join(watched, 'cards.txt'), VALID_CARDS.join('\n'));
    publish(1);
    await run();
    const { rmSync } = await import('node:fs');
    rmSync(join(watched, 'cards.txt'));
    await run();
    const del = peer.events.find((e) => e.channel === 'file_delete');
    expect(del).toMatchObject({
      detectors: [{ detector_id: 'payment_card', category: 'financial', match_count: 3 }],
    });
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renewalDue } from '../src/certificate-renewal.js';
import type { AgentPeerServer } from './helpers/agent-peer-server.js';
import { runAgent } from './helpers/agent-process.js';
import { enrolledPeerAgent } from './helpers/peer-agent.js';

const peers: AgentPeerServer[] = [];
afterEach(async () => {
  for (const p of peers.splice(0)) await p.stop();
});

function enrolled(certificateDays: number) {
  return enrolledPeerAgent({
    started: (peer) => {
      peers.push(peer);
      peer.certificateDays = certificateDays;
    },
  });
}

describe('device certificate renewal (document 2: within 30 days of expiry, not fatal)', () => {
  it('is due only inside the last 30 days', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(renewalDue('2026-12-21T23:00:00Z', now)).toBe(true);
    expect(renewalDue('2026-12-23T00:00:00Z', now)).toBe(false);
  });

  it('renews with a fresh CSR when fewer than 30 days remain, and keeps the new certificate', async () => {
    const { peer, stateDir, env } = await enrolled(10);
    const r = await runAgent(['run', '--once', '--state-dir', stateDir], env);
    expect(r.code, r.stderr).toBe(0);
    expect(peer.certificateRequests).toHaveLength(1);
    expect(peer.certificateRequests[0]).toContain('BEGIN CERTIFICATE REQUEST');
    const state = JSON.parse(readFileSync(join(stateDir, 'enrollment.json'), 'utf8'));
    expect(state.certificate_pem).toBe('renewed-1');
  });

  it('does not renew a certificate with more than 30 days left', async () => {
    const { peer, stateDir, env } = await enrolled(90);
    await runAgent(['run', '--once', '--state-dir', stateDir], env);
    expect(peer.certificateRequests).toHaveLength(0);
  });

  it('carries on when renewal fails: the pass completes and the old certificate stays', async () => {
    const { peer, stateDir, env } = await enrolled(10);
    peer.refuseCertificates = true;
    const r = await runAgent(['run', '--once', '--state-dir', stateDir], env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout.trim())).toMatchObject({ checkin: 'ok' });
    expect(r.stderr).toContain('certificate renewal failed; will retry');
    expect(JSON.parse(readFileSync(join(stateDir, 'enrollment.json'), 'utf8')).certificate_pem).toBe(
      'test-certificate',
    );
  });
});

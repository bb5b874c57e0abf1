import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  RENEW_RETRY_FIRST_MS,
  RENEW_RETRY_MAX_MS,
  RenewalSchedule,
  renewalDue,
} from '../src/certificate-renewal.js';
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

describe('the renewal schedule (injected clock: document 2, certificate_renew_before_days, back-off)', () => {
  const DAY = 86_400_000;
  const t0 = Date.parse('2026-11-25T00:00:00Z');
  const expires = (days: number) => new Date(t0 + days * DAY).toISOString();

  it('is due when fewer than certificate_renew_before_days remain, with the days configurable', () => {
    const s = new RenewalSchedule();
    expect(s.shouldTry(expires(31), t0)).toBeNull();
    expect(s.shouldTry(expires(29), t0)).toBe('due');
    const short = new RenewalSchedule(5);
    expect(short.shouldTry(expires(10), t0)).toBeNull();
    expect(short.shouldTry(expires(4), t0)).toBe('due');
  });

  it("the check-in's certificate-rotation flag makes a try due before the date", () => {
    const s = new RenewalSchedule();
    s.request();
    expect(s.shouldTry(expires(80), t0)).toBe('requested');
  });

  it('backs off after failures (15 min, doubling, at most 6 h), even when the server keeps asking', () => {
    const s = new RenewalSchedule();
    let now = t0;
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      expect(s.shouldTry(expires(10), now)).toBe('due');
      const wait = s.failed(now);
      waits.push(wait);
      s.request();
      expect(s.shouldTry(expires(10), now + wait - 1)).toBeNull();
      now += wait;
    }
    expect(waits.slice(0, 4)).toEqual([1, 2, 4, 8].map((k) => k * RENEW_RETRY_FIRST_MS));
    expect(Math.max(...waits)).toBe(RENEW_RETRY_MAX_MS);
    expect(waits.at(-1)).toBe(RENEW_RETRY_MAX_MS);
  });

  it('a success resets the back-off and the request', () => {
    const s = new RenewalSchedule();
    s.request();
    s.failed(t0);
    s.failed(t0);
    s.succeeded();
    expect(s.shouldTry(expires(80), t0)).toBeNull();
    expect(s.shouldTry(expires(10), t0)).toBe('due');
    expect(s.failed(t0)).toBe(RENEW_RETRY_FIRST_MS);
  });
});

describe('renewal in a running agent (real agent process, peer server)', () => {
  it("renews a certificate with 90 days left when check-in's certificate-rotation flag asks", async () => {
    const { peer, stateDir, env } = await enrolled(90);
    peer.certificateRotation = true;
    const r = await runAgent(['run', '--once', '--state-dir', stateDir], env);
    expect(r.code, r.stderr).toBe(0);
    expect(peer.certificateRequests).toHaveLength(1);
  });

  it('asks once per run when renewal fails, even with the flag set (back-off, not a retry storm)', async () => {
    const { peer, stateDir, env } = await enrolled(10);
    peer.certificateRotation = true;
    peer.refuseCertificates = true;
    const r = await runAgent(['run', '--once', '--state-dir', stateDir], env);
    expect(r.code, r.stderr).toBe(0);
    expect(peer.certificateRequests).toHaveLength(1);
  });

  it('honours CertificateRenewBeforeDays from config.json', async () => {
    const { peer, stateDir, env } = await enrolled(10);
    writeFileSync(join(stateDir, 'config.json'), JSON.stringify({ CertificateRenewBeforeDays: 5 }));
    const r = await runAgent(['run', '--once', '--state-dir', stateDir], env);
    expect(r.code, r.stderr).toBe(0);
    expect(peer.certificateRequests).toHaveLength(0);
  });
});

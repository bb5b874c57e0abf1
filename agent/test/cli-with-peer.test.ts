import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventQueue } from '../src/queue/event-queue.js';
import type { AgentPeerServer } from './helpers/agent-peer-server.js';
import { runAgent, startAgent } from './helpers/agent-process.js';
import { enrolledPeerAgent, peerAgent } from './helpers/peer-agent.js';
import { tempDir } from './helpers/tmp.js';

const peers: AgentPeerServer[] = [];
afterEach(async () => {
  for (const p of peers.splice(0)) await p.stop();
});

async function enrolled() {
  const agent = await enrolledPeerAgent({ started: (peer) => peers.push(peer) });
  // Document 2: event 2001 marks a successful enrolment; the token never appears in output.
  expect(agent.enrolled.stderr).toContain('"event_id":2001');
  expect(agent.enrolled.stderr + agent.enrolled.stdout).not.toContain('good-token');
  return agent;
}

describe('dlp-agent CLI against a real HTTPS peer', () => {
  it('refuses a bad token with exit 5 and enrols with a good one', async () => {
    const { peer, stateDir, enrol } = await peerAgent({ started: (p) => peers.push(p) });
    const bad = await enrol('not-a-live-token');
    expect(bad.code).toBe(5);
    expect(bad.stderr).toContain('enrolment token refused');
    expect(bad.stderr).not.toContain('not-a-live-token');
    const good = await enrol();
    expect(good.code).toBe(0);
    expect(good.stdout).toContain(peer.deviceId);
    expect(existsSync(join(stateDir, 'enrollment.json'))).toBe(true);
  });

  it('refuses an http:// server with a configuration error (exit 6)', async () => {
    const r = await runAgent(
      ['enroll', '--server', 'http://127.0.0.1:1', '--token', 't', '--state-dir', tempDir()],
      {
        DLP_AGENT_POLICY_FILE: '/nonexistent/policy.json',
      },
    );
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('https');
  });

  it('answers usage errors with exit 2 and --help with exit 0', async () => {
    expect((await runAgent(['scan'])).code).toBe(2);
    expect((await runAgent(['frobnicate'])).code).toBe(2);
    const help = await runAgent(['doctor', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: dlp-agent doctor');
  });

  it('doctor: every line has a verdict; the signed probe proves identity', async () => {
    const { stateDir, env } = await enrolled();
    const r = await runAgent(['doctor', '--state-dir', stateDir], env);
    expect(r.stdout).toMatch(/\[OK {2}\] server +reachable; signed probe accepted/);
    expect(r.stdout).toMatch(/\[OK {2}\] identity/);
    expect(r.stdout).toMatch(/\[WARN\] bundle +no bundle in force/);
    expect(r.code).toBe(0);
  });

  it('run --once with no bundle checks in, uploads nothing and exits 0', async () => {
    const { stateDir, env } = await enrolled();
    const r = await runAgent(['run', '--once', '--state-dir', stateDir], env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout.trim())).toMatchObject({ checkin: 'ok', bundle_version: 0, queue_depth: 0 });
  });

  it('kill -9 mid-upload loses nothing: the restarted agent re-sends the same batch id', async () => {
    const { peer, stateDir, env } = await enrolled();
    const q = new EventQueue(join(stateDir, 'queue.db'), 100_000, 'refuse_new');
    const ids: string[] = [];
    for (let i = 0; i < 1_200; i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      q.enqueue(id, { event_id: id, channel: 'discovery', occurred_at: new Date().toISOString() });
      ids.push(id);
    }
    q.close();
    peer.holdEvents = true;
    const first = startAgent(['run', '--once', '--state-dir', stateDir], env);
    await new Promise<void>((resolve) => {
      peer.onEventsReceived = resolve;
    });
    first.child.kill('SIGKILL');
    const killed = await first.done;
    expect(killed.signal).toBe('SIGKILL');
    peer.holdEvents = false;
    peer.onEventsReceived = null;
    peer.releaseHeld();
    const second = await runAgent(['run', '--once', '--state-dir', stateDir], env);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout.trim())).toMatchObject({ queue_depth: 0 });
    for (const id of ids) expect(peer.accepted.has(id)).toBe(true);
    // The batch cut off by the kill was re-sent under its own id, with the same events.
    const [cut, ...rest] = peer.batches;
    const resent = rest.find((b) => b.batch_id === cut!.batch_id);
    expect(resent?.event_ids).toEqual(cut!.event_ids);
    expect(cut!.event_ids).toHaveLength(500);
  });
});

describe('state directory permissions', () => {
  it('keeps everything the agent writes owner-only', async () => {
    const { stateDir, env } = await enrolled();
    await runAgent(['run', '--once', '--state-dir', stateDir], env);
    const { readdirSync, statSync } = await import('node:fs');
    for (const name of readdirSync(stateDir)) {
      if (name === 'none.json') continue;
      const mode = statSync(join(stateDir, name)).mode & 0o077;
      expect({ name, mode }).toEqual({ name, mode: 0 });
    }
  });
});

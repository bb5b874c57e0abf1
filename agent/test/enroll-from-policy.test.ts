import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentPeerServer } from './helpers/agent-peer-server.js';
import { runAgent, startAgent } from './helpers/agent-process.js';
import { tempDir } from './helpers/tmp.js';

const peers: AgentPeerServer[] = [];
afterEach(async () => {
  for (const p of peers.splice(0)) await p.stop();
});

async function setup(token: string) {
  const peer = new AgentPeerServer();
  await peer.start();
  peers.push(peer);
  const stateDir = tempDir();
  const etc = tempDir();
  const caFile = join(etc, 'ca.pem');
  writeFileSync(caFile, peer.caPem);
  writeFileSync(join(stateDir, 'config.json'), JSON.stringify({ CaFile: caFile, KeyMode: 'software' }));
  const policyFile = join(etc, 'agent-policy.json');
  const writePolicy = (t: string) =>
    writeFileSync(policyFile, JSON.stringify({ ServerUrl: peer.url, EnrollmentToken: t }));
  writePolicy(token);
  return { peer, stateDir, env: { DLP_AGENT_POLICY_FILE: policyFile }, writePolicy };
}

describe('enrolment at first start from machine policy (document 2, route b)', () => {
  it('the service keeps running on a refused token and writes event 3004 naming the reason', async () => {
    const { stateDir, env } = await setup('revoked-token');
    const agent = startAgent(['run', '--state-dir', stateDir], env);
    let stderr = '';
    await new Promise<void>((resolve) => {
      agent.child.stderr!.on('data', (d) => {
        stderr += d;
        if (stderr.includes('"event_id":3004')) resolve();
      });
    });
    // Still running: a bad token does not stop the service, it retries with back-off.
    expect(agent.child.exitCode).toBeNull();
    agent.child.kill('SIGTERM');
    await agent.done;
    const line = stderr.split('\n').find((l) => l.includes('"event_id":3004'))!;
    expect(JSON.parse(line).message).toMatch(/enrolment token refused.*retrying in 30 s/);
    expect(stderr).not.toContain('revoked-token');
  });

  it('enrols from policy at first start (event 2001), then ignores the policy token once enrolled', async () => {
    const { peer, stateDir, env, writePolicy } = await setup('good-token');
    const first = await runAgent(['run', '--once', '--state-dir', stateDir], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('"event_id":2001');
    const deviceId = peer.deviceId;
    writePolicy('another-token');
    peer.deviceId = deviceId;
    const second = await runAgent(['run', '--once', '--state-dir', stateDir], env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toContain('"event_id":2001');
    expect(second.stderr).not.toContain('"event_id":3004');
  });

  it('run --once without enrolment and without a policy token exits 3', async () => {
    const r = await runAgent(['run', '--once', '--state-dir', tempDir()], {
      DLP_AGENT_POLICY_FILE: '/nonexistent/p.json',
    });
    expect(r.code).toBe(3);
  });
});

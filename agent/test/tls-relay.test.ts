import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentPeerServer } from './helpers/agent-peer-server.js';
import { enrolAgent, runAgent } from './helpers/agent-process.js';
import { writeCaFile } from './helpers/peer-agent.js';
import { TlsRelay } from './helpers/tls-proxy.js';
import { tempDir } from './helpers/tmp.js';

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const s of stops.splice(0)) await s();
});

describe('TLS relay used by the end-to-end tests', () => {
  it('passes signed requests through intact and can take the server off the network', async () => {
    const peer = new AgentPeerServer();
    await peer.start();
    const relay = new TlsRelay(peer.url, peer.caPem);
    await relay.start();
    stops.push(
      () => relay.stop(),
      () => peer.stop(),
    );
    const stateDir = tempDir();
    const env = { DLP_AGENT_POLICY_FILE: join(stateDir, 'none.json') };
    const e = await enrolAgent(
      { server: relay.url, token: 'good-token', caFile: writeCaFile(relay.caPem), stateDir },
      env,
    );
    expect(e.code, e.stderr).toBe(0);
    expect((await runAgent(['run', '--once', '--state-dir', stateDir], env)).code).toBe(0);
    expect(peer.refusals).toEqual([]);
    expect(peer.checkins.length).toBe(1);
    await relay.down();
    const offline = await runAgent(['run', '--once', '--state-dir', stateDir], env);
    expect(JSON.parse(offline.stdout.trim())).toMatchObject({ checkin: 'offline' });
    await relay.up();
    const back = await runAgent(['run', '--once', '--state-dir', stateDir], env);
    expect(JSON.parse(back.stdout.trim())).toMatchObject({ checkin: 'ok' });
  });
});

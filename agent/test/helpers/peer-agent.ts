import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { AgentPeerServer } from './agent-peer-server.js';
import { enrolAgent, type RunResult } from './agent-process.js';
import { cardBundle } from './card-bundle.js';
import { policyKey, sign } from './signing-keys.js';
import { tempDir } from './tmp.js';

/** Writes a CA certificate where `--ca-file` can read it (a fresh temporary directory); answers the path. */
export function writeCaFile(pem: string): string {
  const caFile = join(tempDir(), 'ca.pem');
  writeFileSync(caFile, pem);
  return caFile;
}

/** An agent state directory beside a running HTTPS agent peer that trusts it. */
export interface PeerAgent {
  peer: AgentPeerServer;
  stateDir: string;
  caFile: string;
  /** The agent's environment: no machine policy (a file that does not exist), plus what was asked. */
  env: Record<string, string> & { DLP_AGENT_POLICY_FILE: string };
  /** `dlp-agent enroll --key software` against the peer. */
  enrol(token?: string): Promise<RunResult>;
}

export interface PeerAgentOptions {
  /** Runs as soon as the peer listens: register its stop here, then set what it serves. */
  started(peer: AgentPeerServer): void;
  /** Added to the agent's environment (fixture paths, …). */
  env?: Record<string, string>;
}

/** Starts an agent peer, writes its CA for the agent and prepares a state directory; enrols nothing. */
export async function peerAgent(o: PeerAgentOptions): Promise<PeerAgent> {
  const peer = new AgentPeerServer();
  await peer.start();
  o.started(peer);
  const stateDir = tempDir();
  const caFile = writeCaFile(peer.caPem);
  const env = { DLP_AGENT_POLICY_FILE: join(stateDir, 'none.json'), ...o.env };
  return {
    peer,
    stateDir,
    caFile,
    env,
    enrol: (token = 'good-token') => enrolAgent({ server: peer.url, token, caFile, stateDir }, env),
  };
}

/** `peerAgent`, then enrolled with a software key (exit 0 asserted); `enrolled` is what enrol printed. */
export async function enrolledPeerAgent(o: PeerAgentOptions): Promise<PeerAgent & { enrolled: RunResult }> {
  const agent = await peerAgent(o);
  const enrolled = await agent.enrol();
  expect(enrolled.code, enrolled.stderr).toBe(0);
  return { ...agent, enrolled };
}

/**
 * `enrolledPeerAgent` serving a signed bundle (version 1) that monitors a fresh folder of 1,000
 * small files (10 folders of 100): the idle agent the benches measure. The peer's stop is
 * pushed onto `stops`.
 */
export async function watchingPeerAgent(
  stops: (() => Promise<void>)[],
): Promise<PeerAgent & { enrolled: RunResult; watched: string }> {
  const key = policyKey('key-1');
  const agent = await enrolledPeerAgent({
    started: (p) => {
      stops.push(() => p.stop());
      p.policySigningKeys = [key.trusted];
    },
  });
  const watched = tempDir();
  for (let d = 0; d < 10; d++) {
    mkdirSync(join(watched, `d${d}`));
    for (let i = 0; i < 100; i++)
      writeFileSync(join(watched, `d${d}`, `f${i}.txt`), `note ${d}-${i}\n`.repeat(50));
  }
  agent.peer.policyResponse = {
    bundle_version: 1,
    bundle: sign(cardBundle({ version: 1, monitored: [watched] }), key),
  };
  return { ...agent, watched };
}

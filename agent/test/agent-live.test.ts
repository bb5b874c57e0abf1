import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAgent } from './helpers/agent-process.js';
import { cardBundle, VALID_CARDS } from './helpers/card-bundle.js';
import { enrolledPeerAgent } from './helpers/peer-agent.js';
import { policyKey, sign } from './helpers/signing-keys.js';
import { tempDir } from './helpers/tmp.js';
import { whenTrue } from './helpers/wait.js';

const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const s of stops.splice(0)) await s();
});

describe('dlp-agent run (service loop) against a peer', () => {
  it('reports file activity live: create, then a move as file_rename from the old path', async () => {
    const key = policyKey();
    const { peer, stateDir, env } = await enrolledPeerAgent({
      started: (p) => {
        stops.push(() => p.stop());
        p.policySigningKeys = [key.trusted];
      },
    });
    const watched = tempDir();
    writeFileSync(join(stateDir, 'config.json'), JSON.stringify({ UploadIntervalSecs: 1 }));
    peer.policyResponse = {
      bundle_version: 1,
      bundle: sign(cardBundle({ version: 1, monitored: [watched] }), key),
    };
    peer.policyUpdate = true;
    const agent = startAgent(['run', '--state-dir', stateDir], env);
    stops.push(async () => {
      agent.child.kill('SIGTERM');
      await agent.done;
    });
    let log = '';
    agent.child.stderr!.on('data', (d) => {
      log += d;
    });
    // Checked on each chunk the agent prints (the log listener above has run by then).
    const inLog = (cond: () => boolean, what: string) =>
      whenTrue([agent.child.stderr!], 'data', cond, what, 20_000);
    // A file created during the first discovery pass may be found by it (channel discovery); wait for
    // the pass so that what follows is file activity only.
    await inLog(
      () => log.includes('"msg":"watching"') && log.includes('"msg":"discovery pass done"'),
      'watcher and pass',
    );
    writeFileSync(join(watched, 'new-cards.txt'), `${VALID_CARDS.join('\n')}\n`);
    await peer.until(() => peer.events.some((x) => x.channel === 'file_create'), 'file_create');
    renameSync(join(watched, 'new-cards.txt'), join(watched, 'moved-cards.txt'));
    await peer.until(() => peer.events.some((x) => x.channel === 'file_rename'), 'file_rename');
    const moved = peer.events.find((x) => x.channel === 'file_rename')!;
    expect(moved.file).toMatchObject({ name: 'moved-cards.txt', from_path: join(watched, 'new-cards.txt') });
    expect(moved).toMatchObject({ action: 'audit', requested_action: 'block' });
    agent.child.kill('SIGTERM');
    const exit = await agent.done;
    expect(exit.code).toBe(0);
  });
});

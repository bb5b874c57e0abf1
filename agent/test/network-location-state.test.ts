import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContent } from '../src/content/read-content.js';
import { DecisionPipeline } from '../src/pipeline.js';
import type { NetworkAdapter, NetworkFacts } from '../src/platform/types.js';
import { NetworkLocationState } from '../src/policy/network-location-state.js';
import { prepareRuntime } from '../src/policy/runtime.js';
import { EventQueue } from '../src/queue/event-queue.js';
import { cardBundle, cardPolicy, VALID_CARDS } from './helpers/card-bundle.js';
import { linuxPlatform } from './helpers/platform.js';
import { tempDir } from './helpers/tmp.js';

const SET = { revision: 2, dns_suffixes: ['corp.example.com'], ip_ranges: ['10.0.0.0/8'] };

function facts(
  adapters: NetworkAdapter[] | null,
): NetworkFacts & { reads: number; set(a: NetworkAdapter[] | null): void } {
  let current = adapters;
  return {
    reads: 0,
    async adapters() {
      this.reads++;
      return current;
    },
    set(a) {
      current = a;
    },
  };
}
const office: NetworkAdapter = { name: 'eth0', addresses: ['10.4.5.6'], dns_suffixes: [], tunnel: false };
const cafe: NetworkAdapter = { name: 'wlan0', addresses: ['172.20.1.9'], dns_suffixes: [], tunnel: false };

describe('network location state on the agent', () => {
  it('reports nothing until indicators arrive, keeps them owner-only across restarts, re-reads after 30 s', async () => {
    const dir = tempDir();
    let now = 1_000_000;
    const f = facts([office]);
    const s = new NetworkLocationState(dir, f, () => now);
    await s.load();
    expect(await s.current()).toBeNull();
    expect(await s.accept(SET)).toBe(true);
    expect(await s.current()).toBe('corporate');
    expect(statSync(join(dir, 'network-indicators.json')).mode & 0o777).toBe(0o600);
    // The same revision again changes nothing; a malformed set is ignored.
    expect(await s.accept(SET)).toBe(false);
    expect(await s.accept({ revision: 3, dns_suffixes: 'corp' })).toBe(false);
    f.set([cafe]);
    expect(await s.current()).toBe('corporate'); // cached
    now += 30_000;
    expect(await s.current()).toBe('off_network');

    const restarted = new NetworkLocationState(dir, facts([office]));
    await restarted.load();
    expect(restarted.revision).toBe(2);
    expect(await restarted.current()).toBe('corporate');
  });

  it('is unknown when the platform cannot read its network, and a corrupt file means no indicators', async () => {
    const dir = tempDir();
    const s = new NetworkLocationState(dir, undefined);
    await s.accept(SET);
    expect(await s.current()).toBe('unknown');
    writeFileSync(join(dir, 'network-indicators.json'), '{not json');
    const again = new NetworkLocationState(dir, facts([office]));
    await again.load();
    expect(await again.current()).toBeNull();
    expect(readFileSync(join(dir, 'network-indicators.json'), 'utf8')).toBe('{not json');
  });

  it('feeds the decision: a rule for off-network endpoints matches in the café, not in the office', async () => {
    const dir = tempDir();
    const queue = new EventQueue(join(dir, 'q.db'), 1000, 'refuse_new');
    const platform = await linuxPlatform({ sessionsDir: join(dir, 'no-sessions') });
    const bundle = cardBundle();
    bundle.policies = [
      cardPolicy({
        response: 'audit',
        condition: {
          op: 'and',
          nodes: [
            { op: 'detector', detector_id: 'payment_card', min_matches: 1, require_validated: true },
            { op: 'network_location', any_of: ['off_network'] },
          ],
        },
      }),
    ];
    const runtime = prepareRuntime(bundle);
    const f = facts([office]);
    let now = 0;
    const location = new NetworkLocationState(dir, f, () => now);
    await location.accept(SET);
    const pipeline = new DecisionPipeline({
      platform,
      queue,
      runtime: () => runtime,
      device: { id: 'dev-1', agent_group: () => null },
      offline: () => false,
      location: () => location.current(),
      log: () => {},
    });
    const path = join(dir, 'cards.txt');
    writeFileSync(path, VALID_CARDS.join('\n'));
    const observe = async () =>
      pipeline.handle({
        channel: 'discovery',
        path,
        content: await readContent(path, 1 << 20),
        occurred_at: new Date().toISOString(),
      });
    expect((await observe()).reported).toBe(false);
    f.set([cafe]);
    now += 60_000;
    expect(await observe()).toMatchObject({ queued: true, reported: true });
  });
});

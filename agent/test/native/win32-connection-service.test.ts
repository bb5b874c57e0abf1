import { join } from 'node:path';
import type { RefusedConnectionRaw, WfpFilterRow } from '@custos/native';
import { describe, expect, it } from 'vitest';
import { capabilityMatrix } from '../../src/capabilities.js';
import type { Platform } from '../../src/platform/types.js';
import { createWin32Capabilities } from '../../src/platform/win32/capabilities.js';
import { ConnectionFilterManager, type FilterBackend } from '../../src/platform/win32/connection-filters.js';
import { prepareRuntime } from '../../src/policy/runtime.js';
import { EventQueue } from '../../src/queue/event-queue.js';
import {
  NOT_ON_THIS_PLATFORM,
  queueRefusedConnections,
  syncConnectionFilters,
  wantedConnectionPolicies,
} from '../../src/service/connection-filters.js';
import type { AgentState } from '../../src/service/state.js';
import { cardBundle, cardPolicy } from '../helpers/card-bundle.js';
import { linuxPlatform } from '../helpers/platform.js';
import { tempDir } from '../helpers/tmp.js';

// The service side of connection policies: which policies the loop hands to the platform's
// filters, the health the check-in reports, the capability that follows it, and refused
// connections queued as events. WFP exists neither on Linux nor under Wine, so the Windows manager
// runs here over a backend that records (or refuses, as Wine's FwpmEngineOpen0 does).
const P1 = '00000000-0000-4000-8000-0000000000c1';
const P2 = '00000000-0000-4000-8000-0000000000c2';
const connection = (id: string, overrides = {}) =>
  cardPolicy({
    policy_id: id,
    condition: { op: 'not', child: { op: 'and', children: [] } } as never,
    connection: { mode: 'deny', applications: ['curl.exe'], destinations: [{ address: '203.0.113.0/24' }] },
    ...overrides,
  });

class Backend implements FilterBackend {
  rows: WfpFilterRow[] = [];
  pending: RefusedConnectionRaw[] = [];
  refuseOpen = false;
  open() {
    if (this.refuseOpen)
      throw Object.assign(new Error('Operation not supported.'), { code: 'native.not_supported' });
    return 1;
  }
  replace(_s: number, rows: WfpFilterRow[]) {
    this.rows = rows;
    return rows.length;
  }
  take() {
    const events = this.pending;
    this.pending = [];
    return { events, dropped: 0 };
  }
  close() {}
}

async function state(policies: ReturnType<typeof connection>[], windows: Backend | null) {
  const dir = tempDir();
  const linux = await linuxPlatform({ sessionsDir: join(dir, 'none') });
  const bundle = { ...cardBundle(), policies };
  let platform: Platform = linux;
  if (windows) {
    const filters = new ConnectionFilterManager(
      (name) => (name === 'curl.exe' ? ['C:\\Windows\\System32\\curl.exe'] : []),
      windows,
    );
    platform = {
      ...linux,
      id: 'win32',
      osName: 'windows',
      connectionFilters: filters,
      capabilities: createWin32Capabilities({ connectionFilters: () => filters.health() }),
    };
  }
  const s = {
    platform,
    runtime: prepareRuntime(bundle),
    enrollment: { device_id: 'dev-1', agent_group: 'finance' },
    queue: new EventQueue(join(dir, 'q.db'), 100, 'refuse_new'),
    offline: false,
    connectionHealth: { wanted: 0, in_force: 0, reason: null },
    log: () => {},
  } as unknown as AgentState;
  const events = () => s.queue.nextBatch(100)?.events.map((e) => e.body) ?? [];
  return { s, events };
}

describe('connection policies in the service loop', () => {
  it('hands over only published policies in scope and in their effective window', async () => {
    const { s } = await state(
      [
        connection(P1, { scope: { operating_systems: ['Windows'], agent_groups: ['finance'] } }),
        connection(P2, { scope: { operating_systems: ['linux'] } }),
        connection('00000000-0000-4000-8000-0000000000c3', { status: 'test' }),
        connection('00000000-0000-4000-8000-0000000000c4', { effective_until: '2020-01-01T00:00:00Z' }),
        connection('00000000-0000-4000-8000-0000000000c5', { scope: { exclude_device_ids: ['dev-1'] } }),
        cardPolicy(),
      ],
      new Backend(),
    );
    const wanted = wantedConnectionPolicies(s.runtime, {
      deviceId: 'dev-1',
      os: 'windows',
      agentGroup: 'finance',
      nowMs: Date.now(),
    });
    expect(wanted.map((p) => p.policy_id)).toEqual([P1]);
  });

  it('on Windows with filters in force: health says so and the report claims block', async () => {
    const backend = new Backend();
    const { s } = await state(
      [
        connection(P1),
        connection(P2, {
          connection: {
            mode: 'deny',
            applications: ['portable.exe'],
            destinations: [{ address: '198.51.100.7' }],
          },
        }),
      ],
      backend,
    );
    const health = syncConnectionFilters(s);
    expect(health).toEqual({
      wanted: 2,
      in_force: 1,
      reason: `${P2}: portable.exe has no copy in a system folder or on the search path`,
    });
    expect(s.connectionHealth).toBe(health);
    expect(backend.rows[0]).toMatchObject({
      action: 'block',
      appPath: 'C:\\Windows\\System32\\curl.exe',
      prefix: 24,
    });
    expect(capabilityMatrix(s.platform).channels.network_connection).toMatchObject({
      observe: true,
      block: true,
    });
  });

  it('where the filtering engine cannot open (Wine: 1764): in force 0 with the reason, block false', async () => {
    const backend = new Backend();
    backend.refuseOpen = true;
    const { s } = await state([connection(P1)], backend);
    expect(syncConnectionFilters(s)).toEqual({
      wanted: 1,
      in_force: 0,
      reason: 'connection filters not replaced: Operation not supported. (native.not_supported)',
    });
    expect(capabilityMatrix(s.platform).channels.network_connection).toMatchObject({
      block: false,
      reason: expect.stringContaining('Operation not supported'),
    });
  });

  it('on a platform without filters: wanted counted, none in force, and why', async () => {
    const { s } = await state([connection(P1)], null);
    expect(syncConnectionFilters(s)).toEqual({ wanted: 1, in_force: 0, reason: NOT_ON_THIS_PLATFORM });
    expect(queueRefusedConnections(s)).toBe(0);
  });

  it('a refused connection is queued as a network_connection event naming application and address, once a minute per pair', async () => {
    const backend = new Backend();
    const { s, events } = await state([connection(P1)], backend);
    syncConnectionFilters(s);
    const refused = (address: string): RefusedConnectionRaw => ({
      timeMs: Date.parse('2026-11-25T10:00:00Z'),
      ipVersion: 4,
      remoteAddress: address,
      remotePort: 443,
      protocol: 6,
      appId: '\\device\\harddiskvolume2\\windows\\system32\\curl.exe',
      filterId: 77,
    });
    backend.pending = [refused('203.0.113.9'), refused('203.0.113.9'), refused('203.0.113.10')];
    expect(queueRefusedConnections(s)).toBe(2);
    backend.pending = [refused('203.0.113.9')];
    expect(queueRefusedConnections(s)).toBe(0);
    const [first] = events();
    expect(first).toMatchObject({
      channel: 'network_connection',
      action: 'block',
      occurred_at: '2026-11-25T10:00:00.000Z',
      decided_by_policy_id: P1,
      matched_policy_ids: [P1],
      connection: { application: 'curl.exe', address: '203.0.113.9', port: 443 },
      file: null,
    });
    expect((first!.explanation as { text: string }[])[0]!.text).toBe(
      'curl.exe was refused a connection to 203.0.113.9 port 443 by a connection filter',
    );
  });
});

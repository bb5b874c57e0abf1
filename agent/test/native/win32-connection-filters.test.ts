import type { RefusedConnectionRaw, WfpFilterRow } from '@custos/native';
import { describe, expect, it } from 'vitest';
import {
  ConnectionFilterManager,
  type FilterBackend,
  REFUSED_EVENT_INTERVAL_MS,
} from '../../src/platform/win32/connection-filters.js';

// WFP does not exist on Linux (nor under Wine): the manager's rules are tested against a
// recording backend here; the real backend is exercised under Wine (test:windows).
class RecordingBackend implements FilterBackend {
  installed: WfpFilterRow[] = [];
  failNext: Error | null = null;
  pending: RefusedConnectionRaw[] = [];
  open() {
    return 7;
  }
  replace(_session: number, rows: WfpFilterRow[]) {
    if (this.failNext) {
      const err = this.failNext;
      this.failNext = null;
      throw err;
    }
    this.installed = rows;
    return rows.length;
  }
  take() {
    const events = this.pending;
    this.pending = [];
    return { events, dropped: 0 };
  }
  close() {}
}

const resolve = (name: string) => (name === 'curl.exe' ? ['C:\\Windows\\System32\\curl.exe'] : []);
const policy = (id: string, applications: string[]) => ({
  policy_id: id,
  mode: 'deny' as const,
  applications,
  destinations: [{ address: '203.0.113.0/24' }],
});

describe('connection filter manager', () => {
  it('reports wanted, in force and why an application is not covered', () => {
    const backend = new RecordingBackend();
    const manager = new ConnectionFilterManager(resolve, backend);
    const health = manager.apply([policy('P1', ['curl.exe']), policy('P2', ['portable.exe'])]);
    expect(health.wanted).toBe(2);
    expect(health.in_force).toBe(1);
    expect(health.reason).toContain('portable.exe has no copy');
    expect(backend.installed).toHaveLength(1);
  });

  it('a failed replace keeps the previous set in force and says why', () => {
    const backend = new RecordingBackend();
    const manager = new ConnectionFilterManager(resolve, backend);
    manager.apply([policy('P1', ['curl.exe'])]);
    const before = backend.installed;
    backend.failNext = Object.assign(new Error('FwpmFilterAdd0 failed'), {
      code: 'native.wfp_error',
      details: [],
    });
    const health = manager.apply([policy('P1', ['curl.exe']), policy('P3', ['curl.exe'])]);
    expect(backend.installed).toBe(before);
    expect(health).toMatchObject({ wanted: 2, in_force: 1 });
    expect(health.reason).toContain('native.wfp_error');
  });

  it('turns refused connections into events at most once a minute per application and destination', () => {
    const backend = new RecordingBackend();
    let now = 1_000_000;
    const manager = new ConnectionFilterManager(resolve, backend, () => now);
    manager.apply([policy('P1', ['curl.exe'])]);
    const refused = (address: string): RefusedConnectionRaw => ({
      timeMs: now,
      ipVersion: 4,
      remoteAddress: address,
      remotePort: 443,
      protocol: 6,
      appId: '\\device\\harddiskvolume3\\windows\\system32\\curl.exe',
      filterId: 1,
    });
    backend.pending = [refused('203.0.113.5'), refused('203.0.113.5'), refused('203.0.113.9')];
    expect(manager.takeRefused().map((e) => [e.application, e.address])).toEqual([
      ['curl.exe', '203.0.113.5'],
      ['curl.exe', '203.0.113.9'],
    ]);
    now += REFUSED_EVENT_INTERVAL_MS - 1;
    backend.pending = [refused('203.0.113.5')];
    expect(manager.takeRefused()).toEqual([]);
    now += 1;
    backend.pending = [refused('203.0.113.5')];
    expect(manager.takeRefused()).toHaveLength(1);
  });

  it('with no connection policies nothing is opened and nothing is wanted', () => {
    const backend = new RecordingBackend();
    let opened = false;
    backend.open = () => {
      opened = true;
      return 1;
    };
    expect(new ConnectionFilterManager(resolve, backend).apply([])).toEqual({
      wanted: 0,
      in_force: 0,
      reason: null,
    });
    expect(opened).toBe(false);
  });
});

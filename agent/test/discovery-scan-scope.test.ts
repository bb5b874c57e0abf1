import { describe, expect, it } from 'vitest';
import { scanCommandOf, scanRoots } from '../src/discovery-scan/scope.js';

describe('what a discovery scan walks (docs/discovery-scans.md)', () => {
  const monitored = ['/srv/share', '/home/ada/Documents', 'C:\\Finance'];

  it('no requested path: every monitored path', () => {
    expect(scanRoots(monitored, [])).toEqual({ roots: monitored, skipped: [] });
  });

  it('stays inside the monitored scope: inner paths as asked, outer paths cut down, others skipped', () => {
    expect(
      scanRoots(monitored, ['/srv/share/payroll', '/home', 'C:\\Finance\\2026', '/etc', '/srv/shared']),
    ).toEqual({
      roots: ['/srv/share/payroll', '/home/ada/Documents', 'C:\\Finance\\2026'],
      skipped: ['/etc', '/srv/shared'],
    });
  });

  it('never walks a root twice', () => {
    expect(scanRoots(monitored, ['/srv/share', '/srv/share/a']).roots).toEqual(['/srv/share']);
  });

  it('reads only well-formed commands', () => {
    const id = '0b9f1c2e-3d4a-4b5c-8d6e-7f8091a2b3c4';
    expect(scanCommandOf({ payload: { scan_id: id.toUpperCase(), paths: ['/a'] } })).toEqual({
      scan_id: id,
      paths: ['/a'],
    });
    expect(scanCommandOf({ payload: { scan_id: id } })).toEqual({ scan_id: id, paths: [] });
    expect(scanCommandOf({ payload: { scan_id: 'x', paths: [] } })).toBeNull();
    expect(scanCommandOf({ payload: { scan_id: id, paths: [1] } })).toBeNull();
    expect(scanCommandOf({})).toBeNull();
  });
});

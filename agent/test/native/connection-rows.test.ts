import { describe, expect, it } from 'vitest';
import {
  expandConnectionRules,
  parseDestination,
  WEIGHT_ALLOW_ONLY_BLOCK,
  WEIGHT_ALLOW_ONLY_PERMIT,
  WEIGHT_DENY,
} from '../../src/platform/win32/connection-rows.js';

// Document 1, Connection policies → WFP filter rows.
describe('connection filter rows', () => {
  it('parses addresses and CIDR ranges, v4 and v6, and nothing else', () => {
    expect(parseDestination('10.1.2.0/24')).toEqual({
      layer: 'v4',
      address: Buffer.from([10, 1, 2, 0]),
      prefix: 24,
    });
    expect(parseDestination('192.0.2.7')?.prefix).toBe(32);
    const v6 = parseDestination('2001:db8::1/64');
    expect(v6?.layer).toBe('v6');
    expect(v6?.prefix).toBe(64);
    expect(v6?.address.toString('hex')).toBe('20010db8000000000000000000000001');
    expect(parseDestination('::ffff:192.0.2.1')?.address.toString('hex')).toBe(
      '00000000000000000000ffffc0000201',
    );
    expect(parseDestination('example.com')).toBeNull();
    expect(parseDestination('10.0.0.0/33')).toBeNull();
    expect(parseDestination('10.0.0.0/x')).toBeNull();
  });

  it('deny: one block row per application, destination and port', () => {
    const { rows } = expandConnectionRules([
      {
        mode: 'deny',
        appPaths: ['C:\\Windows\\System32\\curl.exe'],
        destinations: [{ address: '203.0.113.0/24', ports: [443, 8443] }, { address: '2001:db8::/32' }],
      },
    ]);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.action === 'block' && r.weight === WEIGHT_DENY)).toBe(true);
    expect(rows.map((r) => r.port)).toEqual([443, 8443, undefined]);
    expect(rows[2]!.layer).toBe('v6');
  });

  it('allow_only: permits for the listed destinations above a catch-all block for the application', () => {
    const { rows } = expandConnectionRules([
      {
        mode: 'allow_only',
        appPaths: ['C:\\Windows\\notepad.exe'],
        destinations: [{ address: '10.0.0.0/8' }],
      },
    ]);
    expect(rows).toEqual([
      {
        layer: 'v4',
        action: 'permit',
        weight: WEIGHT_ALLOW_ONLY_PERMIT,
        appPath: 'C:\\Windows\\notepad.exe',
        address: Buffer.from([10, 0, 0, 0]),
        prefix: 8,
      },
      { layer: 'v4', action: 'block', weight: WEIGHT_ALLOW_ONLY_BLOCK, appPath: 'C:\\Windows\\notepad.exe' },
      { layer: 'v6', action: 'block', weight: WEIGHT_ALLOW_ONLY_BLOCK, appPath: 'C:\\Windows\\notepad.exe' },
    ]);
    expect(WEIGHT_DENY).toBeGreaterThan(WEIGHT_ALLOW_ONLY_PERMIT);
    expect(WEIGHT_ALLOW_ONLY_PERMIT).toBeGreaterThan(WEIGHT_ALLOW_ONLY_BLOCK);
  });

  it('an application with no resolved copy gets no rows; a hostname destination is reported, not guessed', () => {
    const out = expandConnectionRules([
      {
        mode: 'deny',
        appPaths: [],
        destinations: [{ address: '198.51.100.1' }, { address: 'evil.example' }],
      },
    ]);
    expect(out.rows).toEqual([]);
    expect(out.invalidDestinations).toEqual(['evil.example']);
  });
});

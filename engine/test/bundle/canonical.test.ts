import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalBundleBytes, sortBundlePayload } from '../../src/bundle/index.js';
import { bundlePolicy } from '../evaluate/fixtures.js';
import { payload } from './fixtures.js';

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

describe('canonical bundle bytes (RFC 8785 of the sorted payload)', () => {
  it('orders object keys by code unit and writes no whitespace', () => {
    const t = text(canonicalBundleBytes(payload()));
    expect(t.startsWith('{"bundle_version":7,"classifications":[],"detectors":')).toBe(true);
    expect(t).not.toMatch(/\n| {2}/);
  });

  it('serialises numbers and strings the RFC 8785 way', () => {
    const p = payload({ help_address: 'https://h.example/é€😀', bundle_version: 1e21 });
    const t = text(canonicalBundleBytes(p));
    expect(t).toContain('"bundle_version":1e+21');
    expect(t).toContain('"help_address":"https://h.example/é€😀"');
  });

  it('sorts collections and binding coordinates', () => {
    const p = payload({
      policies: [
        bundlePolicy({
          policy_id: 'b',
          priority: 1,
          classification_bindings: [
            { classification_id: 'pii', classification_version: 1, revision: 2 },
            { classification_id: 'pci', classification_version: 3, revision: 1 },
            { classification_id: 'pci', classification_version: 2, revision: 9 },
          ],
          exceptions: [
            {
              id: 'x2',
              approved_by: 'a',
              expires_at: null,
              scope: { device_ids: ['d2', 'd1'] },
              downgrade_to: null,
            },
            {
              id: 'x1',
              approved_by: 'a',
              expires_at: null,
              scope: { device_ids: ['d1'] },
              downgrade_to: null,
            },
          ],
          condition: { op: 'removable_device', match_mode: 'none_of', serials: ['Z', 'A'] },
        }),
        bundlePolicy({ policy_id: 'a', priority: 1 }),
      ],
    });
    const s = sortBundlePayload(p);
    expect(s.policies.map((x) => x.policy_id)).toEqual(['a', 'b']);
    const b = s.policies[1]!;
    expect(
      b.classification_bindings.map((c) => `${c.classification_id}@${c.classification_version}`),
    ).toEqual(['pci@2', 'pci@3', 'pii@1']);
    expect(b.exceptions.map((e) => e.id)).toEqual(['x1', 'x2']);
    expect(b.exceptions[1]!.scope.device_ids).toEqual(['d1', 'd2']);
    expect(b.condition).toEqual({ op: 'removable_device', match_mode: 'none_of', serials: ['A', 'Z'] });
  });

  it('keeps the order of condition children (the explanation follows it)', () => {
    const condition = {
      op: 'or' as const,
      nodes: [{ op: 'always' as const }, { op: 'detector' as const, detector_id: 'a' }],
    };
    const s = sortBundlePayload(payload({ policies: [bundlePolicy({ policy_id: 'p', condition })] }));
    expect(s.policies[0]!.condition).toEqual(condition);
  });

  it('property: the bytes do not depend on the order of collections', () => {
    const base = payload();
    fc.assert(
      fc.property(
        fc.shuffledSubarray(base.monitored_paths.concat(['/x', '/y', '/z']), { minLength: 5, maxLength: 5 }),
        (paths) => {
          const a = canonicalBundleBytes({
            ...base,
            monitored_paths: paths,
            policies: [...base.policies].reverse(),
          });
          const b = canonicalBundleBytes({
            ...base,
            monitored_paths: [...paths].sort(),
            policies: base.policies,
          });
          expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
        },
      ),
    );
  });
});

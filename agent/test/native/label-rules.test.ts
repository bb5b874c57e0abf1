import { describe, expect, it } from 'vitest';
import {
  applyLabel,
  decideLabelWrite,
  encodeLabel,
  type LabelStore,
  parseStoredLabel,
} from '../../src/platform/label-record.js';

// Document 1, apply_label: additive; a different label kept unless replace_existing; customer
// labels never written, downgraded or removed.
describe('label rules', () => {
  it('decides per existing label', () => {
    expect(decideLabelWrite({ kind: 'none' }, 'A', false)).toEqual({
      write: true,
      mode: 'create',
      outcome: 'written',
    });
    expect(decideLabelWrite({ kind: 'custos', label: 'A' }, 'A', true)).toEqual({
      write: false,
      outcome: 'unchanged',
    });
    expect(decideLabelWrite({ kind: 'custos', label: 'B' }, 'A', false)).toEqual({
      write: false,
      outcome: 'kept_existing',
    });
    expect(decideLabelWrite({ kind: 'custos', label: 'B' }, 'A', true)).toEqual({
      write: true,
      mode: 'replace',
      outcome: 'replaced',
    });
    expect(decideLabelWrite({ kind: 'customer', label: 'B' }, 'A', true)).toEqual({
      write: false,
      outcome: 'kept_customer_label',
    });
    expect(decideLabelWrite({ kind: 'foreign' }, 'A', true).write).toBe(false);
  });

  it('tells our record from a customer record and from foreign bytes', () => {
    expect(parseStoredLabel(encodeLabel('Secret'))).toEqual({ kind: 'custos', label: 'Secret' });
    expect(parseStoredLabel(Buffer.from('{"v":1,"owner":"customer","label":"Hold"}'))).toEqual({
      kind: 'customer',
      label: 'Hold',
    });
    expect(parseStoredLabel(Buffer.from('{"v":2,"owner":"custos","label":"X"}'))).toEqual({
      kind: 'foreign',
    });
    expect(parseStoredLabel(Buffer.from([0xff, 0x00]))).toEqual({ kind: 'foreign' });
    expect(parseStoredLabel(null)).toEqual({ kind: 'none' });
  });

  it('when another writer gets in between read and write, re-reads and applies the rules to its label', () => {
    // A store whose first create loses a race to a customer's tool, as the real xattr/stream
    // create mode does (native.exists).
    let stored: Buffer | null = null;
    let raced = false;
    const store: LabelStore = {
      read: () => stored,
      write: (_path, value, mode) => {
        if (!raced) {
          raced = true;
          stored = Buffer.from('{"v":1,"owner":"customer","label":"Hold"}');
          throw Object.assign(new Error('exists'), { code: 'native.exists' });
        }
        if (mode === 'create' && stored !== null)
          throw Object.assign(new Error('exists'), { code: 'native.exists' });
        stored = value;
      },
    };
    expect(applyLabel(store, 'f', 'Public', true)).toBe('kept_customer_label');
    expect(parseStoredLabel(stored)).toEqual({ kind: 'customer', label: 'Hold' });
  });

  it('other store failures propagate as they are', () => {
    const store: LabelStore = {
      read: () => null,
      write: () => {
        throw Object.assign(new Error('denied'), { code: 'native.access_denied' });
      },
    };
    expect(() => applyLabel(store, 'f', 'A', false)).toThrow(
      expect.objectContaining({ code: 'native.access_denied' }),
    );
  });
});

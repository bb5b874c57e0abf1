/**
 * Document 1, apply_label: "writes only an additive label in an alternate metadata stream on
 * Windows. A different existing label is kept unless replace_existing is true; customer-owned
 * labels are never written, downgraded or removed." The same rules hold for the Linux extended
 * attribute. The stored value is a small JSON record so a label we wrote can be told apart from
 * one a customer's own tooling put there.
 */

/** Windows: alternate data stream `<file>:custos.label`. */
export const LABEL_STREAM = 'custos.label';
/** Linux: extended attribute in the user namespace. */
export const LABEL_XATTR = 'user.custos.label';
export const MAX_LABEL_LENGTH = 200;

export type StoredLabel =
  | { kind: 'none' }
  /** Written by Custos: may be replaced when replace_existing is true. */
  | { kind: 'custos'; label: string }
  /** Put there by the customer (owner "customer"): reported, never written over. */
  | { kind: 'customer'; label: string }
  /** Bytes that are not our record: someone else's data, never touched. */
  | { kind: 'foreign' };

export type LabelOutcome =
  | 'written'
  | 'unchanged'
  | 'kept_existing'
  | 'replaced'
  | 'kept_customer_label'
  | 'unsupported'
  | 'failed';

export type LabelDecision =
  | { write: false; outcome: LabelOutcome }
  | { write: true; mode: 'create' | 'replace'; outcome: 'written' | 'replaced' };

export function validLabel(label: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  return label.length > 0 && label.length <= MAX_LABEL_LENGTH && !/[\u0000-\u001f\u007f]/.test(label);
}

export function encodeLabel(label: string): Buffer {
  if (!validLabel(label)) throw new TypeError('label must be 1-200 characters without control characters');
  return Buffer.from(JSON.stringify({ v: 1, owner: 'custos', label }), 'utf8');
}

export function parseStoredLabel(bytes: Buffer | null): StoredLabel {
  if (bytes === null) return { kind: 'none' };
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { kind: 'foreign' };
  }
  if (typeof value !== 'object' || value === null) return { kind: 'foreign' };
  const record = value as { v?: unknown; owner?: unknown; label?: unknown };
  if (record.v !== 1 || typeof record.label !== 'string' || !validLabel(record.label))
    return { kind: 'foreign' };
  if (record.owner === 'custos') return { kind: 'custos', label: record.label };
  if (record.owner === 'customer') return { kind: 'customer', label: record.label };
  return { kind: 'foreign' };
}

/** The labels a file carries for `file_condition.labels`: ours and the customer's, never foreign bytes. */
export function labelsOf(stored: StoredLabel): string[] {
  return stored.kind === 'custos' || stored.kind === 'customer' ? [stored.label] : [];
}

export function decideLabelWrite(
  existing: StoredLabel,
  wanted: string,
  replaceExisting: boolean,
): LabelDecision {
  switch (existing.kind) {
    case 'none':
      return { write: true, mode: 'create', outcome: 'written' };
    case 'custos':
      if (existing.label === wanted) return { write: false, outcome: 'unchanged' };
      return replaceExisting
        ? { write: true, mode: 'replace', outcome: 'replaced' }
        : { write: false, outcome: 'kept_existing' };
    case 'customer':
    case 'foreign':
      // Never written, downgraded or removed, whatever replace_existing says.
      return {
        write: false,
        outcome:
          existing.kind === 'customer' && existing.label === wanted ? 'unchanged' : 'kept_customer_label',
      };
  }
}

export interface LabelStore {
  read(path: string): Buffer | null;
  /** Throws a coded error: native.exists (create lost a race) or native.no_data (replace did). */
  write(path: string, value: Buffer, mode: 'create' | 'replace'): void;
}

/**
 * Applies the rules against a store (xattr or stream). A concurrent writer between our read and
 * our write makes the create/replace fail; we read again and decide once more, so the other
 * writer's label is judged by the same rules instead of being overwritten blindly.
 */
export function applyLabel(
  store: LabelStore,
  path: string,
  wanted: string,
  replaceExisting: boolean,
): LabelOutcome {
  if (!validLabel(wanted)) throw new TypeError('label must be 1-200 characters without control characters');
  for (let attempt = 0; attempt < 3; attempt++) {
    const decision = decideLabelWrite(parseStoredLabel(store.read(path)), wanted, replaceExisting);
    if (!decision.write) return decision.outcome;
    try {
      store.write(path, encodeLabel(wanted), decision.mode);
      return decision.outcome;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== 'native.exists' && code !== 'native.no_data') throw err;
    }
  }
  return 'failed';
}

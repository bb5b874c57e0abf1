import {
  type BundleEnvelope,
  type BundlePayload,
  decodeBase64Strict,
  ed25519PublicKey,
  verifyEd25519,
} from '@custos/engine';
import { AppError } from '../../http/errors.js';

/** What `GET /policy-bundles/diff` answers: ids and field names only, never payloads or values. */
export interface BundleDiff {
  from: number;
  to: number;
  policies: { added: string[]; removed: string[]; changed: { id: string; fields: string[] }[] };
  detectors: { added: string[]; removed: string[]; changed: string[] };
  classifications: { added: string[]; removed: string[]; changed: string[] };
  changed_sections: string[];
  content_unchanged: boolean;
}

/** Sections that differ between any two bundles by construction; not content. */
const ENVELOPE_SECTIONS = new Set(['bundle_version', 'issued_at', 'expires_at', 'key_id']);

/** JSON with object keys sorted, so two equal values compare equal whatever their key order. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

const same = (a: unknown, b: unknown): boolean => stable(a) === stable(b);

/** Verifies the envelope's Ed25519 signature with the tenant's public key, then reads the payload. */
export function verifiedPayload(
  envelope: BundleEnvelope,
  publicKeysById: ReadonlyMap<string, string>,
): BundlePayload {
  const bad = new AppError('policy_bundle.signature_invalid', 'a stored bundle failed its signature check');
  const raw = decodeBase64Strict(publicKeysById.get(envelope.key_id));
  const key = raw ? ed25519PublicKey(raw) : null;
  const bytes = decodeBase64Strict(envelope.payload_b64);
  const sig = decodeBase64Strict(envelope.signature_b64);
  if (!key || !bytes || !sig || envelope.alg !== 'ed25519' || !verifyEd25519(key, bytes, sig)) throw bad;
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as BundlePayload;
}

function byId<T>(items: readonly T[], id: (t: T) => string): Map<string, T> {
  return new Map(items.map((t) => [id(t), t]));
}

function compare<T>(a: Map<string, T>, b: Map<string, T>) {
  const added = [...b.keys()].filter((k) => !a.has(k)).sort();
  const removed = [...a.keys()].filter((k) => !b.has(k)).sort();
  const changed = [...b.keys()].filter((k) => a.has(k) && !same(a.get(k), b.get(k))).sort();
  return { added, removed, changed };
}

/** Compares two verified payloads by ids and field names (document 1, GET /policy-bundles/diff). */
export function diffPayloads(from: BundlePayload, to: BundlePayload): BundleDiff {
  const pa = byId(from.policies, (p) => p.policy_id);
  const pb = byId(to.policies, (p) => p.policy_id);
  const p = compare(pa, pb);
  const changed = p.changed.map((id) => {
    const x = pa.get(id) as unknown as Record<string, unknown>;
    const y = pb.get(id) as unknown as Record<string, unknown>;
    const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
    return { id, fields: [...keys].filter((k) => !same(x[k], y[k])).sort() };
  });
  const d = compare(
    byId(from.detectors, (x) => x.detector_id),
    byId(to.detectors, (x) => x.detector_id),
  );
  const coordinate = (c: { classification_id: string; classification_version: number; revision: number }) =>
    `${c.classification_id}@${c.classification_version}.${c.revision}`;
  const c = compare(byId(from.classifications, coordinate), byId(to.classifications, coordinate));
  const fa = from as unknown as Record<string, unknown>;
  const fb = to as unknown as Record<string, unknown>;
  const sections = [...new Set([...Object.keys(fa), ...Object.keys(fb)])]
    .filter((k) => !ENVELOPE_SECTIONS.has(k) && !['policies', 'detectors', 'classifications'].includes(k))
    .filter((k) => !same(fa[k], fb[k]))
    .sort();
  const contentUnchanged =
    p.added.length + p.removed.length + p.changed.length === 0 &&
    d.added.length + d.removed.length + d.changed.length === 0 &&
    c.added.length + c.removed.length + c.changed.length === 0 &&
    sections.length === 0;
  return {
    from: from.bundle_version,
    to: to.bundle_version,
    policies: { added: p.added, removed: p.removed, changed },
    detectors: d,
    classifications: c,
    changed_sections: sections,
    content_unchanged: contentUnchanged,
  };
}

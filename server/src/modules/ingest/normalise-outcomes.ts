import { isObject, nameField, type Out, optionalString } from './normalise-extras.js';

/** An IP literal (v4, v6 with an optional zone) or a DNS name, as the agent names a destination. */
const ADDRESS = /^[0-9A-Za-z][0-9A-Za-z.:%_-]{0,254}$/;
/** `written`, `unchanged`, `kept_existing`, `replaced`, `kept_customer_label`, `unsupported`, `failed` … */
const OUTCOME = /^[a-z][a-z_]{0,39}$/;

export interface ConnectionRecord {
  application: string | null;
  address: string;
  port: number | null;
  withheld_fields: string[];
}

export interface LabelAppliedRecord {
  value: string;
  policy_id: string | null;
  outcome: string;
}

/**
 * A refused connection's `connection {application, address, port}` (document 1: the event names
 * application and address). A malformed one Rejects the event (`connection_invalid`); an
 * application path breaking the person-text rule is withheld (a person can name a program).
 */
export function connectionOf(v: unknown, maxPath: number): Out<ConnectionRecord | null> {
  if (v === undefined || v === null) return { value: null };
  const bad = { reason: 'connection_invalid' };
  if (!isObject(v)) return bad;
  const withheld: string[] = [];
  const application = nameField(v.application, maxPath, 'application', withheld);
  if ('reason' in application) return bad;
  if (typeof v.address !== 'string' || !ADDRESS.test(v.address)) return bad;
  const port = v.port ?? null;
  if (port !== null && !(Number.isSafeInteger(port) && (port as number) >= 0 && (port as number) <= 65_535))
    return bad;
  return {
    value: {
      application: application.value,
      address: v.address,
      port: port as number | null,
      withheld_fields: withheld,
    },
  };
}

/**
 * The outcome of an `apply_label` the decision asked for (`label_applied {value, policy_id,
 * outcome}`, docs/agent.md). Malformed Rejects the event (`label_applied_invalid`).
 */
export function labelAppliedOf(v: unknown): Out<LabelAppliedRecord | null> {
  if (v === undefined || v === null) return { value: null };
  const bad = { reason: 'label_applied_invalid' };
  if (!isObject(v)) return bad;
  const value = optionalString(v.value, 256);
  const policy = optionalString(v.policy_id, 200);
  if ('reason' in value || value.value === null || 'reason' in policy) return bad;
  if (typeof v.outcome !== 'string' || !OUTCOME.test(v.outcome)) return bad;
  return { value: { value: value.value, policy_id: policy.value, outcome: v.outcome } };
}

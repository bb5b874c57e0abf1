import type { PolicyRuntime } from '../policy/runtime.js';

/**
 * True when the deciding policy version asks for a copy of the file (`evidence.full_file`,
 * document 1). Only the deciding policy counts: the event's `evidence_requested` says the same,
 * and the server checks it before it keeps a copy.
 */
export function fullFileAsked(rt: PolicyRuntime | null, decidedBy: string | null): boolean {
  if (!rt || decidedBy === null) return false;
  return rt.payload.policies.some((p) => p.policy_id === decidedBy && p.evidence?.full_file === true);
}

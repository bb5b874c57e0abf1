/** `/policies/simulate?policy_id=…`: a policy (and version) to try instead of the published set. */
export interface SimulateSearch {
  policy_id?: string | undefined;
  version?: number | undefined;
}

export function parseSimulateSearch(raw: Record<string, unknown>): SimulateSearch {
  const out: SimulateSearch = {};
  if (typeof raw.policy_id === 'string' && raw.policy_id) out.policy_id = raw.policy_id;
  const version = Number(raw.version);
  if (Number.isInteger(version) && version > 0) out.version = version;
  return out;
}

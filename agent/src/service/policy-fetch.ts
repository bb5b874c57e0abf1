import type { PolicyResponse } from '../transport/agent-api.js';
import { type AgentState, bundleVersion, noteFailure, refreshRuntime } from './state.js';

/**
 * Fetches the published bundle and offers it to the bundle store, which verifies it. Returns true
 * when a new bundle is in force; a refused or missing one leaves the last verified bundle in force.
 */
export async function fetchPolicy(s: AgentState): Promise<boolean> {
  let res: PolicyResponse;
  try {
    res = await s.api.policy();
  } catch (err) {
    noteFailure(s, 'policy fetch', err);
    return false;
  }
  if (res.bundle === null) {
    const why = res.refused
      ? `${res.refused.code}${res.refused.missing ? `: ${res.refused.missing.join(',')}` : ''}`
      : (res.reason ?? 'no bundle published');
    await s.bundles.noteFetch(why);
    s.log('info', 'no bundle to apply', { reason: why });
    return false;
  }
  const outcome = await s.bundles.offer(res.bundle);
  if (!outcome.ok) {
    s.log('warn', 'bundle refused; last verified bundle stays in force', {
      code: outcome.code,
      in_force: bundleVersion(s),
    });
    return false;
  }
  s.log('info', 'bundle verified and in force', { bundle_version: outcome.payload.bundle_version });
  refreshRuntime(s);
  return true;
}

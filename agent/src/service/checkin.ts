import { capabilityMatrix } from '../capabilities.js';
import { writeEnrollment } from '../enrollment-state.js';
import { askQuestion } from '../people/questions.js';
import type { CheckinRequest, CheckinResponse } from '../transport/agent-api.js';
import { updateAfterCheckin } from '../update/after-checkin.js';
import { fetchPolicy } from './policy-fetch.js';
import { renewCertificate } from './renewal.js';
import { type AgentState, bundleVersion, type CallOutcome, noteFailure } from './state.js';
import { takeTrustUpdate, trustHealth } from './trust.js';

/** Service event: the server reports this device revoked (written once per run; docs/agent.md). */
export const EVENT_REVOKED = 3006;

/** The health every check-in reports: queue, bundle refusal, clock offset, unwatchable paths. */
function healthReport(s: AgentState): Record<string, unknown> {
  const q = s.queue.stats();
  const b = s.bundles.getStatus();
  return {
    queue_depth: q.depth,
    queue_overflow_refused: q.overflow_refused,
    queue_overflow_dropped: q.overflow_dropped,
    events_rejected: q.rejected,
    bundle_refusal: b.last_refusal
      ? { code: b.last_refusal.code, offered_version: b.last_refusal.offered_version }
      : null,
    clock_offset_ms: s.transport.offsetMs,
    connection_filters: s.connectionHealth,
    unwatchable_paths: s.sight.health(),
    ...trustHealth(s),
  };
}

/** The one check-in request; `health` adds to the report (the network location, or the uninstall state). */
export function checkinRequest(s: AgentState, health: Record<string, unknown>): CheckinRequest {
  return {
    health: { ...healthReport(s), ...health },
    capabilities: capabilityMatrix(s.platform, s.session?.notifyStatus()),
    bundle_version: bundleVersion(s),
    policy_trust_version: s.enrollment.policy_trust_version,
    trusted_policy_key_ids: s.enrollment.policy_signing_keys.map((k) => k.key_id),
    edm_key_ids: [],
  };
}

/**
 * One check-in; fetches the policy when told to (or when none is in force). The server learns
 * the bundle in force from check-ins, so once a new bundle is accepted a second check-in reports
 * it at once instead of an interval later (`GET /agents` would show the previous version); so
 * does a newly accepted trust set.
 * `onPolicyApplied` runs after a new bundle is in force (the service re-syncs its watches).
 */
export async function checkin(s: AgentState, onPolicyApplied: () => Promise<void>): Promise<CallOutcome> {
  const before = bundleVersion(s);
  const trustBefore = s.enrollment.policy_trust_version;
  const first = await checkinRound(s, true, onPolicyApplied);
  // A new trust set is reported at once too (the server counts it toward key retirement).
  const same = bundleVersion(s) === before && s.enrollment.policy_trust_version === trustBefore;
  if (first !== 'ok' || same) return first;
  await checkinRound(s, false, onPolicyApplied);
  return first;
}

async function checkinRound(
  s: AgentState,
  mayFetch: boolean,
  onPolicyApplied: () => Promise<void>,
): Promise<CallOutcome> {
  let res: CheckinResponse;
  try {
    res = await s.api.checkin(checkinRequest(s, { network_location: await s.location.current() }));
  } catch (err) {
    return noteFailure(s, 'check-in', err);
  }
  s.offline = false;
  if (res.revoked) {
    // Reported once (log and service event log), not at every check-in that follows.
    if (!s.revoked) {
      s.log('error', 'the server reports this device as revoked; no further uploads');
      s.platform.service.reportEvent(EVENT_REVOKED, 'error', 'the server reports this device as revoked');
    }
    s.revoked = true;
    return 'refused';
  }
  if (res.agent_group !== undefined && res.agent_group !== s.enrollment.agent_group)
    await adoptGroup(s, res.agent_group);
  reportCommands(s, res.commands);
  try {
    if (await s.location.accept(res.network_indicators))
      s.log('info', 'network indicators updated', { revision: s.location.revision });
  } catch (err) {
    s.log('warn', 'network indicators could not be stored', { error: (err as Error).message });
  }
  // Before the policy fetch: a bundle signed by a newly trusted key verifies in the same round.
  if (res.policy_trust_update) await takeTrustUpdate(s, res.policy_trust_update);
  if (mayFetch && (res.policy_update_available || s.runtime === null)) {
    if (await fetchPolicy(s)) await onPolicyApplied();
  }
  // Scans the check-in delivered start now, under the bundle just fetched (if any).
  s.scans?.kick();
  if (res.rotate_certificate) await renewCertificate(s, true);
  // Self-update (docs/agent-updates.md): confirms a version on trial, applies an offered release.
  if (mayFetch) await updateAfterCheckin(s, res.agent_update);
  return 'ok';
}

/**
 * AskPerson goes to the signed-in person through the session channel (people/questions.ts), beside
 * the check-in; DiscoveryScan to the scan runner (discovery-scan/runner.ts), also beside it; without a channel, and for kinds this agent does not know, the command is logged as
 * not carried out. The payload (the question) is never logged.
 */
function reportCommands(s: AgentState, commands: CheckinResponse['commands']): void {
  for (const cmd of commands) {
    const kind = (cmd as { kind?: unknown }).kind;
    if (kind === 'AskPerson' && s.session) {
      void askQuestion(s, cmd as { payload?: unknown });
      continue;
    }
    if (kind === 'DiscoveryScan' && s.scans) {
      s.scans.accept(cmd as { payload?: unknown });
      continue;
    }
    s.log('warn', 'server command not carried out on this platform', {
      kind: typeof kind === 'string' ? kind : 'unknown',
      reason: kind === 'AskPerson' ? 'not_asked: no session channel on this platform' : 'unsupported command',
    });
  }
}

/**
 * The server moved this endpoint to another group (or out of one): decisions use the new group
 * from now on, and `enrollment.json` keeps it so a restart offline decides with it too.
 */
async function adoptGroup(s: AgentState, group: string | null): Promise<void> {
  const from = s.enrollment.agent_group;
  s.enrollment = { ...s.enrollment, agent_group: group };
  s.log('info', 'endpoint group changed by the server', { from, to: group });
  // Files remembered as decided were decided for the old group: discovery decides them again.
  s.files.redecideAll();
  try {
    await writeEnrollment(s.config.stateDir, s.enrollment);
  } catch (err) {
    s.log(
      'warn',
      'endpoint group could not be stored; in force until restart, then learnt again at check-in',
      {
        error: (err as Error).message,
      },
    );
  }
}

/** Uninstall tells the server first: a check-in whose health says so. True when the server answered. */
export async function checkinUninstalling(s: AgentState): Promise<boolean> {
  try {
    await s.api.checkin(checkinRequest(s, { state: 'uninstalling' }));
    return true;
  } catch (err) {
    noteFailure(s, 'uninstall check-in', err);
    return false;
  }
}

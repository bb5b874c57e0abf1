import { randomUUID } from 'node:crypto';
import type { BundlePolicy } from '@custos/engine';
import type { SessionChannel } from '../people/channel.js';
import type {
  ConnectionFiltersHealth,
  ConnectionPolicyRule,
  InteractiveIdentity,
  RefusedConnection,
} from '../platform/types.js';
import type { PolicyRuntime } from '../policy/runtime.js';
import type { AgentState } from './state.js';

/** Health on a platform without connection filters (document 1: "Other platforms report them as not in force"). */
export const NOT_ON_THIS_PLATFORM = 'connection filters exist only on Windows';

interface EndpointFacts {
  deviceId: string;
  os: string;
  agentGroup: string | null;
  nowMs: number;
}

function inScope(p: BundlePolicy, e: EndpointFacts): boolean {
  const s = p.scope;
  const has = (list: string[] | undefined, value: string | null) =>
    !list || list.length === 0 || (value !== null && list.includes(value));
  if (s.exclude_device_ids?.includes(e.deviceId)) return false;
  if (e.agentGroup !== null && s.exclude_agent_groups?.includes(e.agentGroup)) return false;
  const oses = s.operating_systems?.map((o) => o.toLowerCase());
  return has(oses, e.os) && has(s.device_ids, e.deviceId) && has(s.agent_groups, e.agentGroup);
}

/**
 * Document 1, Connection policies: the published connection policies of the bundle in force that
 * apply to this endpoint now (scope names only endpoints, endpoint groups and operating systems;
 * the effective window is honoured). A sandbox (test) version never blocks, so it installs nothing.
 */
export function wantedConnectionPolicies(rt: PolicyRuntime | null, e: EndpointFacts): ConnectionPolicyRule[] {
  if (!rt) return [];
  const out: ConnectionPolicyRule[] = [];
  for (const p of rt.payload.policies) {
    if (!p.connection || p.status !== 'published') continue;
    if (p.effective_from && Date.parse(p.effective_from) > e.nowMs) continue;
    if (p.effective_until && Date.parse(p.effective_until) <= e.nowMs) continue;
    if (!inScope(p, e)) continue;
    out.push({
      policy_id: p.policy_id,
      mode: p.connection.mode,
      applications: [...p.connection.applications],
      destinations: p.connection.destinations.map((d) => ({
        address: d.address,
        ...(d.ports ? { ports: [...d.ports] } : {}),
      })),
    });
  }
  return out;
}

/** Hands the bundle's connection policies to the platform's filters; answers the health to report. */
export function syncConnectionFilters(s: AgentState): ConnectionFiltersHealth {
  const wanted = wantedConnectionPolicies(s.runtime, {
    deviceId: s.enrollment.device_id,
    os: s.platform.osName,
    agentGroup: s.enrollment.agent_group,
    nowMs: Date.now(),
  });
  const filters = s.platform.connectionFilters;
  const health = filters
    ? filters.apply(wanted)
    : {
        wanted: wanted.length,
        in_force: 0,
        reason: wanted.length > 0 ? NOT_ON_THIS_PLATFORM : null,
      };
  if (health.reason && health.in_force < health.wanted)
    s.log('warn', 'connection filters not all in force', { ...health });
  s.connectionHealth = health;
  return health;
}

/** One refused connection as a `network_connection` event naming application and address. */
export function refusedConnectionEvent(s: AgentState, r: RefusedConnection): Record<string, unknown> {
  return {
    event_id: randomUUID(),
    occurred_at: r.occurred_at,
    channel: 'network_connection',
    policy_version: s.runtime?.bundle_version ?? null,
    evaluated_offline: s.offline,
    hostname: s.platform.hostname(),
    user: null,
    user_reason: 'a refused connection names the application, not a person',
    action: 'block',
    requested_action: 'block',
    enforcement: 'applied',
    explanation: [
      {
        code: 'connection.refused',
        text: `${r.application} was refused a connection to ${r.address} port ${r.port} by a connection filter`,
      },
    ],
    decided_by_policy_id: r.policy_ids[0] ?? null,
    matched_policy_ids: r.policy_ids,
    superseded_policy_ids: [],
    detectors: [],
    file: null,
    connection: { application: r.application, address: r.address, port: r.port },
  };
}

/** How long the notice of a refused connection stays on the desktop at most. */
export const REFUSED_NOTICE_MS = 30_000;

/**
 * Document 1: a refused connection comes "with a notice to the sole signed-in person". The session
 * channel asks only the one person signed in at the console (nobody with several sessions or
 * none); whether it was shown is logged, never waited for: the connection is refused either way.
 */
export async function tellRefusedConnection(
  session: SessionChannel,
  identity: InteractiveIdentity,
  r: RefusedConnection,
): Promise<string> {
  const who = await identity.current();
  const out = await session.ask(
    who.user?.id ?? null,
    {
      kind: 'notice',
      title: 'Custos DLP',
      text: `${r.application} was not allowed to connect to ${r.address} (port ${r.port}) by your organisation's policy.`,
    },
    REFUSED_NOTICE_MS,
  );
  return out.asked ? 'shown' : `[not_asked] ${out.reason}`;
}

/** Queues the connections the filters refused since the last call (already one a minute per pair). */
export function queueRefusedConnections(s: AgentState): number {
  const refused = s.platform.connectionFilters?.takeRefused() ?? [];
  let queued = 0;
  for (const r of refused) {
    const body = refusedConnectionEvent(s, r);
    if (s.queue.enqueue(body.event_id as string, body).queued) queued += 1;
    if (s.session)
      void tellRefusedConnection(s.session, s.platform.identity, r).then(
        (notice) => s.log('info', 'refused connection notice', { application: r.application, notice }),
        (e: Error) => s.log('warn', 'refused connection notice failed', { error: e.message }),
      );
  }
  return queued;
}

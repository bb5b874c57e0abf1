import { performance } from 'node:perf_hooks';
import {
  BUILTIN_DETECTORS,
  compileDetectors,
  type Decision,
  type DecisionContext,
  type DecisionEvent,
  decide,
  type EndpointCapabilities,
  prepareBundle,
  prepareCorpora,
  probeCorpora,
  type RiskInputs,
  scan,
} from '@custos/engine';
import { AppError, notFound } from '../../http/errors.js';
import { actorOf, type ServiceContext } from '../../service-context.js';
import { findAgent } from '../agents/public.js';
import { buildPayload } from '../bundles/public.js';
import { bundleRelease } from './bundle-release.js';
import { capabilityReport } from './release-check.js';
import { mustFindPolicy, releasedPolicies, toPolicyVersion } from './service.js';
import { listVersions } from './store.js';

export interface SimulateInput {
  text: string;
  channel: string;
  os?: string;
  /** Endpoint-group name of the simulated device when no endpoint is named. */
  agent_group?: string;
  destination_domain?: string;
  application?: string;
  source_path?: string;
  file_extension?: string;
  user_sid?: string;
  user_groups?: string[];
  network_location?: 'corporate' | 'vpn' | 'off_network' | 'unknown';
  policy_id?: string;
  version?: number;
  endpoint_id?: string;
}

const detectors = compileDetectors(BUILTIN_DETECTORS);

/**
 * Risk inputs of a simulation (document 1, evaluation rule 5): destination trust, application
 * management and privilege level are passed as none, so each is scored at its midpoint and the
 * explanation says it could not be determined; no bypass history, approved exception or
 * departure is assumed. The content factors come from the scanned text.
 */
export const SIMULATION_RISK: RiskInputs = {
  destination_trust: null,
  application_managed: null,
  privilege_level: null,
  bypass_attempts: 0,
  approved_exception: false,
  departure_soon_after_detection: false,
};
const ONLINE_MS = 10 * 60 * 1000;

/** The endpoint's stored report as the evaluator takes it; null when it has reported no channels. */
function reportedCapabilities(stored: Record<string, unknown>): EndpointCapabilities | null {
  const channels = stored['channels'];
  if (!channels || typeof channels !== 'object' || Array.isArray(channels)) return null;
  const report = capabilityReport(stored);
  return { channels: report.channels as EndpointCapabilities['channels'], features: report.features };
}

/**
 * `POST /policies/simulate`: the tenant's published set (or, with `policy_id`/`version`, that
 * version in place of the policy's published one) compiled exactly as a bundle would ship it, the
 * text scanned with the engine's detectors and decided by the engine's evaluator. Nothing is
 * clamped unless a named endpoint has reported its capabilities, and nothing is stored.
 */
export async function simulate(ctx: ServiceContext, input: SimulateInput, canReadAgents: boolean) {
  const released = await releasedPolicies(ctx.db, actorOf(ctx).tenantId);
  if (input.policy_id) {
    const policy = await mustFindPolicy(ctx, actorOf(ctx).tenantId, input.policy_id);
    const rows = await listVersions(ctx.db, actorOf(ctx).tenantId, input.policy_id);
    const row = input.version !== undefined ? rows.find((r) => r.version === input.version) : rows.at(-1);
    if (!row) throw notFound('policy version');
    const at = released.findIndex((r) => r.version.policy_id === policy.id);
    const entry = {
      version: { ...toPolicyVersion(policy, row), status: 'published' as const },
      position: policy.position,
    };
    if (at >= 0) released[at] = entry;
    else released.push(entry);
  }
  let endpoint: Awaited<ReturnType<typeof findAgent>>;
  if (input.endpoint_id) {
    // Naming an endpoint reads its details: agents:read (document 1, Endpoints).
    if (!canReadAgents)
      throw new AppError('auth.forbidden', 'naming an endpoint needs the agents:read permission');
    endpoint = await findAgent(ctx.db, actorOf(ctx).tenantId, input.endpoint_id);
    if (!endpoint) throw notFound('endpoint');
  }
  const now = ctx.clock.now();
  const release = await bundleRelease(ctx.db, actorOf(ctx).tenantId, released);
  const payload = await buildPayload(ctx.db, actorOf(ctx).tenantId, release, {
    bundleVersion: 0,
    keyId: 'simulation',
    now,
  });
  const started = performance.now();
  const prepared = prepareBundle(payload);
  const event: DecisionEvent = {
    channel: input.channel,
    content: {
      status: 'read',
      findings: scan(detectors, input.text),
      // The shipped corpora, probed with the code the endpoint runs (docs/fingerprints.md).
      fingerprints: probeCorpora(prepareCorpora(payload.fingerprint_corpora), input.text),
    },
    destination: input.destination_domain ? { domain: input.destination_domain } : null,
    source_path: input.source_path ?? null,
    application: input.application ?? null,
    file: input.file_extension ? { extension: input.file_extension } : null,
  };
  const decisionCtx: DecisionContext = {
    now,
    device: {
      id: endpoint?.id ?? 'simulation',
      os: endpoint?.os ?? input.os ?? 'windows',
      agent_group: endpoint ? endpoint.group_name : (input.agent_group ?? null),
    },
    user: {
      sid: input.user_sid ?? null,
      groups: input.user_groups
        ? input.user_groups.map((g) => (g.startsWith('S-') ? { sid: g } : { sid: '', name: g }))
        : null,
    },
    network_location: input.network_location ?? null,
    risk: SIMULATION_RISK,
    explain_unmatched: true,
    // Named endpoint: clamped to what it last reported (document 1, evaluation rule 3), read by the
    // release check's parser. No endpoint, or one that never reported channels: nothing is clamped
    // and the explanation says no report was given.
    capabilities: endpoint ? reportedCapabilities(endpoint.capabilities) : null,
  };
  const decision: Decision = decide(prepared, event, decisionCtx);
  const duration = performance.now() - started;
  return {
    outcome: decision.outcome,
    final_action: decision.action,
    requested_action: decision.requested_action,
    decided_by_policy_id: decision.decided_by_policy_id,
    matched_policies: decision.matched_policies,
    not_matched: decision.not_matched ?? [],
    exception_applied: decision.exception_applied,
    conflict: decision.conflict,
    superseded_policy_ids: decision.superseded_policy_ids,
    risk: decision.risk,
    explanation: decision.explanation,
    evaluation_duration_ms: Math.round(duration * 1000) / 1000,
    ...(endpoint
      ? {
          endpoint: {
            id: endpoint.id,
            hostname: endpoint.hostname,
            os: endpoint.os,
            group: endpoint.group_name,
            last_seen_at: endpoint.last_seen_at,
            online:
              endpoint.last_seen_at !== null &&
              now.getTime() - new Date(endpoint.last_seen_at).getTime() < ONLINE_MS,
          },
        }
      : {}),
  };
}

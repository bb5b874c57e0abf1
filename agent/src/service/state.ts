import type { RenewalSchedule } from '../certificate-renewal.js';
import type { AgentConfig } from '../config.js';
import type { EnrollmentState } from '../enrollment-state.js';
import type { DeviceKey } from '../identity/device-key.js';
import type { Logger } from '../log.js';
import type { SessionChannel } from '../people/channel.js';
import type { ExceptionClient } from '../people/exception-client.js';
import type { ExceptionStore } from '../people/exception-store.js';
import type { ConnectionFiltersHealth, Platform } from '../platform/types.js';
import type { BundleStore } from '../policy/bundle-store.js';
import type { NetworkLocationState } from '../policy/network-location-state.js';
import { type PolicyRuntime, prepareRuntime } from '../policy/runtime.js';
import type { TrustRefusal } from '../policy/trust-update.js';
import type { EventQueue } from '../queue/event-queue.js';
import type { FileStateStore } from '../sensors/file-state-store.js';
import type { PathSight } from '../sensors/path-sight.js';
import type { AgentApi } from '../transport/agent-api.js';
import type { AgentTransport } from '../transport/client.js';
import { HttpError, RateLimitedError, UnreachableError } from '../transport/errors.js';

/**
 * What the service's jobs (check-in, policy fetch, renewal, discovery, loops) share: the parts
 * `service.ts` wires once, and the few values that change while the agent runs.
 */
export interface AgentState {
  readonly platform: Platform;
  readonly config: AgentConfig;
  readonly log: Logger;
  readonly key: DeviceKey;
  readonly transport: AgentTransport;
  readonly api: AgentApi;
  readonly queue: EventQueue;
  readonly files: FileStateStore;
  readonly bundles: BundleStore;
  readonly location: NetworkLocationState;
  /** Monitored paths and directories the agent cannot watch or open (health, doctor). */
  readonly sight: PathSight;
  /** Replaced by renewal and by a group move; `enrollment.json` keeps the latest. */
  enrollment: EnrollmentState;
  runtime: PolicyRuntime | null;
  /** The last call to the server failed as unreachable: decisions carry `evaluated_offline`. */
  offline: boolean;
  /** The server reported this device revoked: nothing more is uploaded. */
  revoked: boolean;
  /** Certificate renewal's back-off (service/renewal.ts), made at the first check. */
  renewal?: RenewalSchedule;
  /** The last refused `policy_trust_update` (health), null once one is accepted. */
  trustRefusal?: TrustRefusal | null;
  /** Health `connection_filters` as the last hand-over to the platform's filters left it. */
  connectionHealth: ConnectionFiltersHealth;
  /** The session channel to signed-in people (issue 18); null where the platform has none. */
  readonly session?: SessionChannel | null;
  /** Exception requests and verified decisions (issue 18; `exceptions.json`). */
  readonly exceptionStore?: ExceptionStore;
  readonly exceptions?: ExceptionClient;
  /** Discovery scans sent at check-in (discovery-scan/runner.ts); set once the pipeline exists. */
  scans?: { accept(cmd: { payload?: unknown }): void; kick(): void };
}

export type CallOutcome = 'ok' | 'offline' | 'refused' | 'rate_limited';

export function bundleVersion(s: AgentState): number {
  return s.runtime?.bundle_version ?? 0;
}

/** Prepares the verified bundle in force for the engine, unless that version is prepared already. */
export function refreshRuntime(s: AgentState): void {
  const payload = s.bundles.payload();
  if (!payload) {
    s.runtime = null;
    return;
  }
  if (s.runtime?.bundle_version === payload.bundle_version) return;
  try {
    s.runtime = prepareRuntime(payload);
  } catch (err) {
    // A verified bundle the engine cannot prepare keeps the previous runtime (degrade, never crash).
    s.log('error', 'verified bundle could not be prepared; previous policy stays in force', {
      error: (err as Error).message,
    });
  }
}

/** A failed server call: logged once per kind, unreachable turns the agent offline. */
export function noteFailure(s: AgentState, what: string, err: unknown): CallOutcome {
  if (err instanceof UnreachableError) {
    if (!s.offline) s.log('warn', `${what}: server unreachable; evaluating offline`, { error: err.message });
    s.offline = true;
    return 'offline';
  }
  if (err instanceof RateLimitedError) {
    s.log('warn', `${what}: rate limited`, { retry_after_ms: err.retryAfterMs });
    return 'rate_limited';
  }
  if (err instanceof HttpError) {
    s.log('warn', `${what} refused`, { status: err.status, code: err.code });
    return 'refused';
  }
  s.log('error', `${what} failed`, { error: (err as Error).message });
  return 'refused';
}

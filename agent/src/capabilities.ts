import type { CapabilityMatrix, Platform } from './platform/types.js';
import { AGENT_PLATFORM, agentVersion } from './version.js';

/**
 * Feature names this agent version understands (document 2, Versioning: capability names gate
 * features by agent version). `scope_exclusions`: the evaluator applies `exclude_*` scope fields.
 * `fingerprint_corpora`: the evaluator matches fingerprint conditions on the shipped corpora.
 * `warn_with_continue` and `approval_required` are advertised only by a platform that can hold an
 * operation while it asks the person: on Linux only with held opens (fanotify, CAP_SYS_ADMIN) and
 * the session channel; otherwise they are absent and the server withholds such policies. Blocking
 * alone is not holding: Windows connection filters refuse a connection outright (nobody can be
 * asked first), and Windows holds no file operation without a driver, so a Windows agent with its
 * session channel still advertises neither.
 */
export function agentFeatures(platform: Platform): string[] {
  const features = ['scope_exclusions', 'fingerprint_corpora'];
  const channels = platform.capabilities.channels();
  // Held opens in force on a blocking channel, and the session channel to ask through.
  const canHold =
    platform.heldOpens?.available === true &&
    platform.session !== undefined &&
    Object.values(channels).some((c) => c.block);
  if (canHold) features.push('warn_with_continue', 'approval_required');
  return features;
}

/** Whether a person can be told anything now (the session channel's state), when the service runs one. */
export interface NotifyStatus {
  notify: boolean;
  reason: string;
}

/**
 * The platform's channels with `notify` as the session channel makes it: true on an observed
 * channel only while a helper that can show notifications is connected (issue 18).
 */
function withNotify(platform: Platform, status: NotifyStatus | undefined): CapabilityMatrix['channels'] {
  const channels = platform.capabilities.channels();
  if (!status) return channels;
  const out: CapabilityMatrix['channels'] = {};
  for (const [name, c] of Object.entries(channels)) {
    if (!c.observe) out[name] = c;
    else
      out[name] = {
        ...c,
        notify: status.notify,
        reason: c.reason ? `${c.reason}; ${status.reason}` : status.reason,
      };
  }
  return out;
}

/** The matrix sent at enrolment and each check-in: the platform's honest report plus features. */
export function capabilityMatrix(platform: Platform, notify?: NotifyStatus): CapabilityMatrix {
  return {
    os: platform.osName,
    os_version: platform.osVersion(),
    agent_version: agentVersion(),
    agent_platform: AGENT_PLATFORM,
    channels: withNotify(platform, notify),
    scope_attributes: platform.capabilities.scopeAttributes(),
    features: agentFeatures(platform),
  };
}

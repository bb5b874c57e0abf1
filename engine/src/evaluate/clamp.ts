import { ACTIONS, type Action, actionStrength } from '../policy/actions.js';
import type { ChannelCapabilityReport, ClampResult, EndpointCapabilities } from './types.js';

/**
 * Document 1, evaluation rule 3: the decided action is reduced to what the endpoint reports it
 * can do on the channel, walking down the strength order to the strongest supported action
 * (quarantine → block on a block-capable endpoint; block → audit on a monitor-only one). Audit is
 * always possible. `cloud_storage` is read by the server, so its outcome is always audit.
 */
/**
 * Whether a reported channel can carry an action. Holding an operation (continue, justify, approve)
 * needs both block and notify; continue and approval also need the version-gated feature name.
 */
export function channelSupports(
  action: Action,
  channel: ChannelCapabilityReport | undefined,
  features: readonly string[],
): boolean {
  if (action === 'audit') return true;
  if (!channel) return false;
  const hold = channel.block && channel.notify;
  switch (action) {
    case 'inform':
      return channel.notify;
    case 'warn_with_continue':
      return hold && features.includes('warn_with_continue');
    case 'require_justification':
      return hold;
    case 'approval_required':
      return hold && features.includes('approval_required');
    case 'block':
      return channel.block;
    case 'quarantine':
      return channel.block && channel.quarantine === true;
  }
}

export function clampAction(
  requested: Action,
  channel: string,
  capabilities: EndpointCapabilities | null | undefined,
): { action: Action; clamp: ClampResult } {
  if (channel === 'cloud_storage') {
    const limited = requested !== 'audit';
    return {
      action: 'audit',
      clamp: {
        limited,
        channel,
        limit: limited
          ? `${requested} reduced to audit: cloud_storage is read by the server, outcome is audit`
          : null,
      },
    };
  }
  if (!capabilities) return { action: requested, clamp: { limited: false, channel, limit: null } };
  const report = capabilities.channels[channel];
  const features = capabilities.features ?? [];
  for (let i = actionStrength(requested); i > 0; i -= 1) {
    const candidate = ACTIONS[i]!;
    if (channelSupports(candidate, report, features)) {
      const limited = candidate !== requested;
      return {
        action: candidate,
        clamp: {
          limited,
          channel,
          limit: limited
            ? `${requested} reduced to ${candidate}: the endpoint reports no ${requested} on channel ${channel}`
            : null,
        },
      };
    }
  }
  const limited = requested !== 'audit';
  return {
    action: 'audit',
    clamp: {
      limited,
      channel,
      limit: limited ? `${requested} reduced to audit: the endpoint only monitors channel ${channel}` : null,
    },
  };
}

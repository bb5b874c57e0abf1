import type { MessageKey } from '../../i18n/index.js';

/** Document 2's disposition rules, mirrored to explain them before the server refuses. */
export const CLOSES = new Set(['closed', 'false_positive', 'accepted_risk']);

export const DISPOSITIONS = [
  'confirmed_violation',
  'business_need',
  'coached_mistake',
  'benign',
  'detector_error',
] as const;

/** Which dispositions a target takes (the server decides; this only narrows the choice). */
export function dispositionsFor(target: string): readonly string[] {
  if (target === 'false_positive') return ['detector_error'];
  if (target === 'accepted_risk') return ['business_need'];
  if (target === 'closed') return DISPOSITIONS.filter((d) => d !== 'detector_error');
  return [];
}

export function ruleFor(target: string): MessageKey {
  if (target === 'false_positive') return 'rule.falsePositive';
  if (target === 'accepted_risk') return 'rule.acceptedRisk';
  if (target === 'awaiting_user') return 'rule.awaitingUser';
  return CLOSES.has(target) ? 'rule.close' : 'rule.open';
}

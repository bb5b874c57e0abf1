import type { Decision } from '@custos/engine';
import type { Platform } from '../platform/types.js';

/**
 * What a file carries beside its content: labels (document 1, `file_condition.labels` and
 * `apply_label`) and, on Windows, the mark of the web (document 2, `file.mark_of_the_web`). Each
 * read is best effort: a file that vanished or a volume without streams gives "none", never an
 * error that would lose the event.
 */

/** Labels for the decision; null when they cannot be read here (the engine then says so). */
export async function readFileLabels(platform: Platform, path: string): Promise<string[] | null> {
  if (!platform.labels.available) return null;
  try {
    return await platform.labels.read(path);
  } catch {
    return null;
  }
}

export function readMarkOfTheWeb(
  platform: Platform,
  path: string,
): { zone_id: number; host: string | null; referrer_host: string | null } | null {
  if (!platform.markOfTheWeb) return null;
  try {
    return platform.markOfTheWeb(path);
  } catch {
    return null;
  }
}

/** The event's record of an `apply_label` the decision asked for. */
export interface LabelOutcome {
  value: string;
  policy_id: string;
  /** `written`, `unchanged`, `kept_existing`, `replaced`, `kept_customer_label`, `unsupported`, `failed`. */
  outcome: string;
}

/** Writes the label the deciding policies asked for (additive; customer labels are never touched). */
export async function applyDecisionLabel(
  platform: Platform,
  path: string,
  label: Decision['label'],
): Promise<LabelOutcome | null> {
  if (!label) return null;
  const base = { value: label.value, policy_id: label.policy_id };
  if (!platform.labels.available) return { ...base, outcome: 'unsupported' };
  try {
    return { ...base, outcome: await platform.labels.apply(path, label.value, label.replace_existing) };
  } catch {
    return { ...base, outcome: 'failed' };
  }
}

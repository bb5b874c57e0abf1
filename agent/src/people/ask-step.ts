import {
  type Decision,
  JUSTIFICATION_MESSAGES,
  justificationProblems,
  noticeReference,
} from '@custos/engine';
import type { DesktopPrompt } from '../platform/types.js';
import type { PolicyRuntime } from '../policy/runtime.js';
import { type ApprovalTarget, askApproval } from './approval-step.js';
import type { AskOutcome } from './channel.js';
import {
  DEFAULT_PROMPT_TIMEOUT_MS,
  DEFAULT_REASONS,
  type PersonPrompt,
  type PromptDeps,
} from './prompt-types.js';

export { DEFAULT_PROMPT_TIMEOUT_MS, DEFAULT_REASONS, type PersonPrompt, type PromptDeps };

/** The line every notice ends with: the reference a person can quote (docs/incidents.md, Search). */
export function referenceLine(reference: string): string {
  return `Reference: ${reference}`;
}

function promptFor(
  decision: Decision,
  rt: PolicyRuntime,
  fileName: string,
  reference: string | null,
): DesktopPrompt | null {
  const policy = rt.payload.policies.find((p) => p.policy_id === decision.decided_by_policy_id);
  const message =
    policy?.notifications.user_message ??
    `"${fileName}" holds data that a company policy${policy ? ` (${policy.name})` : ''} protects.`;
  const text = reference ? `${message}\n${referenceLine(reference)}` : message;
  const title = 'Custos DLP';
  if (decision.requested_action === 'warn_with_continue') return { kind: 'continue', title, text };
  if (decision.requested_action === 'require_justification') {
    const j = policy?.notifications.justification ?? {};
    const reasons = j.reasons && j.reasons.length > 0 ? [...j.reasons] : DEFAULT_REASONS;
    return {
      kind: 'justify',
      title,
      text,
      reasons,
      free_text: j.free_text ?? true,
      min_chars: j.min_chars ?? 12,
    };
  }
  if (decision.action === 'inform') return { kind: 'notice', title, text };
  return null;
}

/**
 * The person step of the pipeline: for a notice, a Continue/Cancel warning or a justification,
 * asks the signed-in person through their session helper and says what to record. Null when the
 * decision asks nothing of a person. The operation is never held on Linux (`held: false`).
 */
export async function askPerson(
  deps: PromptDeps,
  decision: Decision,
  rt: PolicyRuntime,
  uid: string | null,
  target: {
    fileName: string;
    destination: string;
    held?: boolean;
    approval?: ApprovalTarget;
    /** The event's id: the notice shows its reference (engine noticeReference). */
    eventId?: string;
  },
): Promise<PersonPrompt | null> {
  const reference = target.eventId ? noticeReference(target.eventId) : null;
  if (decision.action === 'approval_required' && target.approval)
    return withReference(await askApproval(deps, decision, rt, uid, target.approval, reference), reference);
  const prompt = promptFor(decision, rt, target.fileName, reference);
  if (!prompt) return null;
  const key = [uid, decision.decided_by_policy_id, prompt.kind, target.destination];
  const covered = deps.burst?.get(key);
  // A burst's later operations were not shown anything: the reference is the one the person saw.
  if (covered?.asked) return { ...covered, covered_by_burst: true };
  const record = withReference(await ask(deps, prompt, uid, target.held === true), reference);
  if (record.asked) deps.burst?.set(key, record);
  return record;
}

/** A shown notice records its reference; nobody saw one that was not asked. */
function withReference(record: PersonPrompt, reference: string | null): PersonPrompt {
  return record.asked && reference ? { ...record, notice_reference: reference } : record;
}

async function ask(
  deps: PromptDeps,
  prompt: DesktopPrompt,
  uid: string | null,
  held: boolean,
): Promise<PersonPrompt> {
  const out: AskOutcome = await deps.channel.ask(uid, prompt, deps.timeoutMs ?? DEFAULT_PROMPT_TIMEOUT_MS);
  const base = { kind: prompt.kind, held };
  if (!out.asked) return { ...base, asked: false, not_asked: `[not_asked] ${out.reason}` };
  const a = out.answer;
  if (a.result === 'justified' && prompt.kind === 'justify') {
    const category = a.category !== null && prompt.reasons.includes(a.category) ? a.category : null;
    const text = String(a.text).slice(0, 2000);
    if (prompt.free_text && text.trim().length < prompt.min_chars)
      return { ...base, asked: true, result: 'cancelled', outcome: 'user_cancelled', refused: 'min_chars' };
    // Document 2: three distinct words, no run of one character, no word twice in a row, not the
    // category typed back. A reason that breaks one is no reason: Cancel, with the rules broken.
    const problems = prompt.free_text ? justificationProblems(text, { category_label: category }) : [];
    if (problems.length > 0)
      return {
        ...base,
        asked: true,
        result: 'cancelled',
        outcome: 'user_cancelled',
        refused: 'justification_rules',
        refused_because: problems.map((p) => JUSTIFICATION_MESSAGES[p]),
      };
    return {
      ...base,
      asked: true,
      result: 'justified',
      outcome: 'justified',
      justification: { category, text, text_length: text.length },
    };
  }
  if (a.result === 'continued' && prompt.kind === 'continue')
    return { ...base, asked: true, result: 'continued', outcome: 'user_continued' };
  if (a.result === 'shown' && prompt.kind === 'notice')
    return { ...base, asked: true, result: 'shown', outcome: 'shown' };
  if (a.result === 'timed_out')
    return { ...base, asked: true, result: 'timed_out', outcome: 'user_cancelled' };
  // Anything else (Cancel, a closed notification, an answer of the wrong kind) is Cancel.
  return { ...base, asked: true, result: 'cancelled', outcome: 'user_cancelled' };
}

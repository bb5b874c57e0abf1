import { type Decision, JUSTIFICATION_MESSAGES, justificationProblems } from '@custos/engine';
import type { PolicyRuntime } from '../policy/runtime.js';
import {
  DEFAULT_PROMPT_TIMEOUT_MS,
  DEFAULT_REASONS,
  type PersonPrompt,
  type PromptDeps,
} from './prompt-types.js';

/** What the approval prompt needs to know about the held operation. */
export interface ApprovalTarget {
  fileName: string;
  /** BLAKE3 of the whole content; null when it was not read whole (no request can name it). */
  fileHash: string | null;
  channel: string;
  /** Removable volume serial, else null (the request's and the approval's `destination`). */
  destination: string | null;
  /** The person's account name as the event records it (the request's `subject`). */
  subject: string | null;
}

/**
 * `approval_required` on a held operation (issue 18): the operation is refused now; the person may
 * ask for an exception through the justification dialog (category and reason, checked against
 * document 2's rules before it is sent). The request is kept in the agent's state and sent; an
 * approval that arrives later, verified, releases the same operation (same policy, content,
 * channel and destination) until it runs out.
 */
export async function askApproval(
  deps: PromptDeps,
  decision: Decision,
  rt: PolicyRuntime,
  uid: string | null,
  target: ApprovalTarget,
  reference: string | null = null,
): Promise<PersonPrompt> {
  const base = { kind: 'justify' as const, held: true };
  const client = deps.exceptions;
  if (!client) return { ...base, asked: false, not_asked: '[not_asked] no_exception_client' };
  if (!target.fileHash) return { ...base, asked: false, not_asked: '[not_asked] content_not_read_whole' };
  const policy = rt.payload.policies.find((p) => p.policy_id === decision.decided_by_policy_id);
  const j = policy?.notifications.justification ?? {};
  const reasons = j.reasons && j.reasons.length > 0 ? [...j.reasons] : DEFAULT_REASONS;
  const minChars = j.min_chars ?? 12;
  const out = await deps.channel.ask(
    uid,
    {
      kind: 'justify',
      title: 'Custos DLP: approval needed',
      text: `"${target.fileName}" needs the approval of ${client.approverLabel}${policy ? ` (${policy.name})` : ''}. To ask for an exception, choose a reason and explain why you need it.${reference ? `\nReference: ${reference}` : ''}`,
      reasons,
      free_text: true,
      min_chars: minChars,
    },
    deps.timeoutMs ?? DEFAULT_PROMPT_TIMEOUT_MS,
  );
  if (!out.asked) return { ...base, asked: false, not_asked: `[not_asked] ${out.reason}` };
  const a = out.answer;
  if (a.result === 'timed_out')
    return { ...base, asked: true, result: 'timed_out', outcome: 'user_cancelled' };
  if (a.result !== 'justified' || !('text' in a))
    return { ...base, asked: true, result: 'cancelled', outcome: 'user_cancelled' };
  const category = a.category !== null && reasons.includes(a.category) ? a.category : 'other';
  const text = String(a.text).trim().slice(0, 1000);
  const problems = justificationProblems(text, { category_label: category, min_chars: minChars });
  if (problems.length > 0)
    return {
      ...base,
      asked: true,
      result: 'cancelled',
      outcome: 'user_cancelled',
      refused: 'justification_rules',
      refused_because: problems.map((p) => JUSTIFICATION_MESSAGES[p]),
    };
  const request = await client.raise(
    {
      policy_id: decision.decided_by_policy_id as string,
      policy_version: policy?.version ?? 1,
      channel: target.channel,
      destination: target.destination,
      file_hash: target.fileHash,
      file_name: target.fileName,
      category,
      justification: text,
      prompt_reference: `bundle-${rt.bundle_version}`,
      subject: target.subject,
    },
    uid,
  );
  return {
    ...base,
    asked: true,
    result: 'requested',
    outcome: 'user_cancelled',
    justification: { category, text, text_length: text.length },
    exception_request: { request_key: request.body.request_key, reference: request.reference },
  };
}

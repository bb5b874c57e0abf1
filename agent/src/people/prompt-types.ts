import type { DesktopPrompt } from '../platform/types.js';
import type { BurstMemo } from './burst.js';
import type { SessionChannel } from './channel.js';
import type { ExceptionClient } from './exception-client.js';

/**
 * Reason categories offered when a policy's `justification.reasons` is empty ("all"): document 1
 * names no list, so the agent offers these (docs/agent.md, "What is asked when").
 */
export const DEFAULT_REASONS = ['business_need', 'customer_request', 'manager_approved', 'other'];

/** Prompt timeout when the service is given none: no answer is Cancel (document 1). */
export const DEFAULT_PROMPT_TIMEOUT_MS = 120_000;

export interface PromptDeps {
  channel: SessionChannel;
  timeoutMs?: number;
  /** Answers covering a burst (document 2); none: every operation is asked. */
  burst?: BurstMemo<PersonPrompt>;
  /** Raises exception requests from an `approval_required` prompt (absent: nobody can ask). */
  exceptions?: ExceptionClient;
}

/** What the event records about the person (field `person_prompt`, docs/agent.md). */
export type PersonPrompt = {
  kind: DesktopPrompt['kind'];
  /** True for a held operation (a held open): the answer allows or refuses it. Else it gates nothing. */
  held: boolean;
} & (
  | { asked: false; not_asked: string }
  | {
      asked: true;
      result: 'shown' | 'continued' | 'cancelled' | 'justified' | 'timed_out' | 'requested';
      /** Document 1's record: no answer is Cancel (`user_cancelled`). */
      outcome: 'shown' | 'user_continued' | 'user_cancelled' | 'justified';
      justification?: { category: string | null; text: string; text_length: number };
      refused?: 'min_chars' | 'justification_rules';
      /** The rules the reason broke (messages only, never the text). */
      refused_because?: string[];
      /** `requested`: the exception request raised (reference null until the server answered). */
      exception_request?: { request_key: string; reference: string | null };
      /** The six-character reference the notice showed (engine noticeReference). */
      notice_reference?: string;
      /** This operation was not asked again: an answer within five minutes covers it. */
      covered_by_burst?: true;
    }
);

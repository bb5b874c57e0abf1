import type { AgentState } from '../service/state.js';

/** How long a question stays on the desktop at most (it lapses on the server after three days). */
export const QUESTION_SHOWN_MS = 10 * 60_000;

interface AskPersonPayload {
  question_id: string;
  question: string;
  lapses_at: string | null;
}

function payloadOf(cmd: { payload?: unknown }): AskPersonPayload | null {
  const p = cmd.payload as Record<string, unknown> | null | undefined;
  if (!p || typeof p.question_id !== 'string' || typeof p.question !== 'string') return null;
  return {
    question_id: p.question_id,
    question: p.question.slice(0, 2000),
    lapses_at: typeof p.lapses_at === 'string' ? p.lapses_at : null,
  };
}

/**
 * An analyst's question (command AskPerson, document 2) shown to the signed-in person through the
 * session helper; the answer goes to `POST /api/v1/agent/incident-answers`, where it becomes a
 * comment. Runs beside the check-in (a person may take minutes). Not asked, Cancel or no answer:
 * logged, nothing is sent and the question stays open on the server until it lapses. Neither the
 * question nor the answer is logged.
 */
export function askQuestion(s: AgentState, cmd: { payload?: unknown }): Promise<void> {
  const q = payloadOf(cmd);
  if (!q || !s.session) {
    s.log('warn', 'AskPerson not carried out', { reason: q ? 'no session channel' : 'malformed payload' });
    return Promise.resolve();
  }
  const session = s.session;
  const lapse = q.lapses_at ? Date.parse(q.lapses_at) - s.transport.now() : QUESTION_SHOWN_MS;
  const timeout = Math.max(
    1_000,
    Math.min(QUESTION_SHOWN_MS, Number.isFinite(lapse) ? lapse : QUESTION_SHOWN_MS),
  );
  return (async () => {
    const who = await s.platform.identity.current();
    const out = await session.ask(
      who.user?.id ?? null,
      { kind: 'question', title: 'Custos DLP: a question from your security team', text: q.question },
      timeout,
    );
    if (!out.asked) {
      s.log('info', 'question not asked', {
        question_id: q.question_id,
        reason: `[not_asked] ${out.reason}`,
      });
      return;
    }
    if (out.answer.result !== 'answered' || !('text' in out.answer) || out.answer.text.trim() === '') {
      s.log('info', 'question not answered', { question_id: q.question_id, result: out.answer.result });
      return;
    }
    try {
      await s.transport.json(
        'POST',
        '/api/v1/agent/incident-answers',
        { question_id: q.question_id, answer: out.answer.text.trim().slice(0, 10_000) },
        { key: s.key, deviceId: s.enrollment.device_id },
      );
      s.log('info', 'question answered', { question_id: q.question_id });
    } catch (e) {
      s.log('warn', 'answer not delivered', { question_id: q.question_id, error: (e as Error).message });
    }
  })().catch((e: Error) => s.log('warn', 'question failed', { error: e.message }));
}

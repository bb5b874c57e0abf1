import { randomUUID } from 'node:crypto';
import { BUILTIN_DETECTORS, type CompiledDetectors, compileDetectors, scan } from '@custos/engine';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { fieldError } from '../../http/errors.js';
import type { ServiceContext } from '../../service-context.js';
import { newestPayloads } from '../agent-events/public.js';
import { deviceStatus, queueCommand } from '../agents/public.js';
import type { IncidentsTable } from './tables.js';
import { timeOrderedId } from './time-ordered-id.js';
import { insertQuestion, latestOpenQuestion } from './workflow-store.js';
import type { IncidentQuestionsTable } from './workflow-tables.js';

/** Document 2, Limits: a question to a person lapses after 3 days. */
export const QUESTION_LAPSE_MS = 3 * 24 * 3_600_000;
/** How many of the newest events say which detectors found something in this incident. */
const DETECTOR_SCAN = 200;

let builtins: CompiledDetectors | undefined;

/** The detector ids that found something in the incident's newest events. */
async function incidentDetectorIds(ctx: ServiceContext, incidentId: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const p of await newestPayloads(ctx.db, incidentId, DETECTOR_SCAN)) {
    const body = JSON.parse(p.payload) as { detectors?: { detector_id: string }[] };
    for (const d of body.detectors ?? []) ids.add(d.detector_id);
  }
  return ids;
}

/**
 * Document 2: a question is refused (422 on `question`) when the incident has no endpoint to ask
 * through, no person to ask, or the text carries a detected value. The last is decided by running
 * the built-in detectors over the question and refusing a hit of any detector that found
 * something in this incident (docs/incidents.md, Questions).
 */
export async function checkQuestion(ctx: ServiceContext, r: IncidentsTable, question: string): Promise<void> {
  if (!r.username || r.username.trim() === '')
    throw fieldError('question', 'the incident names no person to ask');
  if ((await deviceStatus(ctx.db, r.tenant_id, r.device_id)) !== 'active')
    throw fieldError('question', 'the incident has no active endpoint to ask through');
  builtins ??= compileDetectors(BUILTIN_DETECTORS);
  const found = await incidentDetectorIds(ctx, r.id);
  if (scan(builtins, question).some((f) => f.hits.length > 0 && found.has(f.detector_id)))
    throw fieldError('question', 'must not repeat a value the detectors found');
}

export function newQuestion(
  r: IncidentsTable,
  question: string,
  askedBy: string | null,
  now: Date,
): { row: IncidentQuestionsTable; commandId: string } {
  return {
    row: {
      id: timeOrderedId(now),
      tenant_id: r.tenant_id,
      incident_id: r.id,
      device_id: r.device_id,
      question,
      asked_by: askedBy,
      asked_at: now.toISOString(),
      lapses_at: new Date(now.getTime() + QUESTION_LAPSE_MS).toISOString(),
      answered_at: null,
    },
    commandId: randomUUID(),
  };
}

/** The question and its AskPerson command, written together (the command carries the id). */
export async function storeQuestion(
  db: Kysely<Database> | Transaction<Database>,
  asked: { row: IncidentQuestionsTable; commandId: string },
  reference: string,
): Promise<void> {
  const q = asked.row;
  await insertQuestion(db, q);
  await queueCommand(db, {
    id: asked.commandId,
    tenant_id: q.tenant_id,
    device_id: q.device_id,
    kind: 'AskPerson',
    payload: JSON.stringify({ question_id: q.id, reference, question: q.question, lapses_at: q.lapses_at }),
    created_at: q.asked_at,
  });
}

/**
 * `pending_question` of the detail: the newest unanswered question while the incident waits on
 * the person; `lapsed` once its 3 days are over (judged on the injected clock when read).
 */
export async function pendingQuestion(ctx: ServiceContext, r: IncidentsTable) {
  if (r.status !== 'awaiting_user') return null;
  const q = await latestOpenQuestion(ctx.db, r.id);
  if (!q) return null;
  return {
    id: q.id,
    question: q.question,
    asked_at: q.asked_at,
    lapses_at: q.lapses_at,
    lapsed: ctx.clock.now().getTime() >= Date.parse(q.lapses_at),
  };
}

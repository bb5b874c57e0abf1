import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import type {
  IncidentCommentsTable,
  IncidentHistoryTable,
  IncidentQuestionsTable,
} from './workflow-tables.js';
import '../agents/public.js';
import './tables.js';
import './workflow-tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface WorkflowPatch {
  status?: string;
  disposition?: string | null;
  resolution?: string | null;
  closed_at?: string | null;
  assignee_id?: string | null;
  assignee_email?: string | null;
}

/**
 * Writes the patch only if the row still has the version the caller decided on, bumping it.
 * Returns the new row version, or null when another write came first (the caller answers 409).
 */
export async function updateIncidentIfVersion(
  db: Db,
  tenantId: string,
  id: string,
  rowVersion: number,
  patch: WorkflowPatch,
  now: Date,
): Promise<number | null> {
  const r = await db
    .updateTable('incidents')
    .set({ ...patch, row_version: rowVersion + 1, updated_at: now.toISOString() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('row_version', '=', rowVersion)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? rowVersion + 1 : null;
}

export async function insertHistory(db: Db, line: IncidentHistoryTable): Promise<void> {
  await db.insertInto('incident_history').values(line).execute();
}

/** Newest first; ties by id descending (ids are time-ordered). */
export async function historyPage(db: Db, incidentId: string, limit: number, offset: number) {
  const total = await db
    .selectFrom('incident_history')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('incident_id', '=', incidentId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('incident_history')
    .selectAll()
    .where('incident_id', '=', incidentId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total.n) };
}

export async function insertComment(db: Db, c: IncidentCommentsTable): Promise<void> {
  await db.insertInto('incident_comments').values(c).execute();
}

/** Oldest first, as a discussion reads. */
export async function commentPage(db: Db, incidentId: string, limit: number, offset: number) {
  const total = await db
    .selectFrom('incident_comments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('incident_id', '=', incidentId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('incident_comments')
    .selectAll()
    .where('incident_id', '=', incidentId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total.n) };
}

/** Active accounts of the tenant by e-mail: the candidates an assignee is chosen from. */
export async function activeUsers(db: Db, tenantId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'display_name', 'role', 'custom_role_id'])
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'active')
    .orderBy('email')
    .execute();
}

/** A question put to the incident's person (its AskPerson command is queued beside it). */
export async function insertQuestion(db: Db, q: IncidentQuestionsTable) {
  await db.insertInto('incident_questions').values(q).execute();
}

/** The newest unanswered question of an incident, lapsed or not. */
export async function latestOpenQuestion(db: Db, incidentId: string) {
  return db
    .selectFrom('incident_questions')
    .selectAll()
    .where('incident_id', '=', incidentId)
    .where('answered_at', 'is', null)
    .orderBy('asked_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The device's own question (another device's and a missing one answer alike: undefined). */
export async function deviceQuestion(db: Db, tenantId: string, deviceId: string, questionId: string) {
  return db
    .selectFrom('incident_questions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('device_id', '=', deviceId)
    .where('id', '=', questionId)
    .executeTakeFirst();
}

/** Marks a question answered; false when another answer got there first. */
export async function markQuestionAnswered(db: Db, questionId: string, now: Date): Promise<boolean> {
  const marked = await db
    .updateTable('incident_questions')
    .set({ answered_at: now.toISOString() })
    .where('id', '=', questionId)
    .where('answered_at', 'is', null)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}

/** An incident still awaiting the person moves to investigating; false when it had moved on. */
export async function resumeAfterAnswer(db: Db, incidentId: string, now: Date): Promise<boolean> {
  const moved = await db
    .updateTable('incidents')
    .set((eb) => ({
      status: 'investigating',
      row_version: eb('row_version', '+', 1),
      updated_at: now.toISOString(),
    }))
    .where('id', '=', incidentId)
    .where('status', '=', 'awaiting_user')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

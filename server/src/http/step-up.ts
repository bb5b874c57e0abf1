import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.js';

/** Step-up purposes (document 3, Authentication). */
export const STEP_UP_PURPOSES = [
  'role_change',
  'sign_in_settings',
  'second_factor',
  'policy_release',
  'enforcement_bypass',
  'incident_delivery',
  'evidence_file',
  // Issue 6: an enrolment token for more than one machine (document 2, Enrolment token).
  'enrollment_token',
] as const;
export type StepUpPurpose = (typeof STEP_UP_PURPOSES)[number];

/**
 * How long a confirmation counts as "recent". The specification does not give a figure; five
 * minutes keeps the window short enough that an unattended console cannot be used for a
 * sensitive change, and long enough for one administrative task (docs/architecture.md).
 */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;

type Db = Kysely<Database> | Transaction<Database>;

/** Records a confirmation for one session and purpose (the identity module's step-up route). */
export async function recordStepUp(
  db: Db,
  tenantId: string,
  sessionId: string,
  purpose: StepUpPurpose,
  now: Date,
): Promise<void> {
  await db
    .insertInto('step_ups')
    .values({
      id: randomUUID(),
      tenant_id: tenantId,
      session_id: sessionId,
      purpose,
      confirmed_at: now.toISOString(),
    })
    .execute();
}

export async function hasFreshStepUp(
  db: Db,
  tenantId: string,
  sessionId: string,
  purpose: StepUpPurpose,
  now: Date,
): Promise<boolean> {
  const since = new Date(now.getTime() - STEP_UP_WINDOW_MS).toISOString();
  const row = await db
    .selectFrom('step_ups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('session_id', '=', sessionId)
    .where('purpose', '=', purpose)
    .where('confirmed_at', '>=', since)
    .where('confirmed_at', '<=', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

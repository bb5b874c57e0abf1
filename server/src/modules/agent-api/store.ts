import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { changedRows, prepared } from '../../db/prepared.js';

/** SQL of the agent interface: the signed-request nonce cache (`agent_nonces`, owned here). */

type Db = Kysely<Database> | Transaction<Database>;

/** Records a nonce as spent until `expiresAt`; false when it already was. */
export async function spendNonce(db: Db, deviceId: string, nonce: string, expiresAt: Date): Promise<boolean> {
  return changedRows(await insertNonce(db, deviceId, nonce, expiresAt.toISOString())) !== 0;
}

const insertNonce = prepared(
  'agent-api.insertNonce',
  (db: Db, deviceId: string, nonce: string, expiresAt: string) =>
    db
      .insertInto('agent_nonces')
      .values({ device_id: deviceId, nonce, expires_at: expiresAt })
      .onConflict((oc) => oc.columns(['device_id', 'nonce']).doNothing()),
);

export async function purgeExpiredNonces(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('agent_nonces').where('expires_at', '<', now.toISOString()).execute();
}

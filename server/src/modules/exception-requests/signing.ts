import { type DecisionOutcome, signDecision } from '@custos/engine';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { livePolicySigningKey } from '../bundles/public.js';
import { insertDecision, nextSerial, type RequestRow } from './store.js';

/**
 * Signs one decision about a request with the tenant's policy signing key at the device's next
 * serial and stores it for the device's next poll. Runs inside the caller's transaction, so a
 * decision and its request's new state are one write.
 */
export async function issueDecision(
  masterKey: Buffer,
  trx: Transaction<Database> | Kysely<Database>,
  row: RequestRow,
  decision: DecisionOutcome,
  now: Date,
  expiresAt: Date,
): Promise<number> {
  const key = await livePolicySigningKey(trx as Kysely<Database>, row.tenant_id, masterKey);
  const serial = await nextSerial(trx, row.device_id);
  const envelope = signDecision(
    {
      kind: 'exception_decision',
      key_id: key.key_id,
      tenant_id: row.tenant_id,
      device_id: row.device_id,
      serial,
      request_id: row.id,
      reference: row.reference,
      decision,
      policy_id: row.policy_id,
      policy_version: row.policy_version,
      file_hash: row.file_hash,
      channel: row.channel,
      destination: row.destination,
      issued_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    },
    key.privateKey,
  );
  await insertDecision(trx, {
    device_id: row.device_id,
    serial,
    tenant_id: row.tenant_id,
    request_id: row.id,
    decision,
    envelope: JSON.stringify(envelope),
    created_at: now.toISOString(),
  });
  return serial;
}

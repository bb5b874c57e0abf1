import { randomUUID, X509Certificate } from 'node:crypto';
import { seal, unseal } from '../../crypto/seal.js';
import { fieldError, notFound } from '../../http/errors.js';
import { actorOf, auditContextFor, type ServiceContext, userIdOf } from '../../service-context.js';
import { AddressRefused, allowedAddresses, checkUrlShape, type Lookup } from './address-rules.js';
import { deliver } from './delivery.js';
import {
  findDestination,
  insertDelivery,
  insertDestination,
  listDestinations,
  updateDestination,
} from './store.js';
import type { ReportDeliveryDestinationsTable } from './tables.js';

/** Delivery destinations (document 2; docs/report-schedules.md, Destinations). */
export interface DestinationInput {
  name?: string | undefined;
  url?: string | undefined;
  secret?: string | null | undefined;
  ca_certificate?: string | null | undefined;
}

export const TEST_SCHEMA = 'svc.report_delivery_test.v1';

const secretContext = (tenantId: string, id: string) => `tenant:${tenantId}:report-destination:${id}`;

export function destinationView(d: ReportDeliveryDestinationsTable) {
  return {
    id: d.id,
    name: d.name,
    url: d.url,
    signed: d.secret_sealed !== null,
    has_ca_certificate: d.ca_certificate !== null,
    created_by: d.created_by,
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}

/** The destination's secret in clear, for signing (null when deliveries are unsigned). */
export function secretOf(masterKey: Buffer, d: ReportDeliveryDestinationsTable): string | null {
  return d.secret_sealed === null
    ? null
    : unseal(masterKey, d.secret_sealed, secretContext(d.tenant_id, d.id)).toString('utf8');
}

/** The save-time address check: the URL's shape and every address its host resolves to (422 `url`). */
async function checkUrl(text: string, lookup: Lookup): Promise<string> {
  const url = checkUrlShape(text.trim());
  if (typeof url === 'string') throw fieldError('url', url);
  try {
    await allowedAddresses(url, lookup);
  } catch (err) {
    if (err instanceof AddressRefused) throw fieldError('url', err.message);
    throw err;
  }
  return url.href;
}

function checkCa(pem: string): string {
  try {
    const cert = new X509Certificate(pem);
    if (!cert.ca) throw new Error('not a CA');
  } catch {
    throw fieldError('ca_certificate', 'must be one PEM CA certificate');
  }
  return pem.trim();
}

export async function listDestinationViews(ctx: ServiceContext) {
  return { items: (await listDestinations(ctx.db, actorOf(ctx).tenantId)).map(destinationView) };
}

export async function visibleDestination(ctx: ServiceContext, id: string) {
  const d = await findDestination(ctx.db, actorOf(ctx).tenantId, id);
  if (!d) throw notFound('delivery destination');
  return d;
}

export async function createDestination(
  ctx: ServiceContext,
  masterKey: Buffer,
  lookup: Lookup,
  input: Required<Pick<DestinationInput, 'name' | 'url'>> & DestinationInput,
) {
  const tenantId = actorOf(ctx).tenantId;
  const url = await checkUrl(input.url, lookup);
  const ca = input.ca_certificate ? checkCa(input.ca_certificate) : null;
  const id = randomUUID();
  const now = ctx.clock.now().toISOString();
  const row: ReportDeliveryDestinationsTable = {
    id,
    tenant_id: tenantId,
    name: input.name.trim(),
    url,
    secret_sealed: input.secret ? seal(masterKey, input.secret, secretContext(tenantId, id)) : null,
    ca_certificate: ca,
    created_by: userIdOf(ctx),
    created_at: now,
    updated_at: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await insertDestination(trx, row);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'report_destination.created',
        subject: { type: 'report_destination', id },
        metadata: {
          host: new URL(url).host,
          signed: row.secret_sealed !== null,
          has_ca_certificate: ca !== null,
        },
      },
      trx,
    );
  });
  return destinationView(row);
}

export async function changeDestination(
  ctx: ServiceContext,
  masterKey: Buffer,
  lookup: Lookup,
  id: string,
  input: DestinationInput,
) {
  const d = await visibleDestination(ctx, id);
  const change: Parameters<typeof updateDestination>[3] = { updated_at: ctx.clock.now().toISOString() };
  if (input.name !== undefined) change.name = input.name.trim();
  if (input.url !== undefined) change.url = await checkUrl(input.url, lookup);
  if (input.ca_certificate !== undefined)
    change.ca_certificate = input.ca_certificate === null ? null : checkCa(input.ca_certificate);
  if (input.secret !== undefined)
    change.secret_sealed =
      input.secret === null ? null : seal(masterKey, input.secret, secretContext(d.tenant_id, id));
  const next = { ...d, ...change };
  await ctx.db.transaction().execute(async (trx) => {
    await updateDestination(trx, d.tenant_id, id, change);
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'report_destination.updated',
        subject: { type: 'report_destination', id },
        metadata: {
          host: new URL(next.url).host,
          signed: next.secret_sealed !== null,
          has_ca_certificate: next.ca_certificate !== null,
          signing_changed: input.secret !== undefined,
        },
      },
      trx,
    );
  });
  return destinationView(next);
}

/**
 * POST .../{id}/test: a signed POST of `svc.report_delivery_test.v1` with no report data, under
 * the same rules as a delivery; answered `{ok, detail, schema}`, recorded and audited.
 */
export async function testDestination(ctx: ServiceContext, masterKey: Buffer, lookup: Lookup, id: string) {
  const d = await visibleDestination(ctx, id);
  const now = ctx.clock.now().toISOString();
  const deliveryId = randomUUID();
  const body = Buffer.from(
    JSON.stringify({ schema: TEST_SCHEMA, destination_id: d.id, delivery_id: deliveryId, sent_at: now }),
    'utf8',
  );
  const result = await deliver(
    {
      url: d.url,
      secret: secretOf(masterKey, d),
      caCertificate: d.ca_certificate,
      body,
      contentType: 'application/json',
      headers: { 'idempotency-key': `report-test-${deliveryId}`, 'x-svc-delivery-schema': TEST_SCHEMA },
    },
    lookup,
  );
  const ok = result.outcome === 'delivered';
  await ctx.db.transaction().execute(async (trx) => {
    await insertDelivery(trx, {
      id: deliveryId,
      tenant_id: d.tenant_id,
      destination_id: d.id,
      schedule_id: null,
      run_id: null,
      kind: 'test',
      attempt: 1,
      outcome: result.outcome,
      http_status: result.httpStatus,
      detail: result.detail,
      bytes: body.length,
      content_sha256: null,
      at: now,
    });
    await ctx.audit.write(
      auditContextFor(ctx),
      {
        action: 'report_destination.tested',
        subject: { type: 'report_destination', id: d.id },
        metadata: { ok, outcome: result.outcome, http_status: result.httpStatus },
      },
      trx,
    );
  });
  return { ok, detail: result.detail, schema: TEST_SCHEMA };
}

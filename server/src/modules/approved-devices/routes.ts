import { randomUUID } from 'node:crypto';
import type { ConditionNode } from '@custos/engine';
import { Type } from 'typebox';
import { auditContextOf } from '../../http/audit.js';
import { principalOf } from '../../http/authenticate.js';
import { AppError, notFound } from '../../http/errors.js';
import { requirePermission } from '../../http/guards.js';
import { errorResponses, IdParams } from '../../http/schemas.js';
import { seenRemovableDevices } from '../incidents/policy-record.js';
import type { ApiModule } from '../index.js';
import { compileTenant, type PolicyDeps, releasedPolicies } from '../policies/service.js';

/** Approved devices per tenant (document 1, Limits). */
export const APPROVED_DEVICE_CAP = 5000;
/** A page of seen devices holds at most 200 (document 2, Limits: seen devices 200). */
export const SEEN_PAGE_CAP = 200;

const Nullable = Type.Union([Type.String(), Type.Null()]);
const Seen = Type.Object(
  {
    serial: Type.String(),
    device_class: Nullable,
    vendor: Nullable,
    model: Nullable,
    endpoints: Type.Integer(),
    events: Type.Integer(),
    first_seen_at: Type.String(),
    last_seen_at: Type.String(),
    approved_device_id: Nullable,
  },
  { additionalProperties: false },
);

const Device = Type.Object(
  {
    id: Type.String(),
    serial: Type.String(),
    device_class: Type.Union([Type.String(), Type.Null()]),
    label: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String(),
  },
  { additionalProperties: false },
);
const Changed = Type.Object(
  { id: Type.String(), bundle_version: Type.Union([Type.Integer(), Type.Null()]) },
  { additionalProperties: false },
);

function usesInventory(node: ConditionNode): boolean {
  if (node.op === 'removable_device') return node.include_approved_inventory === true;
  if (node.op === 'and' || node.op === 'or' || node.op === 'at_least') return node.nodes.some(usesInventory);
  if (node.op === 'not') return usesInventory(node.node);
  return false;
}

/**
 * Approved-device inventory (document 1, Conditions rule 8): an approval or removal recompiles
 * the bundle only when a published policy's condition sets `include_approved_inventory`;
 * otherwise `bundle_version` is null.
 */
export const approvedDevicesModule: ApiModule = async (app) => {
  const s = app.deps;
  const deps: PolicyDeps = { db: s.db, audit: s.audit, now: () => s.clock.now(), masterKey: s.keys.master };

  async function maybeRecompile(
    request: Parameters<typeof auditContextOf>[0],
    cause: string,
  ): Promise<number | null> {
    const p = principalOf(request);
    const released = await releasedPolicies(s.db, p.tenantId);
    if (!released.some((r) => usesInventory(r.version.condition))) return null;
    const bundle = await compileTenant(
      deps,
      { tenantId: p.tenantId, userId: p.userId, canApprove: false, audit: auditContextOf(request) },
      cause,
    );
    return bundle.version;
  }

  app.get(
    '/approved-devices',
    {
      onRequest: [requirePermission('policies:read')],
      schema: { response: { 200: Type.Object({ items: Type.Array(Device) }), ...errorResponses(401, 403) } },
    },
    async (request) => ({
      items: await s.db
        .selectFrom('approved_devices')
        .select(['id', 'serial', 'device_class', 'label', 'created_at'])
        .where('tenant_id', '=', principalOf(request).tenantId)
        .orderBy('serial_key')
        .execute(),
    }),
  );

  app.get(
    '/approved-devices/seen',
    {
      onRequest: [requirePermission('policies:read')],
      schema: {
        querystring: Type.Object(
          {
            paged: Type.Optional(Type.Boolean()),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SEEN_PAGE_CAP })),
            offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Union([
            Type.Array(Seen),
            Type.Object({
              items: Type.Array(Seen),
              total: Type.Integer(),
              limit: Type.Integer(),
              offset: Type.Integer(),
            }),
          ]),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request) => {
      const tenantId = principalOf(request).tenantId;
      const limit = request.query.limit ?? SEEN_PAGE_CAP;
      const offset = request.query.offset ?? 0;
      const seen = await seenRemovableDevices(s.db, tenantId);
      const approved = new Map(
        (
          await s.db
            .selectFrom('approved_devices')
            .select(['id', 'serial_key'])
            .where('tenant_id', '=', tenantId)
            .execute()
        ).map((r) => [r.serial_key, r.id]),
      );
      const items = seen.slice(offset, offset + limit).map((d) => ({
        ...d,
        approved_device_id: approved.get(d.serial.toLowerCase()) ?? null,
      }));
      // Bare array (newest sighting first) unless `paged` asks for the envelope, as the bundle list.
      return request.query.paged ? { items, total: seen.length, limit, offset } : items;
    },
  );

  app.post(
    '/approved-devices',
    {
      onRequest: [requirePermission('policies:write')],
      schema: {
        body: Type.Object(
          {
            serial: Type.String({ minLength: 1, maxLength: 128, pattern: '^[\\x21-\\x7e]+$' }),
            device_class: Type.Optional(Type.String({ maxLength: 64 })),
            label: Type.Optional(Type.String({ maxLength: 200 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Changed, 201: Changed, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const key = request.body.serial.toLowerCase();
      const exists = await s.db
        .selectFrom('approved_devices')
        .select('id')
        .where('tenant_id', '=', p.tenantId)
        .where('serial_key', '=', key)
        .executeTakeFirst();
      if (exists) {
        // Re-approving a serial relabels it (document 1, Approved-device inventory). The serials
        // a bundle carries do not change, so nothing is recompiled.
        await s.db
          .updateTable('approved_devices')
          .set({
            label: request.body.label ?? null,
            ...(request.body.device_class !== undefined ? { device_class: request.body.device_class } : {}),
          })
          .where('tenant_id', '=', p.tenantId)
          .where('id', '=', exists.id)
          .execute();
        await s.audit.write(auditContextOf(request), {
          action: 'approved_device.relabelled',
          subject: { type: 'approved_device', id: exists.id },
        });
        return reply.code(200).send({ id: exists.id, bundle_version: null });
      }
      const count = await s.db
        .selectFrom('approved_devices')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', p.tenantId)
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= APPROVED_DEVICE_CAP)
        throw new AppError(
          409,
          'approved_device.limit',
          `a tenant approves at most ${APPROVED_DEVICE_CAP} devices`,
        );
      const id = randomUUID();
      await s.db
        .insertInto('approved_devices')
        .values({
          id,
          tenant_id: p.tenantId,
          serial: request.body.serial,
          serial_key: key,
          device_class: request.body.device_class ?? null,
          label: request.body.label ?? null,
          created_by: p.userId,
          created_at: s.clock.now().toISOString(),
        })
        .execute();
      await s.audit.write(auditContextOf(request), {
        action: 'approved_device.added',
        subject: { type: 'approved_device', id },
      });
      return reply.code(201).send({ id, bundle_version: await maybeRecompile(request, 'device_approved') });
    },
  );

  app.delete(
    '/approved-devices/:id',
    {
      onRequest: [requirePermission('policies:write')],
      schema: { params: IdParams, response: { 200: Changed, ...errorResponses(401, 403, 404) } },
    },
    async (request) => {
      const p = principalOf(request);
      const res = await s.db
        .deleteFrom('approved_devices')
        .where('tenant_id', '=', p.tenantId)
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw notFound('approved device');
      await s.audit.write(auditContextOf(request), {
        action: 'approved_device.removed',
        subject: { type: 'approved_device', id: request.params.id },
      });
      return { id: request.params.id, bundle_version: await maybeRecompile(request, 'device_removed') };
    },
  );
};

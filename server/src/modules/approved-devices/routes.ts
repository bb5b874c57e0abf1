import { DEVICE_CLASSES } from '@custos/engine';
import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { fieldError } from '../../http/errors.js';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, IdParams } from '../../http/schemas.js';
import type { PolicyCompilePort } from '../../ports/policy-compile-port.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import type { InventoryParts } from './coalesced-recompile.js';
import {
  APPROVED_DEVICE_CAP,
  approveDevice,
  approveDevices,
  removeDevice,
  SEEN_PAGE_CAP,
  seenDevicesPage,
} from './service.js';
import { listApprovedDevices } from './store.js';

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
const DeviceFields = {
  serial: Type.String({ minLength: 1, maxLength: 128, pattern: '^[\\x21-\\x7e]+$' }),
  // The closed list of document 2 (Event), the classes a `removable_device` condition names.
  device_class: Type.Optional(Type.String({ enum: [...DEVICE_CLASSES] })),
  label: Type.Optional(PersonText('line', { maxLength: 200 })),
};
const Batch = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        { id: Type.String(), serial: Type.String(), created: Type.Boolean() },
        { additionalProperties: false },
      ),
    ),
    bundle_version: Type.Union([Type.Integer(), Type.Null()]),
  },
  { additionalProperties: false },
);
const Changed = Type.Object(
  { id: Type.String(), bundle_version: Type.Union([Type.Integer(), Type.Null()]) },
  { additionalProperties: false },
);

/**
 * Approved-device inventory routes (document 1, Conditions rule 8; rules in service.ts). The
 * registry passes policies' compile port: a change recompiles when a released policy reads the
 * inventory.
 */
export const approvedDevicesModule =
  (policies: PolicyCompilePort): ApiModule =>
  async (app) => {
    const s = app.deps;
    const parts: InventoryParts = { masterKey: s.keys.master, policies };

    app.get(
      '/approved-devices',
      {
        onRequest: [requirePermission('policies:read')],
        schema: {
          response: { 200: Type.Object({ items: Type.Array(Device) }), ...errorResponses(401, 403) },
        },
      },
      async (request) => ({ items: await listApprovedDevices(s.db, principalOf(request).tenantId) }),
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
        const limit = request.query.limit ?? SEEN_PAGE_CAP;
        const offset = request.query.offset ?? 0;
        const { items, total } = await seenDevicesPage(
          serviceContextOf(request),
          principalOf(request).tenantId,
          limit,
          offset,
        );
        // Bare array (newest sighting first) unless `paged` asks for the envelope, as the bundle list.
        return request.query.paged ? { items, total, limit, offset } : items;
      },
    );

    app.post(
      '/approved-devices',
      {
        onRequest: [requirePermission('policies:write')],
        schema: {
          // One device (`serial`, `device_class?`, `label?`), or a list of them in `items` (issue 14:
          // one request, one bundle); exactly one of the two forms.
          body: Type.Object(
            {
              ...DeviceFields,
              serial: Type.Optional(DeviceFields.serial),
              items: Type.Optional(
                Type.Array(Type.Object(DeviceFields, { additionalProperties: false }), {
                  minItems: 1,
                  maxItems: APPROVED_DEVICE_CAP,
                }),
              ),
            },
            { additionalProperties: false },
          ),
          response: {
            200: Type.Union([Changed, Batch]),
            201: Changed,
            ...errorResponses(401, 403, 409, 422),
          },
        },
      },
      async (request, reply) => {
        const ctx = serviceContextOf(request);
        const { items, serial, device_class, label } = request.body;
        if (items !== undefined) {
          if (serial !== undefined || device_class !== undefined || label !== undefined)
            throw fieldError('items', 'is the whole request: send either items or one device');
          return reply.code(200).send(await approveDevices(ctx, parts, items));
        }
        if (serial === undefined) throw fieldError('serial', 'is required (or items, a list of devices)');
        const { created, ...changed } = await approveDevice(ctx, parts, {
          serial,
          ...(device_class !== undefined ? { device_class } : {}),
          ...(label !== undefined ? { label } : {}),
        });
        return reply.code(created ? 201 : 200).send(changed);
      },
    );

    app.delete(
      '/approved-devices/:id',
      {
        onRequest: [requirePermission('policies:write')],
        schema: { params: IdParams, response: { 200: Changed, ...errorResponses(401, 403, 404) } },
      },
      async (request) => {
        const ctx = serviceContextOf(request);
        return removeDevice(ctx, parts, request.params.id);
      },
    );
  };

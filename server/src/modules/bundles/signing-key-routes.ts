import { Type } from 'typebox';
import { requirePermission } from '../../http/guards.js';
import { errorResponses, Timestamp, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { finishRotation, listSigningKeysView, retireSigningKey, startRotation } from './rotation.js';

const Key = Type.Object(
  {
    key_id: Type.String(),
    state: Type.Union([
      Type.Literal('active'),
      Type.Literal('incoming'),
      Type.Literal('rotating'),
      Type.Literal('retired'),
    ]),
    public_key_b64: Type.String(),
    created_at: Timestamp,
    retired_at: Type.Union([Timestamp, Type.Null()]),
    overlap_trust_version: Type.Union([Type.Integer(), Type.Null()]),
  },
  { additionalProperties: false },
);

const KeysView = Type.Object(
  {
    trust_version: Type.Integer(),
    keys: Type.Array(Key),
    rotation: Type.Union([
      Type.Object(
        {
          overlap_trust_version: Type.Integer(),
          endpoints_below_overlap: Type.Integer(),
          device_ids: Type.Array(Type.String()),
        },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
  },
  { additionalProperties: false },
);

/**
 * Policy signing keys and their rotation (document 2, trust rotation; docs/signing-keys.md):
 * list, start, finish, retire. Each answers the keys page as it stands after the step.
 */
export const signingKeysModule: ApiModule = async (app) => {
  const masterKey = app.deps.keys.master;
  const reply = { 200: KeysView, ...errorResponses(401, 403, 409) };

  app.get(
    '/system/signing-keys',
    {
      onRequest: [requirePermission('tenant:manage')],
      schema: { response: { 200: KeysView, ...errorResponses(401, 403) } },
    },
    async (request) => listSigningKeysView(serviceContextOf(request), masterKey),
  );

  app.post(
    '/system/signing-keys/rotation',
    { onRequest: [requirePermission('tenant:manage')], schema: { response: reply } },
    async (request) => startRotation(serviceContextOf(request), masterKey),
  );

  app.post(
    '/system/signing-keys/rotation/finish',
    { onRequest: [requirePermission('tenant:manage')], schema: { response: reply } },
    async (request) => finishRotation(serviceContextOf(request), masterKey),
  );

  app.post(
    '/system/signing-keys/:key_id/retire',
    {
      onRequest: [requirePermission('tenant:manage')],
      schema: {
        params: Type.Object({ key_id: Uuid }, { additionalProperties: false }),
        response: { ...reply, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => retireSigningKey(serviceContextOf(request), masterKey, request.params.key_id),
  );
};

import { randomUUID } from 'node:crypto';
import { BUILTIN_DETECTORS, validatePromptMessage } from '@custos/engine';
import { Type } from 'typebox';
import { auditContextOf } from '../../http/audit.js';
import { principalOf } from '../../http/authenticate.js';
import { AppError, notFound } from '../../http/errors.js';
import { requirePermission } from '../../http/guards.js';
import { PERSON_TEXT_KEYWORD } from '../../http/person-text.js';
import { errorResponses, IdParams } from '../../http/schemas.js';
import type { ApiModule } from '../index.js';
import { currentMessage, currentMessages, insertMessage, retireMessage } from './store.js';
import type { PromptMessagesTable } from './tables.js';

/** In answers the texts are listed by notice language (document 1), never as an open map. */
const ShownTexts = Type.Object(
  {
    en: Type.String(),
    az: Type.Optional(Type.String()),
    ru: Type.Optional(Type.String()),
    tr: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
const Message = Type.Object(
  {
    id: Type.String(),
    version: Type.Integer(),
    name: Type.String(),
    action: Type.String(),
    texts: ShownTexts,
    builtin: Type.Boolean(),
    retired_at: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String(),
  },
  { additionalProperties: false },
);
// Names and texts are under the person-text rule (issue 14); the engine's validateNotifications
// applies the same rule and the lengths, the schema declares it so the OpenAPI document shows it.
const Body = Type.Object(
  {
    name: Type.String({ [PERSON_TEXT_KEYWORD]: 'line' }),
    action: Type.String(),
    texts: Type.Record(Type.String(), Type.String({ [PERSON_TEXT_KEYWORD]: 'multiline' })),
  },
  { additionalProperties: false },
);
// A notice must not name a detector (document 1, Prompt message).
const detectorNames = BUILTIN_DETECTORS.map((d) => d.id);

function view(r: PromptMessagesTable) {
  return {
    id: r.id,
    version: r.version,
    name: r.name,
    action: r.action,
    texts: JSON.parse(r.texts) as { en: string; az?: string; ru?: string; tr?: string },
    builtin: false,
    retired_at: r.retired_at,
    created_at: r.created_at,
  };
}

function check(body: unknown): void {
  const errors = validatePromptMessage(body, detectorNames);
  if (errors.length > 0)
    throw new AppError('request.invalid', 'the prompt message has invalid fields', errors);
}

/** Prompt-message library: versions, retire (document 1, Endpoints; docs/policies.md). */
export const promptMessagesModule: ApiModule = async (app) => {
  const s = app.deps;

  app.get(
    '/prompt-messages',
    {
      onRequest: [requirePermission('policies:read')],
      schema: { response: { 200: Type.Object({ items: Type.Array(Message) }), ...errorResponses(401, 403) } },
    },
    async (request) => ({ items: (await currentMessages(s.db, principalOf(request).tenantId)).map(view) }),
  );

  app.post(
    '/prompt-messages',
    {
      onRequest: [requirePermission('policies:write')],
      schema: { body: Body, response: { 201: Message, ...errorResponses(401, 403, 422) } },
    },
    async (request, reply) => {
      check(request.body);
      const p = principalOf(request);
      const row: PromptMessagesTable = {
        id: randomUUID(),
        version: 1,
        tenant_id: p.tenantId,
        name: request.body.name,
        action: request.body.action,
        texts: JSON.stringify(request.body.texts),
        created_by: p.userId,
        created_at: s.clock.now().toISOString(),
        retired_at: null,
      };
      await insertMessage(s.db, row);
      await s.audit.write(auditContextOf(request), {
        action: 'prompt_message.created',
        subject: { type: 'prompt_message', id: row.id },
      });
      return reply.code(201).send(view(row));
    },
  );

  app.post(
    '/prompt-messages/:id',
    {
      onRequest: [requirePermission('policies:write')],
      schema: {
        params: IdParams,
        body: Body,
        response: { 201: Message, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const current = await currentMessage(s.db, p.tenantId, request.params.id);
      if (!current) throw notFound('prompt message');
      if (current.retired_at)
        throw new AppError('resource.conflict', 'a retired prompt message takes no new version');
      check(request.body);
      // The action is part of what a policy bound to: a new version keeps it.
      if (request.body.action !== current.action)
        throw new AppError('request.invalid', 'the prompt message has invalid fields', [
          { field: 'action', message: 'a new version keeps the action of the message' },
        ]);
      const row: PromptMessagesTable = {
        ...current,
        version: current.version + 1,
        name: request.body.name,
        texts: JSON.stringify(request.body.texts),
        created_by: p.userId,
        created_at: s.clock.now().toISOString(),
      };
      await insertMessage(s.db, row);
      await s.audit.write(auditContextOf(request), {
        action: 'prompt_message.versioned',
        subject: { type: 'prompt_message', id: row.id },
        metadata: { version: row.version },
      });
      return reply.code(201).send(view(row));
    },
  );

  app.post(
    '/prompt-messages/:id/retire',
    {
      onRequest: [requirePermission('policies:write')],
      schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses(401, 403, 404) } },
    },
    async (request, reply) => {
      const p = principalOf(request);
      const current = await currentMessage(s.db, p.tenantId, request.params.id);
      if (!current) throw notFound('prompt message');
      await retireMessage(s.db, p.tenantId, current.id, s.clock.now().toISOString());
      await s.audit.write(auditContextOf(request), {
        action: 'prompt_message.retired',
        subject: { type: 'prompt_message', id: current.id },
      });
      return reply.code(204).send(null);
    },
  );
};

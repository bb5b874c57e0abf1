import { Type } from 'typebox';
import { requirePermission } from '../../http/guards.js';
import { PERSON_TEXT_KEYWORD } from '../../http/person-text.js';
import { errorResponses } from '../../http/schemas.js';
import type { ClassificationBindingPort } from '../../ports/classification-binding-port.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { ClassificationEnabledSchema, ClassificationSchema } from './response-schemas.js';
import {
  changeClassificationEnabled,
  createClassification,
  listClassifications,
  reviseClassification,
} from './service.js';

const ClassParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) });

/**
 * Classifications (issue 5; the spec shows no routes, designed here and documented in
 * docs/policies.md); the rules are in service.ts. Whether a policy binds a classification is asked
 * of policies through the port the registry passes in.
 */
export const classificationsModule =
  (policies: ClassificationBindingPort): ApiModule =>
  async (app) => {
    app.get(
      '/classifications',
      {
        onRequest: [requirePermission('policies:read')],
        schema: {
          response: {
            200: Type.Object({ items: Type.Array(ClassificationSchema) }),
            ...errorResponses(401, 403),
          },
        },
      },
      async (request) => listClassifications(serviceContextOf(request)),
    );

    app.post(
      '/classifications',
      {
        onRequest: [requirePermission('policies:write')],
        schema: {
          body: Type.Object(
            {
              classification_id: Type.String({ minLength: 1, maxLength: 128 }),
              // Lengths are the engine's (validateClassificationDefinition); the rule is declared here too.
              name: Type.String({ [PERSON_TEXT_KEYWORD]: 'line' }),
              rules: Type.Array(Type.Unknown(), { maxItems: 100 }),
            },
            { additionalProperties: false },
          ),
          response: { 201: ClassificationSchema, ...errorResponses(401, 403, 409, 422) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createClassification(serviceContextOf(request), request.body)),
    );

    app.post(
      '/classifications/:id/revisions',
      {
        onRequest: [requirePermission('policies:write')],
        schema: {
          params: ClassParams,
          body: Type.Object(
            {
              // Lengths are the engine's (validateClassificationDefinition); the rule is declared here too.
              name: Type.String({ [PERSON_TEXT_KEYWORD]: 'line' }),
              rules: Type.Array(Type.Unknown(), { maxItems: 100 }),
              new_version: Type.Optional(Type.Boolean()),
            },
            { additionalProperties: false },
          ),
          response: { 201: ClassificationSchema, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await reviseClassification(serviceContextOf(request), policies, request.params.id, request.body),
          ),
    );

    app.post(
      '/classifications/:id/enabled',
      {
        onRequest: [requirePermission('policies:write')],
        schema: {
          params: ClassParams,
          body: Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false }),
          response: { 200: ClassificationEnabledSchema, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) =>
        changeClassificationEnabled(
          serviceContextOf(request),
          policies,
          request.params.id,
          request.body.enabled,
        ),
    );
  };

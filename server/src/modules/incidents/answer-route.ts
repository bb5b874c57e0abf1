import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, Uuid } from '../../http/schemas.js';
import { deviceServiceContext } from '../../service-context.js';
import { deviceOf } from '../agents/public.js';
import type { ApiModule } from '../index.js';
import { recordAnswer } from './answer-service.js';
import { COMMENT_MAX } from './discussion-service.js';

/** The signed agent route carrying a person's answer (document 2; docs/incidents.md, Questions). */
export function registerIncidentAnswerRoute(scope: FastifyInstance): void {
  scope.post(
    '/agent/incident-answers',
    {
      config: { auth: 'agent' },
      schema: {
        body: Type.Object(
          { question_id: Uuid, answer: PersonText('multiline', { minLength: 1, maxLength: COMMENT_MAX }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object(
            { question_id: Type.String(), comment_id: Type.String(), status_changed: Type.Boolean() },
            { additionalProperties: false },
          ),
          ...errorResponses(400, 401, 404, 409, 422, 429),
        },
      },
    },
    async (request) => {
      const device = deviceOf(request);
      return recordAnswer(
        deviceServiceContext(request, device),
        device,
        request.body as { question_id: string; answer: string },
      );
    },
  );
}

/** The answer route as a registry entry inside the signed agent scope (modules/index.ts). */
export const incidentAnswerModule: ApiModule = async (scope) => registerIncidentAnswerRoute(scope);

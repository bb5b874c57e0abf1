import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, Timestamp, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import {
  FALSE_POSITIVE_REASONS,
  FEEDBACK_NOTE_MAX,
  giveDetectorFeedback,
  markSynthetic,
  SYNTHETIC_REASON_MAX,
  SYNTHETIC_REASON_MIN,
  VERDICTS,
} from './marking-service.js';

const S = Type.String();
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const Enum = <T extends readonly string[]>(values: T) => Type.Union(values.map((v) => Type.Literal(v)));

/** One entry of the detail's `detector_feedback` (docs/incidents.md, Detector feedback). */
export const DetectorFeedback = Type.Object(
  {
    detector_id: S,
    detector_version: Type.Integer(),
    verdict: S,
    reason: Nullable(S),
    note: Nullable(S),
    given_by_email: Nullable(S),
    given_at: Timestamp,
  },
  { additionalProperties: false },
);

/** Marking an incident as a test, and verdicts on detectors (issue 16; docs/incidents.md). */
export const incidentMarkingModule: ApiModule = async (app) => {
  const _s = app.deps;
  const write = [requirePermission('incidents:read', 'incidents:write')];
  const call = (request: Parameters<typeof principalOf>[0]) => ({
    ctx: serviceContextOf(request),
    principal: principalOf(request),
  });

  app.post(
    '/incidents/:id/synthetic',
    {
      onRequest: write,
      schema: {
        params: Type.Object({ id: Uuid }),
        body: Type.Object(
          {
            synthetic: Type.Boolean(),
            reason: PersonText('multiline', {
              minLength: SYNTHETIC_REASON_MIN,
              maxLength: SYNTHETIC_REASON_MAX,
            }),
            expected_version: Type.Optional(Type.Integer({ minimum: 1 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object(
            {
              id: S,
              reference: S,
              row_version: Type.Integer(),
              synthetic: Type.Boolean(),
              synthetic_by: Nullable(S),
              changed: Type.Boolean(),
            },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => markSynthetic(call(request), request.params.id, request.body),
  );

  app.post(
    '/incidents/:id/detector-feedback',
    {
      onRequest: write,
      schema: {
        params: Type.Object({ id: Uuid }),
        body: Type.Object(
          {
            detector_id: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$' }),
            detector_version: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
            verdict: Enum(VERDICTS),
            reason: Type.Optional(Enum(FALSE_POSITIVE_REASONS)),
            note: Type.Optional(PersonText('multiline', { maxLength: FEEDBACK_NOTE_MAX })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object(
            {
              id: S,
              reference: S,
              changed: Type.Boolean(),
              detector_feedback: Type.Array(DetectorFeedback),
              record: Type.Object(
                {
                  detector_id: S,
                  detector_version: Type.Integer(),
                  false_positives: Type.Integer(),
                  true_positives: Type.Integer(),
                },
                { additionalProperties: false },
              ),
            },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request) => giveDetectorFeedback(call(request), request.params.id, request.body),
  );
};

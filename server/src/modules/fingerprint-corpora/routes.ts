import { CORPUS_LIMITS } from '@custos/engine';
import { Type } from 'typebox';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, IdParams, Timestamp } from '../../http/schemas.js';
import type { PolicyCompilePort } from '../../ports/policy-compile-port.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import {
  buildFingerprintCorpus,
  createFingerprintCorpus,
  getFingerprintCorpus,
  listFingerprintCorpora,
  probeFingerprintCorpus,
} from './service.js';
import { type CorpusParts, deleteFingerprintCorpus } from './withdrawal.js';

/** Files per build request and their decoded total (docs/fingerprints.md). */
export const MAX_BUILD_DOCUMENTS = 1_000;
export const MAX_BUILD_BYTES = 32 * 1024 * 1024;
/** Characters of a probed passage. */
export const MAX_PROBE_CHARS = 1_000_000;

const NullStr = Type.Union([Type.String(), Type.Null()]);
const Corpus = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    description: NullStr,
    window: Type.Integer(),
    winnow: Type.Integer(),
    version: Type.Integer(),
    document_count: Type.Integer(),
    too_short_count: Type.Integer(),
    fingerprint_count: Type.Integer(),
    size_bytes: Type.Integer(),
    built_by: NullStr,
    built_at: Type.Union([Timestamp, Type.Null()]),
    created_by: Type.String(),
    created_at: Timestamp,
  },
  { additionalProperties: false },
);
const Kind = Type.Union([Type.Literal('exact'), Type.Literal('normalised'), Type.Literal('partial')]);

/**
 * Document-fingerprint corpora: create, list, read, build, probe, delete (document 1 leaves the
 * paths open; designed in docs/fingerprints.md). Rules are in service.ts and withdrawal.ts. The
 * registry passes policies' compile port: a build or delete recompiles when a published policy
 * names the corpus.
 */
export const fingerprintCorporaModule =
  (policies: PolicyCompilePort): ApiModule =>
  async (app) => {
    const parts: CorpusParts = { masterKey: app.deps.keys.master, policies };

    app.get(
      '/fingerprint-corpora',
      {
        onRequest: [requirePermission('policies:read')],
        schema: {
          response: { 200: Type.Object({ items: Type.Array(Corpus) }), ...errorResponses(401, 403) },
        },
      },
      async (request) => listFingerprintCorpora(serviceContextOf(request)),
    );

    app.get(
      '/fingerprint-corpora/:id',
      {
        onRequest: [requirePermission('policies:read')],
        schema: { params: IdParams, response: { 200: Corpus, ...errorResponses(401, 403, 404) } },
      },
      async (request) => getFingerprintCorpus(serviceContextOf(request), request.params.id),
    );

    app.post(
      '/fingerprint-corpora',
      {
        onRequest: [requirePermission('policies:write')],
        schema: {
          body: Type.Object(
            {
              name: PersonText('line', { minLength: 1, maxLength: 120 }),
              description: Type.Optional(PersonText('multiline', { maxLength: 1_000 })),
              window: Type.Optional(
                Type.Integer({ minimum: CORPUS_LIMITS.windowMin, maximum: CORPUS_LIMITS.windowMax }),
              ),
              winnow: Type.Optional(
                Type.Integer({ minimum: CORPUS_LIMITS.winnowMin, maximum: CORPUS_LIMITS.winnowMax }),
              ),
            },
            { additionalProperties: false },
          ),
          response: { 201: Corpus, ...errorResponses(401, 403, 409, 422) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createFingerprintCorpus(serviceContextOf(request), request.body)),
    );

    app.post(
      '/fingerprint-corpora/:id/build',
      {
        onRequest: [requirePermission('policies:write')],
        // Base64 of the largest allowed set of files, with room for the JSON around it.
        bodyLimit: Math.ceil((MAX_BUILD_BYTES * 4) / 3) + 1024 * 1024,
        schema: {
          params: IdParams,
          body: Type.Object(
            {
              mode: Type.Optional(Type.Union([Type.Literal('replace'), Type.Literal('add')])),
              documents: Type.Array(
                Type.Object(
                  {
                    content_base64: Type.String({
                      minLength: 0,
                      maxLength: Math.ceil((MAX_BUILD_BYTES * 4) / 3),
                      contentEncoding: 'base64',
                      pattern: '^[A-Za-z0-9+/]*={0,2}$',
                    }),
                  },
                  { additionalProperties: false },
                ),
                { minItems: 1, maxItems: MAX_BUILD_DOCUMENTS },
              ),
            },
            { additionalProperties: false },
          ),
          response: {
            200: Type.Object(
              {
                corpus: Corpus,
                /** The bundle this build compiled; null when no published policy names the corpus. */
                bundle_version: Type.Union([Type.Integer(), Type.Null()]),
                documents: Type.Array(
                  Type.Object(
                    { status: Type.Union([Type.Literal('kept'), Type.Literal('too_short')]) },
                    { additionalProperties: false },
                  ),
                ),
              },
              { additionalProperties: false },
            ),
            ...errorResponses(401, 403, 404, 409, 413, 422),
          },
        },
      },
      async (request) =>
        buildFingerprintCorpus(serviceContextOf(request), parts, request.params.id, request.body),
    );

    app.post(
      '/fingerprint-corpora/:id/probe',
      {
        onRequest: [requirePermission('policies:read')],
        bodyLimit: 8 * MAX_PROBE_CHARS,
        schema: {
          params: IdParams,
          body: Type.Object(
            {
              text: Type.String({ maxLength: MAX_PROBE_CHARS }),
              kind: Type.Optional(Kind),
              min_coverage: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1 })),
            },
            { additionalProperties: false },
          ),
          response: {
            200: Type.Object(
              {
                corpus_id: Type.String(),
                version: Type.Integer(),
                too_short: Type.Boolean(),
                kinds: Type.Array(
                  Type.Object(
                    {
                      kind: Kind,
                      result: Type.Union([
                        Type.Literal('match'),
                        Type.Literal('no_match'),
                        Type.Literal('too_short'),
                      ]),
                      min_coverage: Type.Number(),
                      coverage: Type.Union([Type.Number(), Type.Null()]),
                    },
                    { additionalProperties: false },
                  ),
                ),
              },
              { additionalProperties: false },
            ),
            ...errorResponses(401, 403, 404, 422),
          },
        },
      },
      async (request) => probeFingerprintCorpus(serviceContextOf(request), request.params.id, request.body),
    );

    app.delete(
      '/fingerprint-corpora/:id',
      {
        // A withdrawal changes what published policies match: the publish permission, as a release.
        onRequest: [requirePermission('policies:write', 'policies:publish')],
        schema: {
          params: IdParams,
          body: Type.Object(
            {
              reason: PersonText('multiline', { minLength: 5, maxLength: 500 }),
              acknowledged_policy_ids: Type.Optional(
                Type.Array(Type.String({ maxLength: 64 }), { maxItems: 1_000 }),
              ),
            },
            { additionalProperties: false },
          ),
          response: {
            200: Type.Object(
              {
                id: Type.String(),
                versions_removed: Type.Integer(),
                bundle_version: Type.Union([Type.Integer(), Type.Null()]),
                policy_ids: Type.Array(Type.String()),
              },
              { additionalProperties: false },
            ),
            ...errorResponses(401, 403, 404, 409, 422),
          },
        },
      },
      async (request) =>
        deleteFingerprintCorpus(serviceContextOf(request), parts, request.params.id, request.body),
    );
  };

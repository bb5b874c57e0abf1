import { Type } from 'typebox';

/**
 * Shared TypeBox pieces for route schemas. The error body is declared on routes so the OpenAPI
 * document shows it; the error handler sends the same shape for every status.
 */
export const FieldErrorSchema = Type.Object(
  { field: Type.String(), message: Type.String() },
  { additionalProperties: false },
);

export const ErrorBodySchema = Type.Object(
  { code: Type.String(), message: Type.String(), details: Type.Array(FieldErrorSchema) },
  { additionalProperties: false, description: 'the one error shape (docs/errors.md)' },
);

/** `{ 401: ErrorBody, 403: ErrorBody, … }` to spread into a route's `response`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ErrorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBodySchema])) as Record<S, typeof ErrorBodySchema>;
}

/** A path id: anything but a UUID answers 400 request.malformed before the handler. */
export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid });

/** RFC 3339 UTC timestamps as stored and sent (`2026-01-15T09:00:00.000Z`). */
export const Timestamp = Type.String({ format: 'date-time' });

/** `limit`/`offset` query parameters with the route's bounds (document 3: sessions 1-100, 0-10000). */
export function pageQuery(bounds: { maxLimit: number; defaultLimit: number; maxOffset: number }) {
  return {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: bounds.maxLimit, default: bounds.defaultLimit }),
    ),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: bounds.maxOffset, default: 0 })),
  };
}

import { Type } from 'typebox';
import { requirePermission } from '../../http/guards.js';
import { PersonText } from '../../http/person-text.js';
import { errorResponses, IdParams, Timestamp, Uuid } from '../../http/schemas.js';
import type { ReportIncidentsPort } from '../../ports/report-incidents-port.js';
import type { ApiModule } from '../index.js';
import {
  decideRequest,
  listRequests,
  REQUEST_STATES,
  requestExport,
  setExportSettings,
} from './export-requests-service.js';
import { EXPORT_FORMATS, type ExportFormat, exportReport } from './export-service.js';
import { reportCallOf } from './route-parts.js';
import { ExportRequestOut, Lit, Reason } from './schemas.js';
import { ViewQuery, viewOf } from './view.js';

const exporter = [requirePermission('incidents:read', 'incidents:export')];
const closed = { additionalProperties: false } as const;
const Format = Type.Optional(Lit(EXPORT_FORMATS));

/** Report exports, export approvals and the tenant's threshold (document 2; docs/reports.md, Export). */
export const reportExportRoutes =
  (incidents: ReportIncidentsPort): ApiModule =>
  async (app) => {
    app.get(
      '/reports/:id/export',
      {
        onRequest: exporter,
        schema: {
          params: IdParams,
          querystring: Type.Object({ ...ViewQuery, format: Format, approval: Type.Optional(Uuid) }, closed),
          response: {
            200: {
              description: 'CSV (default) or, with format=print, a printable HTML document',
              content: { 'text/csv': { schema: Type.String() }, 'text/html': { schema: Type.String() } },
            },
            ...errorResponses(401, 403, 404, 409, 422, 429, 503),
          },
        },
      },
      async (request, reply) => {
        const q = request.query as Record<string, string | undefined>;
        const out = await exportReport(
          reportCallOf(request, incidents),
          request.params.id,
          viewOf(q),
          (q.format ?? 'csv') as ExportFormat,
          q.approval,
        );
        return reply.headers(out.headers).send(out.body as unknown as string);
      },
    );

    app.post(
      '/reports/:id/export-requests',
      {
        onRequest: exporter,
        schema: {
          params: IdParams,
          querystring: Type.Object({ ...ViewQuery, format: Format }, closed),
          body: Reason,
          response: {
            200: Type.Object({ id: Type.String(), rows: Type.Integer(), threshold: Type.Integer() }, closed),
            201: Type.Object({ id: Type.String(), rows: Type.Integer(), threshold: Type.Integer() }, closed),
            ...errorResponses(401, 403, 404, 409, 422, 503),
          },
        },
      },
      async (request, reply) => {
        const q = request.query as Record<string, string | undefined>;
        const out = await requestExport(
          reportCallOf(request, incidents),
          request.params.id,
          viewOf(q),
          (q.format ?? 'csv') as ExportFormat,
          request.body.reason,
        );
        return reply.code(out.created ? 201 : 200).send(out.answer);
      },
    );

    app.get(
      '/reports/export-requests',
      {
        onRequest: [requirePermission('incidents:export')],
        schema: {
          querystring: Type.Object({ state: Type.Optional(Lit(REQUEST_STATES)) }, closed),
          response: {
            200: Type.Object({ items: Type.Array(ExportRequestOut) }, closed),
            ...errorResponses(401, 403, 422),
          },
        },
      },
      async (request) => listRequests(reportCallOf(request, incidents), request.query.state),
    );

    for (const decision of ['approve', 'reject', 'withdraw'] as const) {
      app.post(
        `/reports/export-requests/:id/${decision}`,
        {
          onRequest: [requirePermission('incidents:export')],
          schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409) } },
        },
        async (request, reply) => {
          await decideRequest(reportCallOf(request, incidents), request.params.id, decision);
          return reply.code(204).send(null);
        },
      );
    }

    app.post(
      '/settings/report-exports',
      {
        onRequest: [requirePermission('tenant:manage')],
        schema: {
          body: Type.Object(
            {
              approval_above_rows: Type.Union([Type.Integer({ minimum: 1, maximum: 9_999 }), Type.Null()]),
              reason: PersonText('multiline', { minLength: 5, maxLength: 500 }),
            },
            closed,
          ),
          response: {
            200: Type.Object(
              { approval_above_rows: Type.Union([Type.Integer(), Type.Null()]), updated_at: Timestamp },
              closed,
            ),
            ...errorResponses(401, 403, 422),
          },
        },
      },
      async (request) =>
        setExportSettings(
          reportCallOf(request, incidents),
          request.body.approval_above_rows,
          request.body.reason,
        ),
    );
  };

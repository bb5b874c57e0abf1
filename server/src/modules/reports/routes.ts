import { Type } from 'typebox';
import { fieldError } from '../../http/errors.js';
import { requireAnyPermission, requirePermission } from '../../http/guards.js';
import { errorResponses, IdParams } from '../../http/schemas.js';
import type { ReportIncidentsPort } from '../../ports/report-incidents-port.js';
import type { ApiModule } from '../index.js';
import { reportCallOf } from './route-parts.js';
import { runReport } from './run-service.js';
import { Reason, ReportChangeBody, ReportCreate, ReportOut, RunOut, TemplateOut } from './schemas.js';
import { changeReport, createReport, listReportViews, removeReport } from './service.js';
import { TEMPLATES } from './templates.js';
import { PAGE_SIZES, ViewQuery, viewOf } from './view.js';

const read = [requirePermission('incidents:read')];
const write = [
  requirePermission('incidents:read'),
  requireAnyPermission('reports:write', 'reports:schedule'),
];

/** Reports, their templates and runs (document 2; docs/reports.md). Exports: export-routes.ts. */
export const reportRoutes =
  (incidents: ReportIncidentsPort): ApiModule =>
  async (app) => {
    app.get(
      '/reports',
      {
        onRequest: read,
        schema: {
          response: { 200: Type.Object({ items: Type.Array(ReportOut) }), ...errorResponses(401, 403) },
        },
      },
      async (request) => listReportViews(reportCallOf(request, incidents)),
    );

    app.post(
      '/reports',
      {
        onRequest: write,
        schema: { body: ReportCreate, response: { 201: ReportOut, ...errorResponses(401, 403, 422) } },
      },
      async (request, reply) =>
        reply.code(201).send(await createReport(reportCallOf(request, incidents), request.body)),
    );

    app.post(
      '/reports/:id',
      {
        onRequest: write,
        schema: {
          params: IdParams,
          body: ReportChangeBody,
          response: { 200: ReportOut, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => changeReport(reportCallOf(request, incidents), request.params.id, request.body),
    );

    app.delete(
      '/reports/:id',
      {
        onRequest: write,
        schema: {
          params: IdParams,
          body: Reason,
          response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request, reply) => {
        await removeReport(reportCallOf(request, incidents), request.params.id, request.body.reason);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/report-templates',
      {
        onRequest: read,
        schema: {
          response: { 200: Type.Object({ items: Type.Array(TemplateOut) }), ...errorResponses(401, 403) },
        },
      },
      async () => ({ items: [...TEMPLATES] }),
    );

    app.get(
      '/reports/:id/run',
      {
        onRequest: read,
        schema: {
          params: IdParams,
          querystring: Type.Object(
            {
              ...ViewQuery,
              page_size: Type.Optional(Type.Integer()),
              offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 9_999 })),
            },
            { additionalProperties: false },
          ),
          response: { 200: RunOut, ...errorResponses(401, 403, 404, 422, 429, 503) },
        },
      },
      async (request) => {
        const q = request.query as Record<string, string | number | undefined>;
        const pageSize = q.page_size as number | undefined;
        if (pageSize !== undefined && !(PAGE_SIZES as readonly number[]).includes(pageSize))
          throw fieldError('page_size', `must be one of ${PAGE_SIZES.join(', ')}`);
        return runReport(reportCallOf(request, incidents), request.params.id, viewOf(q), {
          page_size: pageSize,
          offset: q.offset as number | undefined,
        });
      },
    );
  };

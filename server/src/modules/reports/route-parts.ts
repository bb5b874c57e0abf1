import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../http/authenticate.js';
import { AppError, fieldError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import type { ReportIncidentsPort, ReportQueryParts } from '../../ports/report-incidents-port.js';
import { auditContextFor, type ServiceContext, serviceContextOf } from '../../service-context.js';

/**
 * What a reports service is called with: the request's service context, the app's parts the
 * incidents port needs, the principal (its permissions and incident scope decide what a report
 * shows) and the port itself (docs/reports.md, Wiring).
 */
export interface ReportCall {
  ctx: ServiceContext;
  query: ReportQueryParts;
  principal: Principal;
  incidents: ReportIncidentsPort;
}

export function reportCallOf(request: FastifyRequest, incidents: ReportIncidentsPort): ReportCall {
  const ctx = serviceContextOf(request);
  return {
    ctx,
    query: { ctx, queryTimeoutMs: request.server.deps.config.incidents.queryTimeoutMs },
    principal: principalOf(request),
    incidents,
  };
}

/** What the export approval rule needs of a call (reports and the Activity Explorer). */
export type ApprovalCall = Pick<ReportCall, 'ctx' | 'principal'>;

export const auditOf = (c: ApprovalCall) => auditContextFor(c.ctx);
export const tenantOf = (c: ApprovalCall) => c.principal.tenantId;

/**
 * Runs a check of the incident list and renames the fields of its 422 (the list names its own
 * query parameters; a report names its stored filter or view parameter).
 */
export function renamedFields<T>(run: () => T, rename: (field: string) => string): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof AppError && err.code === 'request.invalid') {
      const [first, ...more] = err.details.map((d) => ({ field: rename(d.field), message: d.message }));
      if (first) throw fieldError(first.field, first.message, more);
    }
    throw err;
  }
}

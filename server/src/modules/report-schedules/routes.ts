import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { requirePermission } from '../../http/guards.js';
import { errorResponses, IdParams } from '../../http/schemas.js';
import type { ReportIncidentsPort } from '../../ports/report-incidents-port.js';
import type { ApiModule } from '../index.js';
import { reportCallOf } from '../reports/public.js';
import { lookupOf, passes } from './network.js';
import { type RunnerParts, schedulerPass } from './runner.js';
import {
  changeSchedule,
  createSchedule,
  getSchedule,
  listAll,
  listForReport,
  removeSchedule,
  scheduleRuns,
} from './schedules-service.js';
import { Items, RunOut, ScheduleChange, ScheduleCreate, ScheduleOut } from './schemas.js';

/** Document 2: schedules need reports:schedule and incidents:read. */
export const scheduleGuards = [requirePermission('reports:schedule', 'incidents:read')];

/** Report schedules and their runs (document 2; docs/report-schedules.md). */
export const routesOf =
  (incidents: ReportIncidentsPort): ApiModule =>
  async (app) => {
    startScheduler(app, incidents);
    const onRequest = scheduleGuards;
    app.get(
      '/reports/:id/schedules',
      {
        onRequest,
        schema: { params: IdParams, response: { 200: Items(ScheduleOut), ...errorResponses(401, 403, 404) } },
      },
      async (request) => listForReport(reportCallOf(request, incidents), request.params.id),
    );

    app.post(
      '/reports/:id/schedules',
      {
        onRequest,
        schema: {
          params: IdParams,
          body: ScheduleCreate,
          response: { 201: ScheduleOut, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await createSchedule(reportCallOf(request, incidents), request.params.id, request.body)),
    );

    app.get(
      '/report-schedules',
      { onRequest, schema: { response: { 200: Items(ScheduleOut), ...errorResponses(401, 403) } } },
      async (request) => listAll(reportCallOf(request, incidents)),
    );

    app.get(
      '/report-schedules/:id',
      {
        onRequest,
        schema: { params: IdParams, response: { 200: ScheduleOut, ...errorResponses(401, 403, 404) } },
      },
      async (request) => getSchedule(reportCallOf(request, incidents), request.params.id),
    );

    app.patch(
      '/report-schedules/:id',
      {
        onRequest,
        schema: {
          params: IdParams,
          body: ScheduleChange,
          response: { 200: ScheduleOut, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => changeSchedule(reportCallOf(request, incidents), request.params.id, request.body),
    );

    app.delete(
      '/report-schedules/:id',
      {
        onRequest,
        schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses(401, 403, 404) } },
      },
      async (request, reply) => {
        await removeSchedule(reportCallOf(request, incidents), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/report-schedules/:id/runs',
      {
        onRequest,
        schema: { params: IdParams, response: { 200: Items(RunOut), ...errorResponses(401, 403, 404) } },
      },
      async (request) => scheduleRuns(reportCallOf(request, incidents), request.params.id),
    );
  };

/** How often each instance looks for due occurrences and retries. */
export const PASS_EVERY_MS = 15_000;

/**
 * The scheduler of this instance: a pass every 15 seconds from start; a pass never overlaps the
 * previous one. The timer does not keep the process alive; close waits for a pass under way.
 */
function startScheduler(app: FastifyInstance, incidents: ReportIncidentsPort): void {
  const s = app.deps;
  const parts = (): RunnerParts => ({
    sweep: { db: s.db, audit: s.audit, clock: s.clock },
    masterKey: s.keys.master,
    queryTimeoutMs: s.config.incidents.queryTimeoutMs,
    auth: app.auth,
    incidents,
    lookup: lookupOf(s.db),
  });
  let running: Promise<void> | null = null;
  const pass = () => {
    running ??= schedulerPass(parts()).finally(() => {
      running = null;
    });
    return running;
  };
  passes.set(s.db, pass);
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      pass().catch((err: unknown) =>
        app.log.error({ err: { type: (err as Error)?.name } }, 'report scheduler pass failed'),
      );
    }, PASS_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

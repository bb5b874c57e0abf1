import { Type } from 'typebox';
import { runOncePerOccurrence } from '../../db/job-runs.js';
import { principalOf } from '../../http/authenticate.js';
import { notFound } from '../../http/errors.js';
import { requirePermission } from '../../http/guards.js';
import { errorResponses, IdParams, pageQuery, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { scanFindings } from './report-service.js';
import { runDueScans, SCHEDULE_EVERY_MS, startScanSchedule } from './schedule.js';
import {
  CancelBody,
  CreateScanBody,
  FindingPageOut,
  ScanPageOut,
  ScanRecordOut,
  ScanStatus,
} from './schemas.js';
import { cancelScan, createScan, getScan, listScanPage, rerunScan } from './service.js';

const closed = { additionalProperties: false } as const;
const reader = [requirePermission('discovery:read')];
// Starting or stopping work on endpoints is endpoint management (docs/discovery-scans.md).
const operator = [requirePermission('discovery:read', 'agents:write')];
const page = pageQuery({ maxLimit: 200, defaultLimit: 50, maxOffset: 10_000 });

/** Discovery scans, console side (document 2; docs/discovery-scans.md). */
export const discoveryScanRoutes: ApiModule = async (app) => {
  const s = app.deps;
  // Recurring scans: 30 s after start, then every five minutes, once per occurrence across
  // instances, on the injected clock.
  let stop = () => {};
  app.addHook('onReady', async () => {
    stop = startScanSchedule(() => {
      const now = s.clock.now();
      runOncePerOccurrence(s.db, 'discovery_scan.schedule', SCHEDULE_EVERY_MS, now, () =>
        runDueScans(s, now, (msg, fields) => app.log.warn(fields, msg)),
      ).catch((err: unknown) =>
        app.log.error({ err: { type: (err as Error)?.name } }, 'discovery scan schedule pass failed'),
      );
    });
  });
  app.addHook('onClose', async () => stop());

  app.get(
    '/discovery-scans',
    {
      onRequest: reader,
      schema: {
        querystring: Type.Object(
          {
            status: Type.Optional(ScanStatus),
            ...page,
          },
          closed,
        ),
        response: { 200: ScanPageOut, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const { limit = 50, offset = 0, status } = request.query;
      return listScanPage(serviceContextOf(request), { status }, { limit, offset });
    },
  );

  app.post(
    '/discovery-scans',
    {
      onRequest: operator,
      schema: { body: CreateScanBody, response: { 201: ScanRecordOut, ...errorResponses(401, 403, 422) } },
    },
    async (request, reply) => {
      const b = request.body;
      const scan = await createScan(serviceContextOf(request), {
        name: b.name,
        agent_ids: (b.agent_ids ?? []).map((x) => x.toLowerCase()),
        group_ids: (b.group_ids ?? []).map((x) => x.toLowerCase()),
        paths: b.paths ?? [],
        repeat_every_hours: b.repeat_every_hours ?? null,
      });
      return reply.code(201).send(scan);
    },
  );

  app.get(
    '/discovery-scans/:id',
    {
      onRequest: reader,
      schema: { params: IdParams, response: { 200: ScanRecordOut, ...errorResponses(401, 403, 404) } },
    },
    async (request) => {
      const scan = await getScan(serviceContextOf(request), request.params.id.toLowerCase());
      if (!scan) throw notFound();
      return scan;
    },
  );

  app.get(
    '/discovery-scans/:id/findings',
    {
      onRequest: reader,
      schema: {
        params: IdParams,
        querystring: Type.Object(
          { exposed_only: Type.Optional(Type.Boolean()), agent_id: Type.Optional(Uuid), ...page },
          closed,
        ),
        response: { 200: FindingPageOut, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { limit = 50, offset = 0, exposed_only = false, agent_id } = request.query;
      return scanFindings(
        serviceContextOf(request),
        principalOf(request).tenantId,
        request.params.id.toLowerCase(),
        { exposed_only, agent_id: agent_id?.toLowerCase() },
        { limit, offset },
      );
    },
  );

  app.post(
    '/discovery-scans/:id/rerun',
    {
      onRequest: operator,
      schema: {
        params: IdParams,
        response: { 201: ScanRecordOut, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await rerunScan(serviceContextOf(request), request.params.id.toLowerCase())),
  );

  app.post(
    '/discovery-scans/:id/cancel',
    {
      onRequest: operator,
      schema: {
        params: IdParams,
        body: CancelBody,
        response: { 200: ScanRecordOut, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      cancelScan(serviceContextOf(request), request.params.id.toLowerCase(), request.body.reason.trim()),
  );
};

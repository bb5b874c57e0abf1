import { runOncePerOccurrence } from '../../db/job-runs.js';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission } from '../../http/guards.js';
import { errorResponses, IdParams } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import {
  type ConsoleCall,
  decide,
  getApproverLabel,
  getForConsole,
  listForConsole,
  setApproverLabel,
  withdrawByApprover,
} from './console-service.js';
import { lapseRequests, startLapseJob } from './lapse.js';
import { LAPSE_EVERY_MS } from './rules.js';
import {
  DecisionBody,
  LabelAnswer,
  LabelBody,
  LabelView,
  ListAnswer,
  ListQuery,
  RequestView,
  WithdrawBody,
} from './schemas.js';

/** Exception requests in the console (document 2; docs/exception-requests.md). */
export const exceptionRequestsModule: ApiModule = async (app) => {
  const s = app.deps;
  const read = [requirePermission('exceptions:read')];
  const decideGuard = [requirePermission('exceptions:read', 'exceptions:decide')];
  const call = (request: Parameters<typeof principalOf>[0]): ConsoleCall => ({
    ctx: serviceContextOf(request),
    principal: principalOf(request),
    masterKey: s.keys.master,
  });

  // The lapse pass: 30 s after start, then every five minutes, on the injected clock.
  let stop = () => {};
  app.addHook('onReady', async () => {
    stop = startLapseJob(() => {
      const now = s.clock.now();
      runOncePerOccurrence(s.db, 'exception.lapse', LAPSE_EVERY_MS, now, () => lapseRequests(s, now)).catch(
        (err: unknown) =>
          app.log.error({ err: { type: (err as Error)?.name } }, 'exception lapse pass failed'),
      );
    });
  });
  app.addHook('onClose', async () => stop());

  app.get(
    '/exception-requests',
    {
      onRequest: read,
      schema: { querystring: ListQuery, response: { 200: ListAnswer, ...errorResponses(401, 403, 422) } },
    },
    async (request) => {
      const q = request.query;
      return listForConsole(serviceContextOf(request), {
        ...(q.state ? { state: q.state } : {}),
        ...(q.subject ? { subject: q.subject } : {}),
        ...(q.policy ? { policy: q.policy } : {}),
        limit: q.limit ?? 50,
        offset: q.offset ?? 0,
      });
    },
  );

  app.get(
    '/exception-requests/:id',
    {
      onRequest: read,
      schema: { params: IdParams, response: { 200: RequestView, ...errorResponses(401, 403, 404) } },
    },
    async (request) => getForConsole(serviceContextOf(request), request.params.id),
  );

  app.post(
    '/exception-requests/:id/decision',
    {
      onRequest: decideGuard,
      schema: {
        params: IdParams,
        body: DecisionBody,
        response: { 200: RequestView, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => decide(call(request), request.params.id, request.body),
  );

  app.post(
    '/exception-requests/:id/withdraw',
    {
      onRequest: decideGuard,
      schema: {
        params: IdParams,
        body: WithdrawBody,
        response: { 200: RequestView, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => withdrawByApprover(call(request), request.params.id, request.body.reason),
  );

  app.get(
    '/settings/approver-label',
    {
      onRequest: [requirePermission('incidents:read')],
      schema: {
        response: { 200: LabelView, ...errorResponses(401, 403) },
      },
    },
    async (request) => getApproverLabel(serviceContextOf(request), principalOf(request)),
  );

  app.post(
    '/settings/approver-label',
    {
      onRequest: [requirePermission('tenant:write')],
      schema: { body: LabelBody, response: { 200: LabelAnswer, ...errorResponses(401, 403, 422) } },
    },
    async (request) => setApproverLabel(call(request), request.body.label, request.body.reason),
  );
};

import { Type } from 'typebox';
import { principalOf } from '../../http/authenticate.js';
import { requirePermission, requireStepUp } from '../../http/guards.js';
import { errorResponses, IdParams, Uuid } from '../../http/schemas.js';
import { serviceContextOf } from '../../service-context.js';
import type { ApiModule } from '../index.js';
import { deliveryView } from './deliveries.js';
import {
  changeDestination,
  createDestination,
  listDestinationViews,
  testDestination,
} from './destinations-service.js';
import { lookupOf } from './network.js';
import { scheduleGuards } from './routes.js';
import {
  DeliveryOut,
  DestinationChange,
  DestinationCreate,
  DestinationOut,
  Items,
  TestAnswer,
} from './schemas.js';
import { listDeliveries } from './store.js';

/**
 * Delivery destinations and deliveries (document 2; docs/report-schedules.md): the schedule
 * permissions and integrations:write; create and change need step-up incident_delivery.
 */
export const destinationRoutes: ApiModule = async (app) => {
  const onRequest = [...scheduleGuards, requirePermission('integrations:write')];
  const keys = () => app.deps.keys.master;
  const lookup = () => lookupOf(app.deps.db);

  app.get(
    '/report-delivery-destinations',
    { onRequest, schema: { response: { 200: Items(DestinationOut), ...errorResponses(401, 403) } } },
    async (request) => listDestinationViews(serviceContextOf(request)),
  );

  app.post(
    '/report-delivery-destinations',
    {
      onRequest: [...onRequest, requireStepUp('incident_delivery')],
      schema: {
        body: DestinationCreate,
        response: { 201: DestinationOut, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createDestination(serviceContextOf(request), keys(), lookup(), request.body)),
  );

  app.patch(
    '/report-delivery-destinations/:id',
    {
      onRequest: [...onRequest, requireStepUp('incident_delivery')],
      schema: {
        params: IdParams,
        body: DestinationChange,
        response: { 200: DestinationOut, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      changeDestination(serviceContextOf(request), keys(), lookup(), request.params.id, request.body),
  );

  app.post(
    '/report-delivery-destinations/:id/test',
    {
      onRequest,
      schema: { params: IdParams, response: { 200: TestAnswer, ...errorResponses(401, 403, 404) } },
    },
    async (request) => testDestination(serviceContextOf(request), keys(), lookup(), request.params.id),
  );

  app.get(
    '/report-deliveries',
    {
      onRequest: scheduleGuards,
      schema: {
        querystring: Type.Object({ destination_id: Type.Optional(Uuid) }, { additionalProperties: false }),
        response: { 200: Items(DeliveryOut), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const tenantId = principalOf(request).tenantId;
      const rows = await listDeliveries(app.deps.db, tenantId, request.query.destination_id);
      return { items: rows.map(deliveryView) };
    },
  );
};

import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../http/schemas.js';
import type { PolicyPort } from '../../ports/policy-port.js';
import { deviceServiceContext } from '../../service-context.js';
import { deviceOf } from '../agents/public.js';
import type { ApiModule } from '../index.js';
import {
  pollDecisions,
  type RaiseBody as RaiseBodyT,
  raiseRequest,
  withdrawByDevice,
} from './agent-service.js';
import { PollAnswer, PollBody, RaiseAnswer, RaiseBody, ReferenceParams, WithdrawAnswer } from './schemas.js';

/**
 * The signed agent routes of exception requests (document 2; docs/agent-interface.md). Registered
 * by the agent interface inside its signed scope, so the device is authenticated there.
 */
export function registerExceptionAgentRoutes(scope: FastifyInstance, policies: PolicyPort): void {
  scope.post(
    '/agent/exception-requests',
    {
      config: { auth: 'agent' },
      schema: { body: RaiseBody, response: { 200: RaiseAnswer, ...errorResponses(400, 401, 409, 422, 429) } },
    },
    async (request) => {
      const device = deviceOf(request);
      return raiseRequest(
        deviceServiceContext(request, device),
        policies,
        device,
        request.body as RaiseBodyT,
      );
    },
  );
  scope.post(
    '/agent/exception-requests/:reference/withdraw',
    {
      config: { auth: 'agent' },
      schema: {
        params: ReferenceParams,
        response: { 200: WithdrawAnswer, ...errorResponses(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request) => {
      const device = deviceOf(request);
      const { reference } = request.params as { reference: string };
      return withdrawByDevice(deviceServiceContext(request, device), device, reference);
    },
  );
  scope.post(
    '/agent/exception-decisions',
    {
      config: { auth: 'agent' },
      schema: { body: PollBody, response: { 200: PollAnswer, ...errorResponses(400, 401, 422, 429) } },
    },
    async (request) => {
      const device = deviceOf(request);
      const { since } = request.body as { since: number };
      return pollDecisions(deviceServiceContext(request, device), device, since);
    },
  );
}

/** The signed agent routes as an entry of the agent scope (modules/index.ts). */
export function exceptionAgentModule(policies: PolicyPort): ApiModule {
  return async (scope) => registerExceptionAgentRoutes(scope, policies);
}

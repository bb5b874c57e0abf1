import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import type { DevicesTable } from './tables.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The device a signed agent request was verified for (agent routes only; set by the agent
     * scope of modules/agent-api).
     */
    agentDevice: DevicesTable | null;
  }
}

/** The verified device of an agent route (set by the agent scope's hook). */
export function deviceOf(request: FastifyRequest): DevicesTable {
  if (!request.agentDevice)
    throw new AppError('agent.unauthenticated', 'the request is not signed by an enrolled device');
  return request.agentDevice;
}

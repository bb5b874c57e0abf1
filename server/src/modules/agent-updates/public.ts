/**
 * What other modules and the operator CLI use from agent updates (server-modules contract):
 * the routes, the offer check-in adds, and release registration.
 */
export {
  type RegisteredRelease,
  type ReleaseInput,
  ReleaseInputError,
  registerRelease,
} from './register-release.js';
export { AgentUpdateOfferSchema, agentUpdatePackageModule, agentUpdatesModule } from './routes.js';
export { type AgentUpdateOffer, RELEASE_PLATFORMS, updateOfferFor } from './service.js';

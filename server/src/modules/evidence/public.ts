/**
 * What other modules may use of evidence (docs/architecture.md, "Module seams"): the agent's
 * evidence upload route, registered inside the agent interface's signed scope.
 */
export { registerEvidenceRoutes } from './routes.js';

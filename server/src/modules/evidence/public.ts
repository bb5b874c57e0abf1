/**
 * What other modules may use of evidence (docs/architecture.md, "Module seams"): the agent's
 * evidence upload route, registered inside the agent interface's signed scope.
 */

/** Whether a person's evidence opening of an incident still holds (incident detail previews). */
export { previewsOpen } from './console-service.js';
export { registerEvidenceRoutes } from './routes.js';

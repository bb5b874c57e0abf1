/** What other modules use from directory sources (consumers import only this file). */

export { resolveDepartments } from './department.js';
export { directorySourcesModule } from './routes.js';
export { type DomainVerification, domainVerification } from './verification.js';

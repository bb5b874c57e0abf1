/** What other modules use from directory sign-in (consumers import only this file). */

// Directory sources (docs/directory-sources.md) reuse the connection and the secret reference form.
export { type DirectoryCredential, referenceProblem, resolveCredential } from './credential.js';
export { asService, guidText, sidText } from './directory.js';
export { ldapModule } from './routes.js';
export { tenantSlug } from './settings.js';

/** What other modules use from directory sign-in (consumers import only this file). */

export { ldapModule } from './routes.js';

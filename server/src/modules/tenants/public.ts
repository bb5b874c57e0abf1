/** What other modules use from tenants (server-modules contract: consumers import only this). */
export { findTenantById, findTenantBySlug, insertTenant, listTenants } from './store.js';

/**
 * The database schema as Kysely sees it. It starts empty on purpose: each domain adds its tables
 * by declaration merging from its own `modules/<domain>/tables.ts` (or `db/foundation-tables.ts`
 * for the foundation), so nobody edits one shared schema file:
 *
 *   declare module '../../db/database.js' { interface Database { users: UsersTable } }
 *
 * Conventions (docs/architecture.md): ids are TEXT UUIDs made by the application, timestamps are
 * TEXT ISO-8601 UTC strings, booleans are INTEGER 0/1, JSON is TEXT; every tenant-owned row
 * carries `tenant_id`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging from each domain.
export interface Database {}

// What other code may use of the overview (docs/architecture.md, Module seams): its plugin only.
export { overviewModule } from './routes.js';
export type { OverviewSettingsTable } from './tables.js';

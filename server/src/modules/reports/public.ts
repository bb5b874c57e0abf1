// What the registry uses of reports (docs/architecture.md, Module seams; docs/reports.md, Wiring).
import type { ReportIncidentsPort } from '../../ports/report-incidents-port.js';
import type { ApiModule } from '../index.js';
import { reportExportRoutes } from './export-routes.js';
import { reportRoutes } from './routes.js';

/** The reports routes over the incidents module's answer to the port. */
export function reportsModule(incidents: ReportIncidentsPort): ApiModule {
  return async (app) => {
    await app.register(reportRoutes(incidents));
    await app.register(reportExportRoutes(incidents));
  };
}

// The export approval rule and reference, shared with the Activity Explorer (docs/activity-explorer.md).
export { requireApproval } from './approvals.js';
export { askExportApproval } from './export-requests-service.js';
// Report schedules (docs/report-schedules.md): the report a schedule names and its delivered export.
export { exportReference, exportReport } from './export-service.js';
export { countUse } from './limits.js';
export type { ApprovalCall } from './route-parts.js';
export { type ReportCall, reportCallOf } from './route-parts.js';
export { visibleReport } from './service.js';
export { viewOf } from './view.js';

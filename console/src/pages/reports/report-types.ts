import type { paths } from '../../api/schema.js';

/** Shapes the report routes answer (docs/reports.md). */
export type Report =
  paths['/api/v1/reports']['get']['responses'][200]['content']['application/json']['items'][number];
export type Template =
  paths['/api/v1/report-templates']['get']['responses'][200]['content']['application/json']['items'][number];
export type Run = paths['/api/v1/reports/{id}/run']['get']['responses'][200]['content']['application/json'];
export type ExportRequest =
  paths['/api/v1/reports/export-requests']['get']['responses'][200]['content']['application/json']['items'][number];

export const REPORT_PAGE = 50;
export const kindKey = (k: string) => `reportKind.${k}` as `reportKind.${Report['kind']}`;
export const requestStateKey = (s: string) =>
  `requestState.${s}` as
    | 'requestState.pending'
    | 'requestState.approved'
    | 'requestState.rejected'
    | 'requestState.withdrawn';

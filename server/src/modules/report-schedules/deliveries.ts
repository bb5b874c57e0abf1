import type { ReportDeliveriesTable } from './tables.js';

/** A delivery attempt as GET /report-deliveries shows it (no body, no receiver text). */
export function deliveryView(d: ReportDeliveriesTable) {
  return {
    id: d.id,
    destination_id: d.destination_id,
    schedule_id: d.schedule_id,
    run_id: d.run_id,
    kind: d.kind as 'report' | 'test',
    attempt: d.attempt,
    outcome: d.outcome as 'delivered' | 'failed' | 'refused',
    http_status: d.http_status,
    detail: d.detail,
    bytes: d.bytes,
    content_sha256: d.content_sha256,
    at: d.at,
  };
}

import type { ApiClient } from './api-client.js';

/** An incident row of `GET /incidents` (document 2, Incident routes); the fields the tests read. */
export interface IncidentRow {
  id: string;
  reference: string;
  title: string;
  severity: string;
  status: string;
  channel: string;
  hostname: string | null;
  policy_id: string | null;
  event_count: number;
  action: string;
  requested_action: string;
  evaluated_offline: boolean;
}

/** An event of `GET /incidents/{id}/events`. */
export interface IncidentEvent {
  id: string;
  channel: string;
  action: string;
  requested_action: string;
  enforcement: string;
  evaluated_offline: boolean;
  decided_by_policy_id: string | null;
  file_path: string | null;
  file_name: string | null;
  from_path: string | null;
  removable_device: { device_class?: string | null; serial?: string | null } | null;
  process_detail?: {
    executable_path: string | null;
    executable_hash: string | null;
    signed_publisher: string | null;
    signature: string | null;
    integrity_level: string | null;
    withheld_fields: string[];
  } | null;
}

interface Page<T> {
  items: T[];
  total: number;
}

/** Every incident the caller may read, following pages of 200 (the route's largest page). */
export async function listIncidents(api: ApiClient, query = ''): Promise<IncidentRow[]> {
  const all: IncidentRow[] = [];
  for (let offset = 0; ; offset += 200) {
    const page = await api.ok(api.get<Page<IncidentRow>>(`/incidents?limit=200&offset=${offset}${query}`));
    all.push(...page.items);
    if (page.items.length === 0 || all.length >= page.total) return all;
  }
}

/** Every event of one incident, following timeline pages of 500 (document 2, Limits). */
export async function incidentEvents(api: ApiClient, incidentId: string): Promise<IncidentEvent[]> {
  const all: IncidentEvent[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await api.ok(
      api.get<Page<IncidentEvent>>(`/incidents/${incidentId}/events?limit=500&offset=${offset}`),
    );
    all.push(...page.items);
    if (page.items.length === 0 || all.length >= page.total) return all;
  }
}

/** Every event of every incident, each with the incident it belongs to. */
export async function allIncidentEvents(
  api: ApiClient,
): Promise<(IncidentEvent & { incident: IncidentRow })[]> {
  const out: (IncidentEvent & { incident: IncidentRow })[] = [];
  for (const incident of await listIncidents(api)) {
    for (const e of await incidentEvents(api, incident.id)) out.push({ ...e, incident });
  }
  return out;
}

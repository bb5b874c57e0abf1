import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client.js';

const fetchIncident = (id: string) => call(api.GET('/api/v1/incidents/{id}', { params: { path: { id } } }));

export type IncidentDetail = Awaited<ReturnType<typeof fetchIncident>>;

export const incidentKey = (id: string) => ['incident', id] as const;

export function useIncident(id: string) {
  return useQuery({ queryKey: incidentKey(id), queryFn: () => fetchIncident(id) });
}

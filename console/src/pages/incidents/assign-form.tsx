import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { type IncidentDetail, incidentKey } from './incident-query.js';

/** Assignment to a person the API offers for this incident (or to nobody). */
export function AssignForm({ incident }: { incident: IncidentDetail }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(incident.assignee_email ?? '');
  const people = useQuery({
    queryKey: ['incident', incident.id, 'assignees'],
    queryFn: () =>
      call(api.GET('/api/v1/incidents/assignees', { params: { query: { incident: incident.id } } })),
  });
  const assign = useMutation({
    mutationFn: (assignee: string | null) =>
      call(
        api.POST('/api/v1/incidents/{id}/assign', {
          params: { path: { id: incident.id } },
          body: { assignee_email: assignee, expected_version: incident.row_version },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: incidentKey(incident.id) }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    assign.mutate(email === '' ? null : email);
  }

  const stale = assign.error instanceof ApiError && assign.error.status === 409;
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="panel">
      <h2 id={`${id}-title`}>{t('incident.assign')}</h2>
      {assign.isSuccess && <Alert kind="info">{t('incident.saved')}</Alert>}
      {assign.isError && <Alert kind="error">{stale ? t('incident.stale') : messageOf(assign.error)}</Alert>}
      <div className="field">
        <label htmlFor={`${id}-to`}>{t('incident.assign.to')}</label>
        <select id={`${id}-to`} value={email} onChange={(e) => setEmail(e.target.value)}>
          <option value="">{t('incident.assign.nobody')}</option>
          {incident.assignee_email && !people.data?.some((p) => p.email === incident.assignee_email) && (
            <option value={incident.assignee_email}>{incident.assignee_email}</option>
          )}
          {people.data?.map((p) => (
            <option key={p.id} value={p.email}>
              {p.display_name ? `${p.display_name} <${p.email}>` : p.email}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={assign.isPending}>
        {t('incident.assign.submit')}
      </button>
    </form>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { api, call } from '../../api/client.js';
import { type DisplayPrefs, formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { incidentKey } from './incident-query.js';

/** The playbook of the incident's policy: steps ticked off by the team (docs/incidents.md). */
export function PlaybookPanel({
  incidentId,
  prefs,
  canWrite,
}: {
  incidentId: string;
  prefs?: DisplayPrefs | undefined;
  canWrite: boolean;
}) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const key = [...incidentKey(incidentId), 'playbook'];
  const playbook = useQuery({
    queryKey: key,
    queryFn: () => call(api.GET('/api/v1/incidents/{id}/playbook', { params: { path: { id: incidentId } } })),
  });
  const tick = useMutation({
    mutationFn: (v: { playbookId: string; n: number; done: boolean }) =>
      call(
        api.POST('/api/v1/incidents/{id}/playbook/steps/{n}', {
          params: { path: { id: incidentId, n: v.n } },
          body: { playbook_id: v.playbookId, done: v.done },
        }),
      ),
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });

  const p = playbook.data?.playbook;
  if (!p) return playbook.isError ? <Alert kind="error">{messageOf(playbook.error)}</Alert> : null;
  return (
    <section aria-labelledby={`${id}-title`} className="panel">
      <h2 id={`${id}-title`}>{t('playbook.title', { name: p.name })}</h2>
      <p>{t('playbook.progress', { done: p.done, total: p.steps.length })}</p>
      {tick.isError && <Alert kind="error">{messageOf(tick.error)}</Alert>}
      <ul className="playbook">
        {p.steps.map((s) => (
          <li key={s.n}>
            <label>
              <input
                type="checkbox"
                checked={s.done}
                disabled={!canWrite || tick.isPending}
                onChange={(e) => tick.mutate({ playbookId: p.id, n: s.n, done: e.target.checked })}
              />{' '}
              {s.title}
            </label>
            {s.link && (
              <>
                {' '}
                <a href={s.link} rel="noopener noreferrer" target="_blank">
                  {t('playbook.link')}
                </a>
              </>
            )}
            {s.done && s.done_at && (
              <span className="hint">
                {' '}
                {t('playbook.doneBy', {
                  who: s.done_by_email ?? '—',
                  date: formatDateTime(s.done_at, prefs),
                })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

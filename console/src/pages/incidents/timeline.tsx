import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client.js';
import { type DisplayPrefs, formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';

/** The incident's events, oldest first as the API pages them. */
export function Timeline({ id, prefs }: { id: string; prefs?: DisplayPrefs | undefined }) {
  const t = useT();
  const events = useQuery({
    queryKey: ['incident', id, 'events'],
    queryFn: () =>
      call(api.GET('/api/v1/incidents/{id}/events', { params: { path: { id }, query: { limit: 100 } } })),
  });
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title">{t('incident.timeline')}</h2>
      {events.isError && <Alert kind="error">{messageOf(events.error)}</Alert>}
      {events.data?.items.length === 0 && <p>{t('incident.noEvents')}</p>}
      <ol className="timeline">
        {events.data?.items.map((e) => (
          <li key={e.id}>
            <time dateTime={e.occurred_at}>{formatDateTime(e.occurred_at, prefs)}</time> · {e.channel} ·{' '}
            {e.action}
            {e.file_name ? ` · ${e.file_name}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}

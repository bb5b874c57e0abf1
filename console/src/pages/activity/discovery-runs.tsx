import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import type { ActivityFilters } from './activity-filters.js';

/** `GET /activity-events/discovery-runs`: inferred runs per endpoint; counts are events, not files. */
export function DiscoveryRuns({ filters }: { filters: ActivityFilters }) {
  const t = useT();
  const me = useMe();
  const runs = useQuery({
    queryKey: ['activity-discovery-runs', filters],
    queryFn: () => call(api.GET('/api/v1/activity-events/discovery-runs', { params: { query: filters } })),
  });
  return (
    <section aria-labelledby="activity-runs">
      <h2 id="activity-runs">{t('activity.runs')}</h2>
      {runs.isError && <Alert kind="error">{messageOf(runs.error)}</Alert>}
      {runs.data && (
        <>
          <p className="hint">{t('activity.runsHint', { gap: runs.data.gap_minutes })}</p>
          {runs.data.truncated && <p>{t('activity.runsTruncated')}</p>}
          {runs.data.runs.length === 0 ? (
            <p>{t('activity.runsNone')}</p>
          ) : (
            <table data-table="discovery-runs">
              <thead>
                <tr>
                  <th scope="col">{t('activity.col.endpoint')}</th>
                  <th scope="col">{t('activity.col.started')}</th>
                  <th scope="col">{t('activity.col.ended')}</th>
                  <th scope="col">{t('activity.col.events')}</th>
                  <th scope="col">{t('activity.col.eventsWithMatches')}</th>
                  <th scope="col">{t('activity.col.incidents')}</th>
                </tr>
              </thead>
              <tbody>
                {runs.data.runs.map((r) => (
                  <tr key={`${r.endpoint_id}-${r.started_at}`}>
                    <td>{r.hostname ?? r.endpoint_id}</td>
                    <td>{formatDateTime(r.started_at, me.data)}</td>
                    <td>{formatDateTime(r.ended_at, me.data)}</td>
                    <td>{r.events}</td>
                    <td>{r.events_with_matches}</td>
                    <td>{r.incidents}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}

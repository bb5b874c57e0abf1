import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { type MessageKey, useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';

/** `/overview`: the landing page after sign-in (document 2, Overview; docs/overview.md). */
export function OverviewPage() {
  const t = useT();
  const me = useMe();
  const o = useQuery({ queryKey: ['overview'], queryFn: () => call(api.GET('/api/v1/overview')) });
  if (o.isPending) return <p className="loading">{t('app.loading')}</p>;
  if (o.isError) return <Alert kind="error">{messageOf(o.error)}</Alert>;
  const d = o.data;
  const ranking = (rows: { key: string; label: string; incidents: number }[]) =>
    rows.length === 0 ? (
      <p className="hint">{t('overview.empty')}</p>
    ) : (
      <ol>
        {rows.map((r) => (
          <li key={r.key}>
            {r.label} — {t('overview.incidents', { count: r.incidents })}
          </li>
        ))}
      </ol>
    );
  return (
    <>
      <h1>{t('overview.title')}</h1>
      <p className="hint">{t('overview.window', { days: d.window_days })}</p>
      <dl className="figures">
        <dt>{t('overview.open')}</dt>
        <dd data-figure="open">{d.incidents.open}</dd>
        <dt>{t('overview.created')}</dt>
        <dd>{d.incidents.created_in_window}</dd>
        <dt>{t('overview.endpoints')}</dt>
        <dd data-figure="endpoints">{d.coverage.endpoints}</dd>
        <dt>{t('overview.reporting')}</dt>
        <dd>{d.coverage.reporting}</dd>
        <dt>{t('overview.silent')}</dt>
        <dd>{d.coverage.silent}</dd>
        <dt>{t('overview.withoutPolicy')}</dt>
        <dd>{d.coverage.without_policy}</dd>
        {d.exceptions_waiting && (
          <>
            <dt>{t('overview.exceptionsWaiting')}</dt>
            <dd>
              {d.exceptions_waiting.count}
              {d.exceptions_waiting.oldest_lapses_at &&
                ` (${formatDateTime(d.exceptions_waiting.oldest_lapses_at, me.data)})`}
            </dd>
          </>
        )}
      </dl>
      <section aria-labelledby="ov-people">
        <h2 id="ov-people">{t('overview.topUsers')}</h2>
        {d.people_withheld ? (
          <p className="hint">{t(`overview.people.${d.people_withheld}` as MessageKey)}</p>
        ) : (
          ranking(d.top_users.map((u) => ({ key: u.username, label: u.username, incidents: u.incidents })))
        )}
      </section>
      <section aria-labelledby="ov-endpoints">
        <h2 id="ov-endpoints">{t('overview.topEndpoints')}</h2>
        {d.names_withheld ? (
          <p className="hint">{t('overview.namesWithheld')}</p>
        ) : (
          ranking(
            d.top_endpoints.map((e) => ({
              key: e.device_id,
              label: e.hostname ?? e.device_id,
              incidents: e.incidents,
            })),
          )
        )}
      </section>
      <section aria-labelledby="ov-destinations">
        <h2 id="ov-destinations">{t('overview.destinations')}</h2>
        {d.destinations_withheld ? (
          <p className="hint">{t('overview.destinationsWithheld')}</p>
        ) : (
          ranking(
            d.destinations.map((x) => ({ key: x.destination, label: x.destination, incidents: x.incidents })),
          )
        )}
      </section>
    </>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Pager } from '../../ui/pager.js';
import { ActivityExport } from './activity-export.js';
import { ActivityFilterForm, type ActivityFilters } from './activity-filters.js';
import { ActivityTable } from './activity-table.js';
import { DiscoveryRuns } from './discovery-runs.js';
import { TimelineChart } from './timeline-chart.js';

const PAGE = 50;

/** `/activity`: the Activity Explorer (document 2; docs/activity-explorer.md, docs/console.md). */
export function ActivityPage() {
  const t = useT();
  const me = useMe();
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [offset, setOffset] = useState(0);
  // The filter form starts over when the filters change from outside it ("same file").
  const [formKey, setFormKey] = useState(0);
  const page = useQuery({
    queryKey: ['activity-events', filters, offset],
    queryFn: () =>
      call(api.GET('/api/v1/activity-events', { params: { query: { ...filters, limit: PAGE, offset } } })),
    placeholderData: keepPreviousData,
  });
  const apply = (next: ActivityFilters) => {
    setFilters(next);
    setOffset(0);
  };
  const d = page.data;
  return (
    <>
      <h1>{t('activity.title')}</h1>
      <ActivityFilterForm
        key={formKey}
        value={filters}
        categories={d?.categories.map((c) => c.category) ?? []}
        onApply={apply}
      />
      {page.isError && <Alert kind="error">{messageOf(page.error)}</Alert>}
      {d && (
        <>
          <p role="status" className="count">
            {t('activity.count', { total: d.total })} ·{' '}
            {t('activity.window', {
              from: formatDateTime(d.window.from, me.data),
              to: formatDateTime(d.window.to, me.data),
            })}
          </p>
          <TimelineChart bucket={d.timeline.bucket} buckets={d.timeline.buckets} />
          {d.items.length === 0 ? (
            <p>{t('activity.none')}</p>
          ) : (
            <ActivityTable
              rows={d.items}
              onSameFile={(id) => {
                apply({ ...filters, related_file: id });
                setFormKey((k) => k + 1);
              }}
            />
          )}
          <Pager offset={offset} limit={PAGE} total={d.total} onOffset={setOffset} />
          <section aria-labelledby="activity-categories">
            <h2 id="activity-categories">{t('activity.categories')}</h2>
            <ul>
              {d.categories.map((c) => (
                <li key={c.category}>
                  {c.category} —{' '}
                  {c.tenant_detector ? t('activity.tenantDetector') : t('activity.builtInOnly')}
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
      <DiscoveryRuns filters={filters} />
      {can(me.data, 'incidents:export') && <ActivityExport filters={filters} />}
    </>
  );
}

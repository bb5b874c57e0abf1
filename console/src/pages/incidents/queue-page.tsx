import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { BulkPanel } from './bulk-panel.js';
import { QueueFilters } from './queue-filters.js';
import { fetchQueue, PAGE_SIZE, type QueueSearch, toQuery } from './queue-search.js';
import { QueueTable } from './queue-table.js';
import { SavedViewsPanel } from './saved-views-panel.js';

/** `/incidents`: the triage queue — filters, sort, paging and the count (document 2). */
export function QueuePage() {
  const t = useT();
  const me = useMe();
  const search = useSearch({ from: '/signed-in/incidents' });
  const navigate = useNavigate({ from: '/incidents' });
  const go = (next: QueueSearch) => void navigate({ search: next });
  const list = useQuery({
    queryKey: ['incidents', search],
    queryFn: () => fetchQueue(toQuery(search)),
    placeholderData: keepPreviousData,
  });
  // Bulk triage: only the chosen rows of the page on screen are sent.
  const canWrite = can(me.data, 'incidents:write');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const select = (ids: string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const i of ids) on ? next.add(i) : next.delete(i);
      return next;
    });
  const rows = list.data?.items ?? [];
  const chosen = rows.filter((r) => selected.has(r.id));

  const offset = search.offset ?? 0;
  const total = list.data?.total ?? 0;
  return (
    <>
      <h1>{t('queue.title')}</h1>
      <QueueFilters key={JSON.stringify(search)} value={search} onApply={go} />
      <SavedViewsPanel search={search} onOpen={go} />
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {list.data && (
        <>
          <p role="status" className="count">
            {t('queue.count', { count: total })}
          </p>
          {list.data.items.length === 0 ? (
            <p>{t('queue.empty')}</p>
          ) : (
            <QueueTable
              rows={list.data.items}
              sort={list.data.sort}
              busy={list.isPlaceholderData}
              prefs={me.data}
              onSort={(sort) => go({ ...search, sort, offset: undefined })}
              selected={canWrite ? selected : undefined}
              onSelect={canWrite ? select : undefined}
            />
          )}
          {canWrite && <BulkPanel selected={chosen} onDone={() => setSelected(new Set())} />}
          <nav className="pager" aria-label={t('queue.pages')}>
            <button
              type="button"
              disabled={offset === 0}
              onClick={() => go({ ...search, offset: Math.max(0, offset - PAGE_SIZE) || undefined })}
            >
              {t('queue.previous')}
            </button>
            <span>
              {t('queue.page', {
                from: total === 0 ? 0 : offset + 1,
                to: Math.min(total, offset + PAGE_SIZE),
                total,
              })}
            </span>
            <button
              type="button"
              disabled={offset + PAGE_SIZE >= total}
              onClick={() => go({ ...search, offset: offset + PAGE_SIZE })}
            >
              {t('queue.next')}
            </button>
          </nav>
        </>
      )}
    </>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Pager } from '../../ui/pager.js';
import { InventoryFilters } from './inventory-filters.js';
import { INVENTORY_PAGE, type InventorySearch, toInventoryQuery } from './inventory-search.js';
import { InventoryTable } from './inventory-table.js';
import { ImportPackageDialog } from './package-import-dialog.js';
import { PolicySubNav } from './policy-sub-nav.js';

const route = getRouteApi('/signed-in/policies');

/** `/policies`: the inventory with every filter the API offers, counts and attention flags. */
export function PoliciesPage() {
  const t = useT();
  const me = useMe();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useQuery({
    queryKey: ['policies', 'inventory', search],
    queryFn: () =>
      call(api.GET('/api/v1/policies/inventory', { params: { query: toInventoryQuery(search) } })),
    placeholderData: keepPreviousData,
  });
  const [importing, setImporting] = useState(false);
  const go = (next: InventorySearch) => void navigate({ search: next });
  const data = list.data;
  return (
    <>
      <PolicySubNav />
      <h1>{t('pol.title')}</h1>
      <p className="actions">
        {can(me.data, 'policies:write') && <Link to="/policies/new">{t('pol.new')}</Link>}{' '}
        {can(me.data, 'policies:publish') && <Link to="/policies/order">{t('pol.reorder.title')}</Link>}{' '}
        {can(me.data, 'policies:write') && (
          <button type="button" className="secondary" onClick={() => setImporting(true)}>
            {t('pkg.import')}
          </button>
        )}
      </p>
      {importing && <ImportPackageDialog onClose={() => setImporting(false)} />}
      <InventoryFilters
        key={JSON.stringify(search)}
        value={search}
        owners={data?.owners ?? []}
        onApply={go}
      />
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {data && (
        <>
          <p role="status" className="count">
            {t('pol.counts', { total: data.total, all: data.unfiltered_total, ...data.counts })}{' '}
            {t('pol.attentionCounts', data.attention)}
          </p>
          {data.items.length === 0 ? (
            <p>{t('pol.empty')}</p>
          ) : (
            <InventoryTable rows={data.items} search={search} prefs={me.data} onSort={go} />
          )}
          <Pager
            offset={data.offset}
            limit={INVENTORY_PAGE}
            total={data.total}
            onOffset={(offset) => go({ ...search, offset })}
          />
        </>
      )}
    </>
  );
}

import { Link } from '@tanstack/react-router';
import type { paths } from '../../api/schema.js';
import { type DisplayPrefs, formatDateTime } from '../../i18n/dates.js';
import type { MessageKey } from '../../i18n/en.js';
import { useT } from '../../i18n/index.js';
import type { InventorySearch } from './inventory-search.js';
import { labelKey } from './labels.js';

type Row =
  paths['/api/v1/policies/inventory']['get']['responses'][200]['content']['application/json']['items'][number];
type Sort = NonNullable<InventorySearch['sort']>;

/** A column header that sorts by its column (again: the other direction), with aria-sort. */
function SortHeader({
  label,
  column,
  search,
  onSort,
}: {
  label: MessageKey;
  column: Sort;
  search: InventorySearch;
  onSort(next: InventorySearch): void;
}) {
  const t = useT();
  const active = (search.sort ?? 'priority') === column;
  const dir = search.dir ?? 'asc';
  return (
    <th scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button
        type="button"
        className="sort"
        onClick={() =>
          onSort({
            ...search,
            sort: column,
            dir: active && dir === 'asc' ? 'desc' : 'asc',
            offset: undefined,
          })
        }
      >
        {t(label)}
      </button>
    </th>
  );
}

/** The inventory rows; number, name, severity and last change sort from their headers. */
export function InventoryTable({
  rows,
  search,
  prefs,
  onSort,
}: {
  rows: Row[];
  search: InventorySearch;
  prefs: DisplayPrefs | undefined;
  onSort(next: InventorySearch): void;
}) {
  const t = useT();
  const header = { search, onSort };
  return (
    <table className="admin" aria-label={t('pol.title')}>
      <thead>
        <tr>
          <SortHeader label="pol.col.number" column="number" {...header} />
          <SortHeader label="pol.col.name" column="name" {...header} />
          <th scope="col">{t('pol.f.status')}</th>
          <th scope="col">{t('pol.f.deployment')}</th>
          <SortHeader label="pol.col.severity" column="severity" {...header} />
          <th scope="col">{t('pol.col.response')}</th>
          <th scope="col">{t('pol.f.scope')}</th>
          <th scope="col">{t('pol.f.owner')}</th>
          <SortHeader label="pol.col.updated" column="updated" {...header} />
          <th scope="col">{t('pol.f.attention')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => (
          <tr key={p.id}>
            <td>{p.number}</td>
            <td>
              <Link to="/policies/$id" params={{ id: p.id }}>
                {p.name}
              </Link>
            </td>
            <td>{t(labelKey('status', p.status))}</td>
            <td>{t(labelKey('deployment', p.deployment))}</td>
            <td>{t(labelKey('severity', p.severity))}</td>
            <td>{p.response ? t(labelKey('action', p.response)) : t('admin.none')}</td>
            <td>{t(labelKey('scopeKind', p.scope))}</td>
            <td>{p.owner ?? t('admin.none')}</td>
            <td>{formatDateTime(p.updated_at, prefs)}</td>
            <td>
              {[
                p.attention.cannot_fire ? t('pol.attention.cannot_fire') : '',
                p.attention.needs_review ? t('pol.attention.needs_review') : '',
                p.pending_disable ? t('pol.pendingDisable') : '',
              ]
                .filter(Boolean)
                .join(', ')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

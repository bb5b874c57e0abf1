import { Link } from '@tanstack/react-router';
import { type DisplayPrefs, formatDateTime } from '../../i18n/dates.js';
import { type MessageKey, type Translate, useT } from '../../i18n/index.js';
import { nextSort, type QueueRow } from './queue-search.js';

interface Column {
  sort: string;
  label: MessageKey;
  cell(row: QueueRow, t: Translate, prefs: DisplayPrefs | undefined): React.ReactNode;
}

const known = (t: Translate, prefix: 'status' | 'severity', value: string) =>
  t(`${prefix}.${value}` as MessageKey);

const COLUMNS: Column[] = [
  {
    sort: 'reference',
    label: 'col.reference',
    cell: (r) => (
      <Link to="/incidents/$id" params={{ id: r.id }}>
        {r.reference}
      </Link>
    ),
  },
  { sort: 'title', label: 'col.title', cell: (r) => r.title },
  {
    sort: 'priority',
    label: 'col.priority',
    // The factors behind the score, on hover and for screen readers.
    cell: (r, t) => {
      const factors = r.priority_factors.map((f) => `${f.name} ${f.contribution}`).join(', ');
      return (
        <span title={t('queue.priorityFactors', { score: r.priority_score, factors })}>
          {r.priority_score}
        </span>
      );
    },
  },
  { sort: 'severity', label: 'col.severity', cell: (r, t) => known(t, 'severity', r.severity) },
  { sort: 'status', label: 'col.status', cell: (r, t) => known(t, 'status', r.status) },
  { sort: 'channel', label: 'col.channel', cell: (r) => r.channel },
  { sort: 'user', label: 'col.user', cell: (r) => r.username ?? '—' },
  { sort: 'endpoint', label: 'col.host', cell: (r) => r.hostname ?? '—' },
  { sort: 'assignee', label: 'col.assignee', cell: (r) => r.assignee_email ?? '—' },
  { sort: 'last_seen', label: 'col.lastSeen', cell: (r, _t, p) => formatDateTime(r.last_seen_at, p) },
];

function ariaSort(current: string, column: string): 'ascending' | 'descending' | undefined {
  const [col, dir] = current.split(':');
  if (col !== column) return undefined;
  return dir === 'asc' ? 'ascending' : 'descending';
}

/** The queue rows; a column header sorts by that column (document 2's sort grammar). */
export function QueueTable({
  rows,
  sort,
  prefs,
  onSort,
  selected,
  onSelect,
  busy = false,
}: {
  rows: QueueRow[];
  sort: string;
  /**
   * The rows and sort are the previous answer's while the address's own is read: the table says
   * so (aria-busy) and its headers wait, since their next direction comes from the answer.
   */
  busy?: boolean;
  prefs: DisplayPrefs | undefined;
  onSort(sort: string): void;
  /** Bulk triage: the selected ids and a change of selection (absent: no selection column). */
  selected?: ReadonlySet<string> | undefined;
  onSelect?: ((ids: string[], on: boolean) => void) | undefined;
}) {
  const t = useT();
  const selecting = selected !== undefined && onSelect !== undefined;
  const allOn = selecting && rows.length > 0 && rows.every((r) => selected.has(r.id));
  return (
    <table className="queue" aria-busy={busy}>
      <thead>
        <tr>
          {selecting && (
            <th scope="col">
              <input
                type="checkbox"
                aria-label={t('bulk.selectPage')}
                checked={allOn}
                onChange={(e) =>
                  onSelect(
                    rows.map((r) => r.id),
                    e.target.checked,
                  )
                }
              />
            </th>
          )}
          {COLUMNS.map((c) => (
            <th key={c.sort} scope="col" aria-sort={ariaSort(sort, c.sort)}>
              <button
                type="button"
                className="sort"
                disabled={busy}
                onClick={() => onSort(nextSort(sort, c.sort))}
              >
                {t(c.label)}
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            {selecting && (
              <td>
                <input
                  type="checkbox"
                  aria-label={t('bulk.select', { reference: row.reference })}
                  checked={selected.has(row.id)}
                  onChange={(e) => onSelect([row.id], e.target.checked)}
                />
              </td>
            )}
            {COLUMNS.map((c) => (
              <td key={c.sort}>{c.cell(row, t, prefs)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

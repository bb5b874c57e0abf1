import { Link } from '@tanstack/react-router';
import { formatDateTime } from '../../i18n/dates.js';
import { type MessageKey, useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';

type Row = {
  id: string;
  occurred_at: string;
  hostname: string | null;
  endpoint_id: string;
  user_name: string | null;
  channel: string;
  file_name: string | null;
  requested_action: string;
  applied_action: string;
  enforcement_result: 'applied' | 'reduced_by_capability';
  reduced: boolean;
  outcome: string;
  match_count: number;
  incident_id: string | null;
};

/** The explorer's rows: requested and applied action side by side, and whether it was reduced. */
export function ActivityTable({ rows, onSameFile }: { rows: Row[]; onSameFile(id: string): void }) {
  const t = useT();
  const me = useMe();
  return (
    <table data-table="activity">
      <thead>
        <tr>
          <th scope="col">{t('activity.col.time')}</th>
          <th scope="col">{t('activity.col.endpoint')}</th>
          <th scope="col">{t('activity.col.user')}</th>
          <th scope="col">{t('activity.col.channel')}</th>
          <th scope="col">{t('activity.col.file')}</th>
          <th scope="col">{t('activity.col.requested')}</th>
          <th scope="col">{t('activity.col.applied')}</th>
          <th scope="col">{t('activity.col.enforcement')}</th>
          <th scope="col">{t('activity.col.reduced')}</th>
          <th scope="col">{t('activity.col.outcome')}</th>
          <th scope="col">{t('activity.col.matches')}</th>
          <th scope="col">{t('activity.col.incident')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} data-event={r.id}>
            <td>{formatDateTime(r.occurred_at, me.data)}</td>
            <td>{r.hostname ?? r.endpoint_id}</td>
            <td>{r.user_name ?? '—'}</td>
            <td>{r.channel}</td>
            <td>
              {r.file_name ?? '—'}{' '}
              {r.file_name && (
                <button type="button" className="link" onClick={() => onSameFile(r.id)}>
                  {t('activity.sameFile')}
                </button>
              )}
            </td>
            <td>{r.requested_action}</td>
            <td>{r.applied_action}</td>
            <td>{t(`activity.enforcement.${r.enforcement_result}` as MessageKey)}</td>
            <td>{r.reduced ? t('activity.yes') : t('activity.no')}</td>
            <td>{t(`activity.outcome.${r.outcome}` as MessageKey)}</td>
            <td>{r.match_count}</td>
            <td>
              {r.incident_id ? (
                <Link to="/incidents/$id" params={{ id: r.incident_id }}>
                  {t('activity.openIncident')}
                </Link>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

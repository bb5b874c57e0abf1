import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Pager } from '../../ui/pager.js';
import { AuditFilters } from './audit-filters.js';
import { AUDIT_PAGE, type AuditSearch, toAuditQuery } from './audit-search.js';

/** Metadata as `key=value` pairs (the audit log keeps no content, only counts and ids). */
function details(metadata: Record<string, unknown>): string {
  return Object.entries(metadata)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' ');
}

/** `/audit`: the tenant's audit events, newest first, with the API's filters (audit:read). */
export function AuditPage() {
  const t = useT();
  const me = useMe();
  const search = useSearch({ from: '/signed-in/audit' });
  const navigate = useNavigate({ from: '/audit' });
  const go = (next: AuditSearch) => void navigate({ search: next });
  const list = useQuery({
    queryKey: ['audit-events', search],
    queryFn: () => call(api.GET('/api/v1/audit-events', { params: { query: toAuditQuery(search) } })),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <h1>{t('audit.title')}</h1>
      <AuditFilters key={JSON.stringify(search)} value={search} onApply={go} />
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {list.data && (
        <>
          <p role="status" className="count">
            {t('audit.count', { count: list.data.total })}
          </p>
          {list.data.items.length === 0 ? (
            <p>{t('audit.empty')}</p>
          ) : (
            <table className="admin audit" aria-label={t('audit.title')}>
              <thead>
                <tr>
                  <th scope="col">{t('audit.col.when')}</th>
                  <th scope="col">{t('audit.col.action')}</th>
                  <th scope="col">{t('audit.col.actor')}</th>
                  <th scope="col">{t('audit.col.subject')}</th>
                  <th scope="col">{t('audit.col.details')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((e) => (
                  <tr key={e.id}>
                    <td>{formatDateTime(e.created_at, me.data)}</td>
                    <td>
                      <code>{e.action}</code>
                    </td>
                    <td>{`${e.actor_type}${e.actor_id ? ` ${e.actor_id}` : ''}`}</td>
                    <td>{e.subject_type ? `${e.subject_type} ${e.subject_id ?? ''}` : ''}</td>
                    <td>{details(e.metadata as Record<string, unknown>)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager
            offset={list.data.offset}
            limit={AUDIT_PAGE}
            total={list.data.total}
            onOffset={(offset) => go({ ...search, offset: offset || undefined })}
          />
        </>
      )}
    </>
  );
}

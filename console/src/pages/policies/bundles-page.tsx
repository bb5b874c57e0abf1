import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { Pager } from '../../ui/pager.js';
import { PolicySubNav } from './policy-sub-nav.js';

const PAGE = 50;

/** `/policy-bundles`: every signed bundle, newest first, and the difference between two. */
export function BundlesPage() {
  const t = useT();
  const me = useMe();
  const [offset, setOffset] = useState(0);
  const [pair, setPair] = useState<{ from: number; to: number } | null>(null);
  const list = useQuery({
    queryKey: ['policy-bundles', offset],
    queryFn: () =>
      call(api.GET('/api/v1/policy-bundles', { params: { query: { paged: true, limit: PAGE, offset } } })),
    placeholderData: keepPreviousData,
  });
  const diff = useQuery({
    queryKey: ['policy-bundles', 'diff', pair],
    queryFn: () =>
      call(api.GET('/api/v1/policy-bundles/diff', { params: { query: pair ?? { from: 0, to: 0 } } })),
    enabled: pair !== null,
  });
  const page = list.data && !Array.isArray(list.data) ? list.data : null;
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  function compare(event: FormEvent) {
    event.preventDefault();
    if (from && to) setPair({ from: Number(from), to: Number(to) });
  }
  return (
    <>
      <PolicySubNav />
      <h1>{t('bun.title')}</h1>
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {page && (
        <>
          <table className="admin" aria-label={t('bun.title')}>
            <thead>
              <tr>
                <th scope="col">{t('bun.version')}</th>
                <th scope="col">{t('pol.col.reason')}</th>
                <th scope="col">{t('bun.created')}</th>
                <th scope="col">{t('bun.capabilities')}</th>
                <th scope="col">{t('admin.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((b) => (
                <tr key={b.version}>
                  <td>{b.version}</td>
                  <td>{b.reason}</td>
                  <td>{formatDateTime(b.created_at, me.data)}</td>
                  <td>{b.required_capabilities.join(', ') || t('admin.none')}</td>
                  <td>
                    {b.version > 1 && (
                      <button
                        type="button"
                        className="secondary"
                        onClick={() => setPair({ from: b.version - 1, to: b.version })}
                      >
                        {t('bun.diffPrevious', { version: b.version })}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager offset={page.offset} limit={PAGE} total={page.total} onOffset={setOffset} />
        </>
      )}
      <form className="filters" onSubmit={compare} aria-label={t('bun.compare')}>
        <Field
          label={t('bun.from')}
          type="number"
          min={1}
          required
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <Field
          label={t('bun.to')}
          type="number"
          min={1}
          required
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
        <div className="actions">
          <button type="submit">{t('bun.compare')}</button>
        </div>
      </form>
      {pair && (
        <section aria-labelledby="diff-title">
          <h2 id="diff-title">{t('bun.diffTitle', pair)}</h2>
          {diff.isError && <Alert kind="error">{messageOf(diff.error)}</Alert>}
          {diff.data && (
            <>
              {diff.data.content_unchanged && <p>{t('bun.unchanged')}</p>}
              <dl className="facts">
                <dt>{t('bun.sections')}</dt>
                <dd>{diff.data.changed_sections.join(', ') || t('admin.none')}</dd>
                <dt>{t('bun.policiesAdded')}</dt>
                <dd>{diff.data.policies.added.join(', ') || t('admin.none')}</dd>
                <dt>{t('bun.policiesRemoved')}</dt>
                <dd>{diff.data.policies.removed.join(', ') || t('admin.none')}</dd>
                <dt>{t('bun.policiesChanged')}</dt>
                <dd>
                  {diff.data.policies.changed.map((c) => `${c.id} (${c.fields.join(', ')})`).join('; ') ||
                    t('admin.none')}
                </dd>
                {(['detectors', 'classifications'] as const).map((k) => (
                  <div key={k}>
                    <dt>{t(`bun.${k}`)}</dt>
                    <dd>
                      {t('bun.changeCounts', {
                        added: diff.data[k].added.join(', ') || '—',
                        removed: diff.data[k].removed.join(', ') || '—',
                        changed: diff.data[k].changed.join(', ') || '—',
                      })}
                    </dd>
                  </div>
                ))}
              </dl>
            </>
          )}
        </section>
      )}
    </>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { Pager } from '../../ui/pager.js';
import { EXCEPTION_PAGE, EXCEPTION_STATES, type ExceptionState, stateKey } from './exception-types.js';

interface Filter {
  state?: ExceptionState | undefined;
  subject?: string | undefined;
  policy?: string | undefined;
  offset: number;
}

/** `/exception-requests`: the approvers' queue, oldest first, with state, person and policy filters. */
export function ExceptionRequestsPage() {
  const t = useT();
  const me = useMe();
  const [filter, setFilter] = useState<Filter>({ offset: 0, state: 'pending' });
  const [state, setState] = useState('pending');
  const [subject, setSubject] = useState('');
  const [policy, setPolicy] = useState('');
  const list = useQuery({
    queryKey: ['exception-requests', filter],
    queryFn: () =>
      call(
        api.GET('/api/v1/exception-requests', {
          params: {
            query: {
              limit: EXCEPTION_PAGE,
              offset: filter.offset,
              ...(filter.state ? { state: filter.state } : {}),
              ...(filter.subject ? { subject: filter.subject } : {}),
              ...(filter.policy ? { policy: filter.policy } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilter({
      offset: 0,
      state: (EXCEPTION_STATES as readonly string[]).includes(state) ? (state as ExceptionState) : undefined,
      subject: subject.trim() || undefined,
      policy: policy.trim() || undefined,
    });
  }

  const d = list.data;
  return (
    <>
      <h1>{t('exceptions.title')}</h1>
      <form className="filters" onSubmit={apply} aria-label={t('queue.filters')}>
        <div className="field">
          <label htmlFor="exception-state">{t('exceptions.filter.state')}</label>
          <select id="exception-state" value={state} onChange={(e) => setState(e.target.value)}>
            <option value="">{t('queue.any')}</option>
            {EXCEPTION_STATES.map((s) => (
              <option key={s} value={s}>
                {t(stateKey(s))}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t('exceptions.filter.subject')}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
        />
        <Field
          label={t('exceptions.filter.policy')}
          value={policy}
          onChange={(e) => setPolicy(e.target.value)}
        />
        <div className="actions">
          <button type="submit">{t('queue.apply')}</button>
        </div>
      </form>
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {d && (
        <>
          <p role="status" className="count">
            {t('exceptions.count', { count: d.total })}
          </p>
          <p>{t('exceptions.sla', { hours: d.sla_hours, lapsed: d.lapsed })}</p>
          {d.requests.length === 0 ? (
            <p>{t('exceptions.empty')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('exceptions.col.reference')}</th>
                  <th scope="col">{t('exceptions.col.state')}</th>
                  <th scope="col">{t('exceptions.col.subject')}</th>
                  <th scope="col">{t('exceptions.col.policy')}</th>
                  <th scope="col">{t('exceptions.col.file')}</th>
                  <th scope="col">{t('exceptions.col.requested')}</th>
                  <th scope="col">{t('exceptions.col.lapses')}</th>
                </tr>
              </thead>
              <tbody>
                {d.requests.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <Link to="/exception-requests/$id" params={{ id: r.id }}>
                        {r.reference}
                      </Link>
                    </td>
                    <td>{t(stateKey(r.state))}</td>
                    <td>{r.subject ?? '—'}</td>
                    <td>{r.policy_name ?? r.policy_id}</td>
                    <td>{r.file_name ?? '—'}</td>
                    <td>{formatDateTime(r.created_at, me.data)}</td>
                    <td>{r.state === 'pending' ? formatDateTime(r.lapses_at, me.data) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager
            offset={d.offset}
            limit={EXCEPTION_PAGE}
            total={d.total}
            onOffset={(offset) => setFilter({ ...filter, offset })}
          />
        </>
      )}
    </>
  );
}

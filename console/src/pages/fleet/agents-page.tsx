import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { Pager } from '../../ui/pager.js';
import { AGENT_PAGE, AGENT_STATUSES, type AgentStatus } from './agent-types.js';
import { AgentsTable } from './agents-table.js';

interface AgentFilter {
  status?: AgentStatus | undefined;
  search?: string | undefined;
  offset: number;
}

/** `/agents`: the fleet — status, OS, version, last seen, group and bundle of every device. */
export function AgentsPage() {
  const t = useT();
  const me = useMe();
  const [filter, setFilter] = useState<AgentFilter>({ offset: 0 });
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const list = useQuery({
    queryKey: ['agents', filter],
    queryFn: () =>
      call(
        api.GET('/api/v1/agents', {
          params: {
            query: {
              limit: AGENT_PAGE,
              offset: filter.offset,
              ...(filter.status ? { status: filter.status } : {}),
              ...(filter.search ? { search: filter.search } : {}),
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
      status: (AGENT_STATUSES as string[]).includes(status) ? (status as AgentStatus) : undefined,
      search: search.trim() || undefined,
    });
  }

  return (
    <>
      <h1>{t('agents.title')}</h1>
      <form className="filters" onSubmit={apply} aria-label={t('queue.filters')}>
        <div className="field">
          <label htmlFor="agent-status">{t('agents.col.status')}</label>
          <select id="agent-status" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">{t('queue.any')}</option>
            {AGENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`agentStatus.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <Field label={t('agents.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
        <div className="actions">
          <button type="submit">{t('queue.apply')}</button>
        </div>
      </form>
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {list.data && (
        <>
          <p role="status" className="count">
            {t('agents.count', { count: list.data.total })}
          </p>
          {list.data.items.length === 0 ? (
            <p>{t('agents.empty')}</p>
          ) : (
            <AgentsTable rows={list.data.items} prefs={me.data} />
          )}
          <Pager
            offset={list.data.offset}
            limit={AGENT_PAGE}
            total={list.data.total}
            onOffset={(offset) => setFilter({ ...filter, offset })}
          />
        </>
      )}
    </>
  );
}

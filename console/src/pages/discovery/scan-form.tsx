import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { ApiError, api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';

/** Starts a scan: a name, endpoints and/or groups, optional paths (docs/discovery-scans.md). */
export function ScanForm() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const agents = useQuery({
    queryKey: ['agents', 'scan-targets'],
    queryFn: () => call(api.GET('/api/v1/agents', { params: { query: { limit: 200 } } })),
  });
  const groups = useQuery({
    queryKey: ['agent-groups', 'scan-targets'],
    queryFn: () => call(api.GET('/api/v1/agent-groups', { params: { query: { include_retired: false } } })),
  });
  const [name, setName] = useState('');
  const [agentIds, setAgentIds] = useState<string[]>([]);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [paths, setPaths] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const toggle = (list: string[], id: string) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const scan = await call(
        api.POST('/api/v1/discovery-scans', {
          body: {
            name,
            agent_ids: agentIds,
            group_ids: groupIds,
            paths: paths
              .split('\n')
              .map((p) => p.trim())
              .filter(Boolean),
            repeat_every_hours: repeat === '' ? null : Number(repeat),
          },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['discovery-scans'] });
      await navigate({ to: '/discovery-scans/$id', params: { id: scan.id } });
    } catch (e) {
      const field = e instanceof ApiError ? e.body.details[0]?.field : undefined;
      setError(field ? `${field}: ${messageOf(e)}` : messageOf(e));
    }
  }

  return (
    <form onSubmit={submit} aria-labelledby="scan-new">
      <h2 id="scan-new">{t('dscan.new')}</h2>
      <div className="field">
        <label htmlFor="scan-name">{t('dscan.name')}</label>
        <input
          id="scan-name"
          value={name}
          required
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <fieldset>
        <legend>{t('dscan.agents')}</legend>
        {agents.data?.items.map((a) => (
          <label key={a.id} className="check">
            <input
              type="checkbox"
              checked={agentIds.includes(a.id)}
              onChange={() => setAgentIds((l) => toggle(l, a.id))}
            />{' '}
            {a.hostname}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('dscan.groups')}</legend>
        {groups.data?.items.map((g) => (
          <label key={g.id} className="check">
            <input
              type="checkbox"
              checked={groupIds.includes(g.id)}
              onChange={() => setGroupIds((l) => toggle(l, g.id))}
            />{' '}
            {g.name}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="scan-paths">{t('dscan.paths')}</label>
        <textarea id="scan-paths" value={paths} rows={3} onChange={(e) => setPaths(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="scan-repeat">{t('dscan.repeat')}</label>
        <input
          id="scan-repeat"
          type="number"
          min={1}
          max={720}
          value={repeat}
          aria-describedby="scan-repeat-hint"
          onChange={(e) => setRepeat(e.target.value)}
        />
        <p className="hint" id="scan-repeat-hint">
          {t('dscan.repeatHint')}
        </p>
      </div>
      {error && <Alert kind="error">{error}</Alert>}
      <div className="actions">
        <button type="submit">{t('dscan.create')}</button>
      </div>
    </form>
  );
}

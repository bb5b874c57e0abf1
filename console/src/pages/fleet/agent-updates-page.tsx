import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { useSubmit } from '../../ui/use-submit.js';

/** A group's choice in the editor: no rule, pinned, or a release version. */
const NO_RULE = '';
const PINNED = '__pinned__';

/**
 * `/agent-updates`: the update manifest (docs/agent-updates.md): the releases registered with
 * `dlp-server release add`, each with its signature's key, and the rollout by endpoint group, which
 * `agents:write` edits and saves as a whole.
 */
export function AgentUpdatesPage() {
  const t = useT();
  const me = useMe();
  const prefs = me.data;
  const queryClient = useQueryClient();
  const writer = can(me.data, 'agents:write');
  const [choice, setChoice] = useState<Record<string, string>>({});
  const [note, setNote] = useState<string | null>(null);
  const manifest = useQuery({
    queryKey: ['update-manifest'],
    queryFn: () => call(api.GET('/api/v1/agents/update-manifest')),
  });
  const groups = useQuery({
    queryKey: ['agent-groups', false],
    queryFn: () => call(api.GET('/api/v1/agent-groups', { params: { query: { include_retired: false } } })),
  });
  const stored = new Map(
    (manifest.data?.rollout ?? []).map((r) => [r.agent_group, r.version === null ? PINNED : r.version]),
  );
  const current = (group: string) => choice[group] ?? stored.get(group) ?? NO_RULE;
  const versions = [...new Set((manifest.data?.releases ?? []).map((r) => r.version))];

  const { error, busy, submit } = useSubmit(async () => {
    setNote(null);
    const rollout = (groups.data?.items ?? []).flatMap((g) => {
      const c = current(g.name);
      if (c === NO_RULE) return [];
      return [c === PINNED ? { agent_group: g.name } : { agent_group: g.name, version: c }];
    });
    await call(api.POST('/api/v1/agents/update-manifest', { body: { rollout } }));
    // The choices give way to the stored rules once those are read again, never before: the
    // selectors never show the old rules in between.
    await queryClient.invalidateQueries({ queryKey: ['update-manifest'] });
    setChoice({});
    setNote(t('updates.saved'));
  });

  return (
    <>
      <h1>{t('updates.title')}</h1>
      <p>{t('updates.intro')}</p>
      {note && <Alert kind="info">{note}</Alert>}
      {manifest.isError && <Alert kind="error">{messageOf(manifest.error)}</Alert>}
      <h2>{t('updates.releases')}</h2>
      {manifest.data && manifest.data.releases.length === 0 && <p>{t('updates.noReleases')}</p>}
      {manifest.data && manifest.data.releases.length > 0 && (
        <table className="admin" aria-label={t('updates.releases')}>
          <thead>
            <tr>
              <th scope="col">{t('updates.col.version')}</th>
              <th scope="col">{t('updates.col.platform')}</th>
              <th scope="col">{t('updates.col.size')}</th>
              <th scope="col">{t('updates.col.sha256')}</th>
              <th scope="col">{t('updates.col.key')}</th>
              <th scope="col">{t('updates.col.added')}</th>
            </tr>
          </thead>
          <tbody>
            {manifest.data.releases.map((r) => (
              <tr key={r.id}>
                <td>{r.version}</td>
                <td>{r.platform}</td>
                <td>{t('updates.megabytes', { mb: (r.size_bytes / 1_048_576).toFixed(1) })}</td>
                <td>
                  <code title={r.sha256}>{r.sha256.slice(0, 16)}…</code>
                </td>
                <td>
                  <code>{r.key_id}</code>
                </td>
                <td>{formatDateTime(r.created_at, prefs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2 id="rollout-title">{t('updates.rollout')}</h2>
      <p>{t('updates.rolloutIntro')}</p>
      {groups.isError && <Alert kind="error">{messageOf(groups.error)}</Alert>}
      {groups.data && groups.data.items.length === 0 && <p>{t('updates.noGroups')}</p>}
      {groups.data && groups.data.items.length > 0 && manifest.data && (
        <form className="admin-form" onSubmit={submit} aria-labelledby="rollout-title">
          {error !== null && <Alert kind="error">{messageOf(error)}</Alert>}
          <table className="admin" aria-label={t('updates.rollout')}>
            <thead>
              <tr>
                <th scope="col">{t('updates.col.group')}</th>
                <th scope="col">{t('updates.col.agents')}</th>
                <th scope="col">{t('updates.col.rule')}</th>
              </tr>
            </thead>
            <tbody>
              {groups.data.items.map((g) => (
                <tr key={g.id}>
                  <td>{g.name}</td>
                  <td>{g.agent_count}</td>
                  <td>
                    <select
                      aria-label={t('updates.ruleFor', { name: g.name })}
                      value={current(g.name)}
                      disabled={!writer}
                      onChange={(e) => setChoice({ ...choice, [g.name]: e.target.value })}
                    >
                      <option value={NO_RULE}>{t('updates.noRule')}</option>
                      <option value={PINNED}>{t('updates.pinned')}</option>
                      {versions.map((v) => (
                        <option key={v} value={v}>
                          {t('updates.toVersion', { version: v })}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {writer && (
            <button type="submit" disabled={busy}>
              {t('updates.save')}
            </button>
          )}
        </form>
      )}
    </>
  );
}

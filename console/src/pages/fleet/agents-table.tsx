import { Link } from '@tanstack/react-router';
import { type DisplayPrefs, formatDateTime } from '../../i18n/dates.js';
import type { MessageKey } from '../../i18n/en.js';
import { useT } from '../../i18n/index.js';
import type { Agent } from './agent-types.js';

export function agentStatusKey(status: string): MessageKey {
  return `agentStatus.${status}` as MessageKey;
}

/** The fleet table: one row per device, its name linking to the agent's page. */
export function AgentsTable({ rows, prefs }: { rows: Agent[]; prefs?: DisplayPrefs | undefined }) {
  const t = useT();
  return (
    <table className="admin agents" aria-label={t('agents.title')}>
      <thead>
        <tr>
          <th scope="col">{t('agents.col.host')}</th>
          <th scope="col">{t('agents.col.status')}</th>
          <th scope="col">{t('agents.col.os')}</th>
          <th scope="col">{t('agents.col.version')}</th>
          <th scope="col">{t('agents.col.lastSeen')}</th>
          <th scope="col">{t('agents.col.group')}</th>
          <th scope="col">{t('agents.col.bundle')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((a) => (
          <tr key={a.id}>
            <td>
              <Link to="/agents/$id" params={{ id: a.id }}>
                {a.hostname}
              </Link>
            </td>
            <td>{t(agentStatusKey(a.status))}</td>
            <td>{`${a.os} ${a.os_version}`}</td>
            <td>{a.agent_version}</td>
            <td>{a.last_seen_at ? formatDateTime(a.last_seen_at, prefs) : t('admin.never')}</td>
            <td>{a.agent_group ?? t('admin.none')}</td>
            <td>{a.bundle_version}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

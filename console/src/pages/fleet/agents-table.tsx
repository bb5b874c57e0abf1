import { Link } from '@tanstack/react-router';
import { type DisplayPrefs, formatDateTime } from '../../i18n/dates.js';
import type { MessageKey } from '../../i18n/en.js';
import { useT } from '../../i18n/index.js';
import { ColumnHeads } from '../../ui/column-heads.js';
import type { Agent } from './agent-types.js';

export function agentStatusKey(status: string): MessageKey {
  return `agentStatus.${status}` as MessageKey;
}

/** The fleet table: one row per device, its name linking to the agent's page. */
export function AgentsTable({ rows, prefs }: { rows: Agent[]; prefs?: DisplayPrefs | undefined }) {
  const t = useT();
  return (
    <table className="admin agents" aria-label={t('agents.title')}>
      <ColumnHeads
        labels={[
          t('agents.col.host'),
          t('agents.col.status'),
          t('agents.col.os'),
          t('agents.col.version'),
          t('agents.col.lastSeen'),
          t('agents.col.group'),
          t('agents.col.bundle'),
        ]}
      />
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

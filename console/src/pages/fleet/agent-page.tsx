import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { useStepUp } from '../../session/step-up.js';
import { Alert } from '../../ui/alert.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { messageOf } from '../../ui/errors.js';
import { agentStatusKey } from './agents-table.js';
import { CapabilitiesMatrix } from './capabilities-matrix.js';

/** `/agents/$id`: one device — its facts, the capabilities matrix with reasons, and revoke. */
export function AgentPage() {
  const t = useT();
  const me = useMe();
  const { id } = useParams({ from: '/signed-in/agents/$id' });
  const queryClient = useQueryClient();
  const withStepUp = useStepUp();
  const [confirming, setConfirming] = useState(false);
  const [revoked, setRevoked] = useState(false);
  const agent = useQuery({
    queryKey: ['agent', id],
    queryFn: () => call(api.GET('/api/v1/agents/{id}', { params: { path: { id } } })),
  });

  async function revoke(reason: string) {
    const done = await withStepUp(() =>
      call(api.POST('/api/v1/agents/{id}/revoke', { params: { path: { id } }, body: { reason } })),
    );
    queryClient.setQueryData(['agent', id], done);
    void queryClient.invalidateQueries({ queryKey: ['agents'] });
    setRevoked(true);
  }

  const prefs = me.data;
  const a = agent.data;
  return (
    <>
      <p>
        <Link to="/agents">{t('agent.back')}</Link>
      </p>
      {agent.isPending && <p className="loading">{t('app.loading')}</p>}
      {agent.isError && <Alert kind="error">{messageOf(agent.error)}</Alert>}
      {a && (
        <>
          <h1>{a.hostname}</h1>
          {revoked && <Alert kind="info">{t('agent.revoked')}</Alert>}
          {a.status === 'uninstalled' && <Alert kind="info">{t('agent.uninstalledNote')}</Alert>}
          <section aria-labelledby="agent-details">
            <h2 id="agent-details">{t('agent.details')}</h2>
            <dl className="facts">
              <dt>{t('agents.col.status')}</dt>
              <dd>{t(agentStatusKey(a.status))}</dd>
              <dt>{t('agents.col.os')}</dt>
              <dd>{`${a.os} ${a.os_version}`}</dd>
              <dt>{t('agents.col.version')}</dt>
              <dd>{a.agent_version}</dd>
              <dt>{t('agents.col.lastSeen')}</dt>
              <dd>{a.last_seen_at ? formatDateTime(a.last_seen_at, prefs) : t('admin.never')}</dd>
              <dt>{t('agents.col.group')}</dt>
              <dd>{a.agent_group ?? t('admin.none')}</dd>
              <dt>{t('agents.col.bundle')}</dt>
              <dd>{a.bundle_version}</dd>
              <dt>{t('agent.enrolled')}</dt>
              <dd>{formatDateTime(a.enrolled_at, prefs)}</dd>
              {a.revoked_at && (
                <>
                  <dt>{t(a.status === 'uninstalled' ? 'agent.uninstalledAt' : 'agent.revokedAt')}</dt>
                  <dd>{formatDateTime(a.revoked_at, prefs)}</dd>
                </>
              )}
              <dt>{t('agent.certificate')}</dt>
              <dd>{formatDateTime(a.certificate_expires_at, prefs)}</dd>
              <dt>{t('agent.key')}</dt>
              <dd>{a.key_protection}</dd>
              <dt>{t('agent.signature')}</dt>
              <dd>{a.signature_algorithm}</dd>
            </dl>
          </section>
          <CapabilitiesMatrix capabilities={a.capabilities} />
          {a.status === 'active' && can(me.data, 'agents:write') && (
            <p>
              <button type="button" className="danger" onClick={() => setConfirming(true)}>
                {t('agent.revoke')}
              </button>
            </p>
          )}
          {confirming && (
            <ConfirmDialog
              title={t('agent.revoke')}
              confirmLabel={t('agent.revokeConfirm')}
              withReason
              onConfirm={revoke}
              onClose={() => setConfirming(false)}
            >
              <p>{t('agent.revokeIntro')}</p>
            </ConfirmDialog>
          )}
        </>
      )}
    </>
  );
}

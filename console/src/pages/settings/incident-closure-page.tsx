import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { useSubmit } from '../../ui/use-submit.js';

/**
 * `/settings/incident-closure`: which closes wait for a second person (document 2, Second-person
 * closes). Anyone who reads incidents sees the rule; changing it needs `tenant:manage`.
 */
export function IncidentClosurePage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: ['settings', 'incident-closure'],
    queryFn: () => call(api.GET('/api/v1/settings/incident-closure')),
  });
  const [acceptedRisk, setAcceptedRisk] = useState(false);
  const [critical, setCritical] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const writer = can(me.data, 'tenant:manage');

  useEffect(() => {
    if (!current.data) return;
    setAcceptedRisk(current.data.second_person_accepted_risk);
    setCritical(current.data.second_person_critical);
  }, [current.data]);

  const { error, submit: save } = useSubmit(async () => {
    setNote(null);
    const body = { second_person_accepted_risk: acceptedRisk, second_person_critical: critical };
    const saved = await call(api.POST('/api/v1/settings/incident-closure', { body }));
    queryClient.setQueryData(['settings', 'incident-closure'], saved);
    setNote(t('closureSettings.saved'));
  });

  return (
    <>
      <h1>{t('closureSettings.title')}</h1>
      <p>{t('closureSettings.intro')}</p>
      {current.isError && <Alert kind="error">{messageOf(current.error)}</Alert>}
      {note && <Alert kind="info">{note}</Alert>}
      {current.data && (
        <form className="admin-form" onSubmit={save} aria-label={t('closureSettings.title')}>
          {error !== null && <Alert kind="error">{messageOf(error)}</Alert>}
          <p>
            {current.data.updated_at
              ? t('closureSettings.updated', { date: formatDateTime(current.data.updated_at, me.data) })
              : t('closureSettings.never')}
          </p>
          {!writer && <p className="hint">{t('closureSettings.readOnly')}</p>}
          <label>
            <input
              type="checkbox"
              checked={acceptedRisk}
              disabled={!writer}
              onChange={(e) => setAcceptedRisk(e.target.checked)}
            />{' '}
            {t('closureSettings.acceptedRisk')}
          </label>
          <label>
            <input
              type="checkbox"
              checked={critical}
              disabled={!writer}
              onChange={(e) => setCritical(e.target.checked)}
            />{' '}
            {t('closureSettings.critical')}
          </label>
          {writer && <button type="submit">{t('closureSettings.save')}</button>}
        </form>
      )}
    </>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { useStepUp } from '../../session/step-up.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { useSubmit } from '../../ui/use-submit.js';

/**
 * The organisation's second-factor requirement (document 3): on or off, the days of grace, and
 * the reason the audit log keeps; saving needs `tenant:write` and the `sign_in_settings` step-up.
 */
export function SecondFactorRule({ writer }: { writer: boolean }) {
  const t = useT();
  const me = useMe();
  const withStepUp = useStepUp();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: ['settings', 'second-factor'],
    queryFn: () => call(api.GET('/api/v1/settings/second-factor')),
  });
  const [required, setRequired] = useState(false);
  const [grace, setGrace] = useState('0');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    if (!current.data) return;
    setRequired(current.data.required);
    setGrace(String(current.data.grace_days));
  }, [current.data]);

  const { error, submit: save } = useSubmit(async () => {
    setNote(null);
    const saved = await withStepUp(() =>
      call(
        api.POST('/api/v1/settings/second-factor', {
          body: { required, grace_days: Number(grace), reason },
        }),
      ),
    );
    queryClient.setQueryData(['settings', 'second-factor'], saved);
    setReason('');
    setNote(t('signInSettings.factorSaved'));
  });

  const d = current.data;
  const fieldError = (f: string) => fieldErrorOf(error, f);
  const general = error !== null && !fieldError('grace_days') && !fieldError('reason');
  return (
    <section aria-labelledby="factor-rule-title">
      <h2 id="factor-rule-title">{t('signInSettings.factorTitle')}</h2>
      {current.isError && <Alert kind="error">{messageOf(current.error)}</Alert>}
      {d && (
        <p>
          {!d.required
            ? t('signInSettings.factorOff')
            : d.due_by
              ? t('signInSettings.factorOn', {
                  date: formatDateTime(d.since, me.data),
                  due: formatDateTime(d.due_by, me.data),
                })
              : t('signInSettings.factorOnNoDue', { date: formatDateTime(d.since, me.data) })}
        </p>
      )}
      {note && <Alert kind="info">{note}</Alert>}
      {d && writer && (
        <form className="admin-form" onSubmit={save} aria-labelledby="factor-rule-title">
          {general && <Alert kind="error">{messageOf(error)}</Alert>}
          <div className="field checkbox">
            <input
              id="factor-required"
              type="checkbox"
              checked={required}
              onChange={(e) => setRequired(e.target.checked)}
            />
            <label htmlFor="factor-required">{t('signInSettings.require')}</label>
          </div>
          <Field
            label={t('signInSettings.grace')}
            hint={t('signInSettings.graceHint')}
            type="number"
            min={0}
            max={90}
            required
            value={grace}
            error={fieldError('grace_days')}
            onChange={(e) => setGrace(e.target.value)}
          />
          <Field
            label={t('signInSettings.reason')}
            required
            maxLength={500}
            value={reason}
            error={fieldError('reason')}
            onChange={(e) => setReason(e.target.value)}
          />
          <button type="submit">{t('signInSettings.saveFactor')}</button>
        </form>
      )}
    </section>
  );
}

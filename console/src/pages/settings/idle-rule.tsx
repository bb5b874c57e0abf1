import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { useStepUp } from '../../session/step-up.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { useSubmit } from '../../ui/use-submit.js';

/** The idle sign-out time (document 3, `/settings/session`): 15 to 480 minutes, with a reason. */
export function IdleRule({ writer }: { writer: boolean }) {
  const t = useT();
  const withStepUp = useStepUp();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: ['settings', 'session'],
    queryFn: () => call(api.GET('/api/v1/settings/session')),
  });
  const [minutes, setMinutes] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    if (current.data) setMinutes(String(current.data.idle_minutes));
  }, [current.data]);

  const { error, submit: save } = useSubmit(async () => {
    setNote(null);
    const saved = await withStepUp(() =>
      call(api.POST('/api/v1/settings/session', { body: { idle_minutes: Number(minutes), reason } })),
    );
    queryClient.setQueryData(['settings', 'session'], saved);
    setReason('');
    setNote(t('signInSettings.idleSaved', { minutes: saved.idle_minutes }));
  });

  const fieldError = (f: string) => fieldErrorOf(error, f);
  const general = error !== null && !fieldError('idle_minutes') && !fieldError('reason');
  return (
    <section aria-labelledby="idle-rule-title">
      <h2 id="idle-rule-title">{t('signInSettings.idleTitle')}</h2>
      {current.isError && <Alert kind="error">{messageOf(current.error)}</Alert>}
      {note && <Alert kind="info">{note}</Alert>}
      {current.data && (
        <form className="admin-form" onSubmit={save} aria-labelledby="idle-rule-title">
          {general && <Alert kind="error">{messageOf(error)}</Alert>}
          <Field
            label={t('signInSettings.idle')}
            hint={t('signInSettings.idleHint')}
            type="number"
            min={15}
            max={480}
            required
            readOnly={!writer}
            value={minutes}
            error={fieldError('idle_minutes')}
            onChange={(e) => setMinutes(e.target.value)}
          />
          {writer && (
            <>
              <Field
                label={t('signInSettings.reason')}
                required
                maxLength={500}
                value={reason}
                error={fieldError('reason')}
                onChange={(e) => setReason(e.target.value)}
              />
              <button type="submit">{t('signInSettings.saveIdle')}</button>
            </>
          )}
        </form>
      )}
    </section>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import { type DisplayPrefs, formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { useStepUp } from '../../session/step-up.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { QrSecret } from '../../ui/qr-secret.js';
import { RecoveryCodes } from '../sign-in/recovery-codes.js';

const KEY = ['auth', 'second-factor'] as const;

/**
 * The person's own second factor (document 3): its state, and enrolment on a signed-in session,
 * which needs a fresh step-up (`second_factor`): the step-up prompt asks for it and retries.
 */
export function SecondFactorPanel({ prefs }: { prefs?: DisplayPrefs | undefined }) {
  const t = useT();
  const queryClient = useQueryClient();
  const withStepUp = useStepUp();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const status = useQuery({ queryKey: KEY, queryFn: () => call(api.GET('/api/v1/auth/second-factor')) });
  const enroll = useMutation({
    mutationFn: () => withStepUp(() => call(api.POST('/api/v1/auth/second-factor/enrol'))),
  });
  const confirm = useMutation({
    mutationFn: (value: string) =>
      call(api.POST('/api/v1/auth/second-factor/confirm', { body: { code: value.replace(/\s/g, '') } })),
    onSuccess: (answer) => {
      setCodes(answer.recovery_codes);
      enroll.reset();
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    confirm.mutate(code);
  }

  if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  const s = status.data;
  return (
    <section aria-labelledby="factor-title" className="panel">
      <h2 id="factor-title">{t('factor.title')}</h2>
      {status.isError && <Alert kind="error">{messageOf(status.error)}</Alert>}
      {s?.enrolled && (
        <p>
          {t('account.factor.enrolled', {
            date: formatDateTime(s.confirmed_at, prefs),
            count: s.recovery_codes_left,
          })}
        </p>
      )}
      {s && !s.enrolled && (
        <p>
          {t('account.factor.none')} {s.applies ? t('account.factor.required') : ''}
        </p>
      )}
      {enroll.isError && <Alert kind="error">{messageOf(enroll.error)}</Alert>}
      {s && !s.enrolled && !enroll.data && (
        <button type="button" onClick={() => enroll.mutate()} disabled={enroll.isPending}>
          {t('account.factor.start')}
        </button>
      )}
      {enroll.data && (
        <form onSubmit={submit}>
          <p>{t('account.factor.intro')}</p>
          <QrSecret secret={enroll.data.secret} otpauthUri={enroll.data.otpauth_uri} />
          {confirm.isError && <Alert kind="error">{messageOf(confirm.error)}</Alert>}
          <Field
            label={t('factor.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" disabled={confirm.isPending}>
            {t('enrol.submit')}
          </button>
        </form>
      )}
    </section>
  );
}

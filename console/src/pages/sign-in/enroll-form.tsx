import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { QrSecret } from '../../ui/qr-secret.js';
import type { Challenge, Session } from './types.js';

/** Enrolment required at sign-in: the new secret (QR code and text), then the first code confirms it. */
export function EnrollForm({ challenge, onSession }: { challenge: Challenge; onSession(s: Session): void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<unknown>(null);
  const secret = useQuery({
    queryKey: ['login-enrol', challenge.challenge],
    queryFn: () => call(api.POST('/api/v1/auth/login/enrol', { body: { challenge: challenge.challenge } })),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const body = { challenge: challenge.challenge, code: code.replace(/\s/g, '') };
      onSession(await call(api.POST('/api/v1/auth/login/enrol/confirm', { body })));
    } catch (e) {
      setCode('');
      setError(e);
    }
  }

  return (
    <form onSubmit={submit} aria-labelledby="enrol-title">
      <h1 id="enrol-title">{t('enrol.title')}</h1>
      <p>{t('enrol.intro')}</p>
      {secret.isError && <Alert kind="error">{messageOf(secret.error)}</Alert>}
      {secret.data && <QrSecret secret={secret.data.secret} otpauthUri={secret.data.otpauth_uri} />}
      {error !== null && (
        <Alert kind="error">
          {error instanceof ApiError && error.status === 401 ? t('factor.failed') : messageOf(error)}
        </Alert>
      )}
      <Field
        label={t('factor.code')}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <button type="submit" disabled={!secret.data}>
        {t('enrol.submit')}
      </button>
    </form>
  );
}

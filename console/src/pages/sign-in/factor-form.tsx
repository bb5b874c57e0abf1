import { type FormEvent, useState } from 'react';
import { ApiError, api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { Field } from '../../ui/field.js';
import type { Challenge, Session } from './types.js';

/** Step two: a code from the authenticator app or one recovery code (five minutes, five tries). */
export function FactorForm({
  challenge,
  onSession,
  onRestart,
}: {
  challenge: Challenge;
  onSession(session: Session): void;
  onRestart(): void;
}) {
  const t = useT();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (Date.parse(challenge.expires_at) < Date.now()) {
      onRestart();
      return;
    }
    try {
      const body = recovery
        ? { challenge: challenge.challenge, recovery_code: value.trim() }
        : { challenge: challenge.challenge, code: value.replace(/\s/g, '') };
      onSession(await call(api.POST('/api/v1/auth/login/second-factor', { body })));
    } catch (e) {
      setValue('');
      setError(e instanceof ApiError && e.status === 401 ? t('factor.failed') : String(e));
    }
  }

  return (
    <form onSubmit={submit} aria-labelledby="factor-title">
      <h1 id="factor-title">{t('factor.title')}</h1>
      {error && <Alert kind="error">{error}</Alert>}
      <Field
        label={recovery ? t('factor.recovery') : t('factor.code')}
        name={recovery ? 'recovery_code' : 'code'}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        required
        autoFocus
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit">{t('factor.submit')}</button>
      <button type="button" className="link" onClick={() => setRecovery(!recovery)}>
        {recovery ? t('factor.useCode') : t('factor.useRecovery')}
      </button>
    </form>
  );
}

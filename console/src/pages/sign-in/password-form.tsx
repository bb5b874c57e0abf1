import { type FormEvent, useState } from 'react';
import { ApiError, api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { DirectoryOption, useDirectorySignIn } from './directory-option.js';
import { SsoButton } from './sso-button.js';
import type { LoginAnswer } from './types.js';

const TENANT_KEY = 'custos.tenant';

/** Step one: organisation, e-mail, password. Every refusal is the same 401 (document 3). */
export function PasswordForm({ onAnswer }: { onAnswer(answer: LoginAnswer): void }) {
  const t = useT();
  const [tenant, setTenant] = useState(() => localStorage.getItem(TENANT_KEY) ?? '');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const directory = useDirectorySignIn(tenant);
  const [directoryChosen, setDirectoryChosen] = useState(false);
  const viaDirectory = directory !== null && directoryChosen;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const body = { body: { tenant, email, password } };
      const answer = await call(
        viaDirectory ? api.POST('/api/v1/auth/ldap/login', body) : api.POST('/api/v1/auth/login', body),
      );
      localStorage.setItem(TENANT_KEY, tenant);
      setPassword('');
      onAnswer(answer);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t('signIn.title')}</h1>
      {error !== null && (
        <Alert kind="error">
          {error instanceof ApiError && error.status === 401 ? t('signIn.failed') : messageOf(error)}
        </Alert>
      )}
      <Field
        label={t('signIn.tenant')}
        name="tenant"
        autoComplete="organization"
        required
        value={tenant}
        onChange={(e) => setTenant(e.target.value)}
      />
      <Field
        label={viaDirectory ? t('signIn.directoryAccount') : t('signIn.email')}
        name="email"
        type={viaDirectory ? 'text' : 'email'}
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Field
        label={t('signIn.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {directory !== null && (
        <DirectoryOption name={directory} checked={directoryChosen} onChange={setDirectoryChosen} />
      )}
      <button type="submit" disabled={busy}>
        {t('signIn.submit')}
      </button>
      <SsoButton tenant={tenant} />
    </form>
  );
}

import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';

/** Makes an API token whose scopes are among the creator's own permissions (the server checks). */
export function ApiTokenForm({
  permissions,
  onCreated,
}: {
  permissions: string[];
  onCreated(token: string): void;
}) {
  const t = useT();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [days, setDays] = useState('');
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const made = await call(
        api.POST('/api/v1/api-tokens', {
          body: { name, scopes, ...(days ? { expires_in_days: Number(days) } : {}) },
        }),
      );
      setName('');
      setScopes([]);
      setDays('');
      onCreated(made.token);
    } catch (e) {
      setError(e);
    }
  }

  const fieldError = (f: string) => fieldErrorOf(error, f);
  const general = error !== null && !['name', 'scopes', 'expires_in_days'].some((f) => fieldError(f));
  const toggle = (p: string, on: boolean) => setScopes((s) => (on ? [...s, p] : s.filter((x) => x !== p)));
  return (
    <form className="admin-form" onSubmit={submit} aria-labelledby="api-token-form-title">
      <h2 id="api-token-form-title">{t('apiTokens.create')}</h2>
      {general && <Alert kind="error">{messageOf(error)}</Alert>}
      <Field
        label={t('apiTokens.name')}
        required
        value={name}
        error={fieldError('name')}
        onChange={(e) => setName(e.target.value)}
      />
      <fieldset aria-invalid={fieldError('scopes') ? true : undefined}>
        <legend>{t('apiTokens.scopes')}</legend>
        <div className="scopes">
          {permissions.map((p) => (
            <label key={p}>
              <input
                type="checkbox"
                checked={scopes.includes(p)}
                onChange={(e) => toggle(p, e.target.checked)}
              />{' '}
              <code>{p}</code>
              <br />
            </label>
          ))}
        </div>
        {fieldError('scopes') && <p className="error">{fieldError('scopes')}</p>}
      </fieldset>
      <Field
        label={t('apiTokens.expires')}
        type="number"
        min={1}
        max={365}
        hint={t('apiTokens.expiresHint')}
        value={days}
        error={fieldError('expires_in_days')}
        onChange={(e) => setDays(e.target.value)}
      />
      <button type="submit">{t('apiTokens.submit')}</button>
    </form>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';

/**
 * "Sign in with your organisation": shown when `/auth/oidc/available` says the organisation typed
 * above has an enabled provider; starts the Authorization Code flow and leaves for the provider.
 */
export function SsoButton({ tenant }: { tenant: string }) {
  const t = useT();
  const slug = tenant.trim();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const available = useQuery({
    queryKey: ['oidc-available', slug],
    queryFn: () => call(api.GET('/api/v1/auth/oidc/available', { params: { query: { tenant: slug } } })),
    enabled: slug !== '',
    staleTime: 60_000,
  });
  if (!available.data?.enabled) return null;

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const answer = await call(api.POST('/api/v1/auth/oidc/start', { body: { tenant: slug } }));
      window.location.assign(answer.authorization_url);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  }

  return (
    <div className="sso">
      {error !== null && <Alert kind="error">{messageOf(error)}</Alert>}
      <button type="button" disabled={busy} onClick={() => void start()}>
        {busy ? t('signIn.ssoStarting') : t('signIn.sso', { name: available.data.display_name ?? slug })}
      </button>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';

/**
 * Directory sign-in (document 3): when `/auth/ldap/available` says the organisation typed above
 * offers it, the password form may send the directory password instead (`/auth/ldap/login`).
 * Answers the directory's display name, or null when not offered.
 */
export function useDirectorySignIn(tenant: string): string | null {
  const slug = tenant.trim();
  const available = useQuery({
    queryKey: ['ldap-available', slug],
    queryFn: () => call(api.GET('/api/v1/auth/ldap/available', { params: { query: { tenant: slug } } })),
    enabled: slug !== '',
    staleTime: 60_000,
  });
  if (!available.data?.enabled) return null;
  return available.data.display_name ?? slug;
}

export function DirectoryOption(props: { name: string; checked: boolean; onChange(checked: boolean): void }) {
  const t = useT();
  return (
    <label className="directory-option">
      <input
        type="checkbox"
        name="directory"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />{' '}
      {t('signIn.directory', { name: props.name })}
    </label>
  );
}

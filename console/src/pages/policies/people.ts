import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';

/**
 * Names for the user ids the lifecycle records: the directory when the person may read it
 * (users:write or audit:read, as the API requires), "you" for oneself, else the id itself.
 */
export function usePersonName(): (id: string | null | undefined) => string {
  const t = useT();
  const me = useMe();
  const allowed = can(me.data, 'users:write') || can(me.data, 'audit:read');
  const users = useQuery({
    queryKey: ['users', 'names'],
    queryFn: () => call(api.GET('/api/v1/users')),
    enabled: allowed,
    staleTime: 60_000,
  });
  return (id) => {
    if (!id) return t('admin.none');
    if (id === me.data?.user_id) return t('pol.you');
    return users.data?.items.find((u) => u.id === id)?.email ?? id;
  };
}

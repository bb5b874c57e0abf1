import { useQuery } from '@tanstack/react-query';
import { api, call } from '../api/client.js';
import type { components, paths } from '../api/schema.js';

export type Me = paths['/api/v1/auth/me']['get']['responses'][200]['content']['application/json'];
export type { components };

export const ME_KEY = ['auth', 'me'] as const;

/** The signed-in person: role, permissions, display zone and formats (document 3). */
export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: () => call(api.GET('/api/v1/auth/me')),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function can(me: Me | undefined, permission: string): boolean {
  return me?.permissions.includes(permission) ?? false;
}

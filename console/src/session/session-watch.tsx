import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onUnauthenticated } from '../api/client.js';
import { useI18n } from '../i18n/index.js';
import { watchActivity } from './activity.js';
import { useMe } from './me.js';
import { leaveNotice } from './sign-in-notice.js';

/**
 * While signed in: the activity heartbeat runs, the person's language applies, and any 401
 * (idle: `auth.session_idle`; revoked; expired) clears what the page holds and returns to
 * sign-in with the reason.
 */
export function SessionWatch() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { setPerson } = useI18n();
  const me = useMe();
  const userId = me.data?.user_id ?? null;

  useEffect(() => {
    setPerson(userId);
  }, [userId, setPerson]);

  useEffect(() => {
    if (!userId) return;
    return watchActivity();
  }, [userId]);

  useEffect(
    () =>
      onUnauthenticated((error) => {
        leaveNotice(error.body.code === 'auth.session_idle' ? 'idle' : 'ended');
        queryClient.clear();
        void router.navigate({ to: '/sign-in' });
      }),
    [queryClient, router],
  );
  return null;
}

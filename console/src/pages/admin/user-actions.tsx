import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { useStepUp } from '../../session/step-up.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import type { UserRow } from './users-table.js';

/** Disable / enable (with a reason) and unlock (behind the `role_change` step-up) for one row. */
export function UserActions({
  user,
  selfId,
  onDone,
  onError,
}: {
  user: UserRow;
  selfId: string;
  onDone(note: string): void;
  onError(error: unknown): void;
}) {
  const t = useT();
  const withStepUp = useStepUp();
  const [asking, setAsking] = useState<'disable' | 'enable' | null>(null);
  if (!user.id || user.id === selfId) return null;
  const id = user.id;
  const email = user.email ?? '';

  async function change(kind: 'disable' | 'enable', reason: string) {
    if (kind === 'disable') {
      const r = await call(
        api.POST('/api/v1/users/{id}/disable', { params: { path: { id } }, body: { reason } }),
      );
      onDone(
        t('users.disabled', { email, sessions: r.sessions_ended, incidents: r.incidents_still_assigned }),
      );
    } else {
      await call(api.POST('/api/v1/users/{id}/enable', { params: { path: { id } }, body: { reason } }));
      onDone(t('users.enabled', { email }));
    }
  }

  async function unlock() {
    try {
      await withStepUp(() => call(api.POST('/api/v1/users/{id}/unlock', { params: { path: { id } } })));
      onDone(t('users.unlocked', { email }));
    } catch (e) {
      onError(e);
    }
  }

  const locked = user.locked_until !== null && user.locked_until !== undefined;
  return (
    <>
      {user.status === 'disabled' ? (
        <button type="button" className="secondary" onClick={() => setAsking('enable')}>
          {t('users.enable')}
        </button>
      ) : (
        <button type="button" className="secondary" onClick={() => setAsking('disable')}>
          {t('users.disable')}
        </button>
      )}
      {locked && (
        <button type="button" className="secondary" onClick={() => void unlock()}>
          {t('users.unlock')}
        </button>
      )}
      {asking && (
        <ConfirmDialog
          title={t(asking === 'disable' ? 'users.disableTitle' : 'users.enableTitle', { email })}
          confirmLabel={t(asking === 'disable' ? 'users.disable' : 'users.enable')}
          withReason
          onConfirm={(reason) => change(asking, reason)}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}

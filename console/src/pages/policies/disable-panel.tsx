import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { useStepUp } from '../../session/step-up.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import type { PolicyRow } from './policy-types.js';

type Kind = 'disable' | 'enable' | 'approveDisable' | 'rejectDisable' | 'withdrawDisable';

/** Switch the policy off or on (with a reason), and a pending request to switch it off. */
export function DisablePanel({ policy, onOutcome }: { policy: PolicyRow; onOutcome(message: string): void }) {
  const t = useT();
  const me = useMe();
  const withStepUp = useStepUp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Kind | null>(null);
  const pending = policy.pending_disable;
  const id = policy.id;

  async function run(kind: Kind, reason: string) {
    if (kind === 'disable' || kind === 'enable') {
      const answer = await call(
        api.POST('/api/v1/policies/{id}/enabled', {
          params: { path: { id } },
          body: { enabled: kind === 'enable', reason },
        }),
      );
      // 202: a second person must approve switching off (the answer names the request).
      onOutcome(t('request_id' in answer ? 'pol.disable.requested' : `pol.disable.done.${kind}`));
    } else if (pending) {
      const path = { id, request_id: pending.id };
      if (kind === 'approveDisable')
        await withStepUp(() =>
          call(api.POST('/api/v1/policies/{id}/disable/{request_id}/approve', { params: { path } })),
        );
      if (kind === 'rejectDisable')
        await call(
          api.POST('/api/v1/policies/{id}/disable/{request_id}/reject', {
            params: { path },
            body: { reason },
          }),
        );
      if (kind === 'withdrawDisable')
        await call(
          api.POST('/api/v1/policies/{id}/disable/{request_id}/withdraw', {
            params: { path },
            body: { reason },
          }),
        );
      onOutcome(t(`pol.disable.done.${kind}`));
    }
    await queryClient.invalidateQueries({ queryKey: ['policies'] });
  }

  if (!can(me.data, 'policies:publish')) return null;
  const mine = pending?.requested_by_id === me.data?.user_id;
  return (
    <section aria-labelledby="switch-title">
      <h2 id="switch-title">{t('pol.disable.title')}</h2>
      {pending ? (
        <>
          <p>
            {t('pol.disable.pending', {
              who: pending.requested_by ?? pending.requested_by_id,
              when: formatDateTime(pending.requested_at, me.data),
              reason: pending.reason,
            })}
          </p>
          <div className="actions">
            {!mine && can(me.data, 'policies:approve') && (
              <>
                <button type="button" onClick={() => setOpen('approveDisable')}>
                  {t('pol.disable.approveDisable')}
                </button>
                <button type="button" className="secondary" onClick={() => setOpen('rejectDisable')}>
                  {t('pol.disable.rejectDisable')}
                </button>
              </>
            )}
            {mine && (
              <button type="button" className="secondary" onClick={() => setOpen('withdrawDisable')}>
                {t('pol.disable.withdrawDisable')}
              </button>
            )}
          </div>
        </>
      ) : (
        <button
          type="button"
          className={policy.disabled ? undefined : 'danger'}
          onClick={() => setOpen(policy.disabled ? 'enable' : 'disable')}
        >
          {t(policy.disabled ? 'pol.disable.enable' : 'pol.disable.disable')}
        </button>
      )}
      {open && (
        <ConfirmDialog
          title={t(`pol.disable.${open}`)}
          confirmLabel={t(`pol.disable.${open}`)}
          withReason={open !== 'approveDisable'}
          onConfirm={(reason) => run(open, reason)}
          onClose={() => setOpen(null)}
        >
          {open === 'disable' && <p>{t('pol.disable.warning')}</p>}
        </ConfirmDialog>
      )}
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { useStepUp } from '../../session/step-up.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { labelKey } from './labels.js';
import type { Lifecycle, Release } from './policy-types.js';
import { RefusableButton } from './refusable-button.js';
import { ReleaseWarnings } from './release-warnings.js';

type Version = Lifecycle['versions'][number];
type Kind = 'publish' | 'rollback' | 'approve' | 'reject';

/**
 * What the person may do with one version, as the lifecycle view says (refused actions stay
 * visible, disabled, with the server's reason); approval and rejection of a pending version.
 */
export function VersionActions({
  policyId,
  version,
  lifecycle,
  onOutcome,
}: {
  policyId: string;
  version: Version;
  lifecycle: Lifecycle;
  onOutcome(message: string, release?: Release): void;
}) {
  const t = useT();
  const me = useMe();
  const withStepUp = useStepUp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Kind | null>(null);
  const verdict = (action: string) => version.actions.find((a) => a.action === action);
  const publish = verdict('publish');
  const rollback = verdict('rollback');
  const requestRollback = verdict('request_rollback');
  const path = { id: policyId, version: version.version };

  async function run(kind: Kind, reason: string) {
    let release: Release | undefined;
    if (kind === 'publish')
      release = await call(
        api.POST('/api/v1/policies/{id}/versions/{version}/publish', { params: { path } }),
      );
    if (kind === 'approve')
      release = await withStepUp(() =>
        call(api.POST('/api/v1/policies/{id}/versions/{version}/approve', { params: { path } })),
      );
    if (kind === 'reject')
      await call(
        api.POST('/api/v1/policies/{id}/versions/{version}/reject', { params: { path }, body: { reason } }),
      );
    if (kind === 'rollback')
      release = await call(
        api.POST('/api/v1/policies/{id}/rollback', {
          params: { path: { id: policyId } },
          body: { to_version: version.version, reason },
        }),
      );
    await queryClient.invalidateQueries({ queryKey: ['policies'] });
    const status = release?.status ?? 'rejected';
    onOutcome(t('pol.outcome', { version: version.version, status: t(labelKey('status', status)) }), release);
  }

  const rollbackVerdict = requestRollback?.allowed ? requestRollback : rollback;
  const pending = version.status === 'pending_approval';
  // The server refuses the author or submitter as approver; say so before the click.
  const own = version.author === me.data?.user_id || version.submitter === me.data?.user_id;
  const selfRefusal = own ? t('pol.refuse.selfApproval') : null;
  return (
    <div className="row-actions">
      {publish && (
        <RefusableButton
          label={t('pol.act.publish')}
          refused={publish.reason}
          onClick={() => setOpen('publish')}
        />
      )}
      {rollbackVerdict && (
        <RefusableButton
          label={t(
            rollbackVerdict.action === 'request_rollback' ? 'pol.act.requestRollback' : 'pol.act.rollback',
          )}
          refused={rollbackVerdict.reason}
          onClick={() => setOpen('rollback')}
        />
      )}
      {pending && can(me.data, 'policies:approve') && (
        <>
          <RefusableButton
            label={t('pol.act.approve')}
            refused={selfRefusal}
            onClick={() => setOpen('approve')}
          />
          <RefusableButton label={t('pol.act.reject')} danger onClick={() => setOpen('reject')} />
        </>
      )}
      {open && (
        <ConfirmDialog
          title={t(`pol.confirm.${open}`, { version: version.version })}
          confirmLabel={t(`pol.act.${open}`)}
          withReason={open === 'reject' || open === 'rollback'}
          onConfirm={(reason) => run(open, reason)}
          onClose={() => setOpen(null)}
        >
          <p>{t(`pol.confirmText.${open}`)}</p>
          {(open === 'publish' || open === 'approve') && <ReleaseWarnings warnings={lifecycle} />}
        </ConfirmDialog>
      )}
    </div>
  );
}

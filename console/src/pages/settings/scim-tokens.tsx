import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { useStepUp } from '../../session/step-up.js';
import { Alert } from '../../ui/alert.js';
import { ColumnHeads } from '../../ui/column-heads.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { CopyText } from '../../ui/copy-text.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { ListStatus, SecretShownOnce, useSecretListing } from '../../ui/secret-shown-once.js';

/**
 * SCIM tokens on the sign-in settings page (document 3, Provisioning; docs/scim.md): the base URL
 * to give the identity provider, make a token (shown once, after a sign-in confirmation), revoke.
 */
export function ScimTokens() {
  const t = useT();
  const me = useMe();
  const withStepUp = useStepUp();
  const [name, setName] = useState('');
  const [days, setDays] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const { list, note, fresh, changed } = useSecretListing('scim-tokens', () =>
    call(api.GET('/api/v1/settings/scim-tokens')),
  );

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const made = await withStepUp(() =>
        call(
          api.POST('/api/v1/settings/scim-tokens', {
            body: { name, ...(days ? { expires_in_days: Number(days) } : {}) },
          }),
        ),
      );
      setName('');
      setDays('');
      fresh.created(made.token);
    } catch (e) {
      setError(e);
    }
  }

  async function revoke(publicId: string, reason: string) {
    await call(
      api.POST('/api/v1/settings/scim-tokens/{public_id}/revoke', {
        params: { path: { public_id: publicId } },
        body: { reason },
      }),
    );
    changed(t('scim.revoked'));
  }

  const fieldError = (f: string) => fieldErrorOf(error, f);
  const general = error !== null && !fieldError('name') && !fieldError('expires_in_days');
  return (
    <section aria-labelledby="scim-title">
      <h2 id="scim-title">{t('scim.title')}</h2>
      <p>{t('scim.intro')}</p>
      {list.data && (
        <>
          <CopyText label={t('scim.basePath')} text={list.data.base_path} />
          <p>{t('scim.provisioned', { count: list.data.provisioned_accounts })}</p>
        </>
      )}
      {note && <Alert kind="info">{note}</Alert>}
      {fresh.secret ? (
        <SecretShownOnce
          headingId="fresh-scim-token"
          label={t('scim.token')}
          notice={t('scim.once')}
          secret={fresh.secret}
          onDone={fresh.done}
        />
      ) : (
        <form className="admin-form" onSubmit={create} aria-labelledby="scim-form-title">
          <h3 id="scim-form-title">{t('scim.create')}</h3>
          {general && <Alert kind="error">{messageOf(error)}</Alert>}
          <Field
            label={t('scim.name')}
            required
            maxLength={100}
            value={name}
            error={fieldError('name')}
            onChange={(e) => setName(e.target.value)}
          />
          <Field
            label={t('scim.expires')}
            hint={t('scim.expiresHint')}
            type="number"
            min={1}
            max={365}
            value={days}
            error={fieldError('expires_in_days')}
            onChange={(e) => setDays(e.target.value)}
          />
          <button type="submit">{t('scim.submit')}</button>
        </form>
      )}
      <ListStatus list={list} empty={t('scim.empty')} />
      {list.data && list.data.items.length > 0 && (
        <table className="admin scim-tokens" aria-label={t('scim.title')}>
          <ColumnHeads
            labels={[
              t('scim.col.name'),
              t('scim.col.created'),
              t('scim.col.lastUsed'),
              t('scim.col.expires'),
              t('scim.col.state'),
              t('admin.actions'),
            ]}
          />
          <tbody>
            {list.data.items.map((row) => (
              <tr key={row.public_id}>
                <td>{row.name}</td>
                <td>{formatDateTime(row.created_at, me.data)}</td>
                <td>{row.last_used_at ? formatDateTime(row.last_used_at, me.data) : t('admin.never')}</td>
                <td>{formatDateTime(row.expires, me.data)}</td>
                <td>{t(`scim.state.${row.state}`)}</td>
                <td>
                  {row.state !== 'revoked' && (
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => setRevoking({ id: row.public_id, name: row.name })}
                    >
                      {t('scim.revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {revoking && (
        <ConfirmDialog
          title={t('scim.revoke')}
          confirmLabel={t('scim.revoke')}
          withReason
          onConfirm={(reason) => revoke(revoking.id, reason)}
          onClose={() => setRevoking(null)}
        >
          <p>{t('scim.revokeConfirm', { name: revoking.name })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { useSubmit } from '../../ui/use-submit.js';
import { DirectoryLookup } from './directory-lookup.js';

type Kind = 'directory_windows' | 'directory_cloud';

/**
 * `/settings/directory-sources` (docs/directory-sources.md): the sources (16 a page), an Owner's
 * create form and switch, and a test lookup. The credential is a server-side reference only.
 */
export function DirectorySourcesPage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const owner = can(me.data, 'tenant:write');
  const [after, setAfter] = useState<string | undefined>(undefined);
  const list = useQuery({
    queryKey: ['directory-sources', after ?? ''],
    queryFn: () => call(api.GET('/api/v1/directory-sources', { params: { query: after ? { after } : {} } })),
  });
  const [name, setName] = useState('');
  const [ref, setRef] = useState('');
  const [kind, setKind] = useState<Kind>('directory_windows');
  const [reason, setReason] = useState('');
  const [switchReason, setSwitchReason] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['directory-sources'] });

  const create = useSubmit(async () => {
    setNote(null);
    const made = await call(
      api.POST('/api/v1/directory-sources', {
        body: { name, credential_ref: ref, reason, source_kind: kind },
      }),
    );
    setNote(t('dir.created', { name: made.name }));
    setName('');
    setRef('');
    setReason('');
    await refresh();
  });
  const [switchError, setSwitchError] = useState<unknown>(null);
  const toggle = async (id: string, enabled: boolean) => {
    setSwitchError(null);
    try {
      const s = await call(
        api.POST('/api/v1/directory-sources/{id}/enabled', {
          params: { path: { id } },
          body: { enabled, reason: switchReason },
        }),
      );
      setNote(t('dir.switched', { name: s.name, state: t(s.enabled ? 'dir.enabled' : 'dir.disabled') }));
      await refresh();
    } catch (e) {
      setSwitchError(e);
    }
  };

  const items = list.data?.items ?? [];
  return (
    <>
      <h1>{t('dir.title')}</h1>
      <p>{t('dir.intro')}</p>
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {note && <Alert kind="info">{note}</Alert>}
      {switchError !== null && <Alert kind="error">{messageOf(switchError)}</Alert>}
      {list.data && items.length === 0 && <p>{t('dir.empty')}</p>}
      {items.length > 0 && (
        <>
          {owner && (
            <Field
              label={t('dir.switchReason')}
              value={switchReason}
              maxLength={500}
              onChange={(e) => setSwitchReason(e.target.value)}
            />
          )}
          <table>
            <thead>
              <tr>
                <th scope="col">{t('dir.col.name')}</th>
                <th scope="col">{t('dir.col.kind')}</th>
                <th scope="col">{t('dir.col.state')}</th>
                <th scope="col">{t('dir.col.verification')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((s) => (
                <tr key={s.id}>
                  <td>{s.name}</td>
                  <td>{t(`dir.kind.${s.kind}`)}</td>
                  <td>
                    {t(s.enabled ? 'dir.enabled' : 'dir.disabled')}{' '}
                    {owner && (
                      <button
                        type="button"
                        className="secondary"
                        onClick={() => void toggle(s.id, !s.enabled)}
                      >
                        {t(s.enabled ? 'dir.disable' : 'dir.enable')}
                      </button>
                    )}
                  </td>
                  <td>
                    {s.verification === 'verified' && s.last_verified_at
                      ? t('dir.verification.verified', { date: formatDateTime(s.last_verified_at, me.data) })
                      : s.verification === 'failed'
                        ? t('dir.verification.failed', { reason: s.last_failure ?? '' })
                        : t('dir.verification.unknown')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {list.data?.next_after && (
        <button
          type="button"
          className="secondary"
          onClick={() => setAfter(list.data?.next_after ?? undefined)}
        >
          {t('dir.more')}
        </button>
      )}
      <h2>{t('dir.test')}</h2>
      <DirectoryLookup kinds={['user', 'security_group']} label={t('dir.test')} />
      <h2>{t('dir.create')}</h2>
      {owner ? (
        <form className="admin-form" onSubmit={create.submit} aria-label={t('dir.create')}>
          {create.error !== null &&
            !fieldErrorOf(create.error, 'credential_ref') &&
            !fieldErrorOf(create.error, 'name') && <Alert kind="error">{messageOf(create.error)}</Alert>}
          <Field
            label={t('dir.name')}
            value={name}
            required
            maxLength={100}
            error={fieldErrorOf(create.error, 'name')}
            onChange={(e) => setName(e.target.value)}
          />
          <Field
            label={t('dir.credentialRef')}
            hint={t('dir.credentialRefHint')}
            value={ref}
            required
            maxLength={200}
            error={fieldErrorOf(create.error, 'credential_ref')}
            onChange={(e) => setRef(e.target.value)}
          />
          <div className="field">
            <label htmlFor="dir-new-kind">{t('dir.kind')}</label>
            <select id="dir-new-kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
              <option value="directory_windows">{t('dir.kind.directory_windows')}</option>
              <option value="directory_cloud">{t('dir.kind.directory_cloud')}</option>
            </select>
          </div>
          <Field
            label={t('dir.reason')}
            value={reason}
            required
            maxLength={500}
            error={fieldErrorOf(create.error, 'reason')}
            onChange={(e) => setReason(e.target.value)}
          />
          <button type="submit" disabled={create.busy}>
            {t('dir.submit')}
          </button>
        </form>
      ) : (
        <p className="hint">{t('dir.ownerOnly')}</p>
      )}
    </>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { type MessageKey, useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';

type KeysView = Awaited<ReturnType<typeof loadKeys>>;
const loadKeys = () => call(api.GET('/api/v1/system/signing-keys'));

/** The refusals this page explains in the person's language; anything else shows the server's text. */
function refusalText(t: ReturnType<typeof useT>, error: unknown): string {
  if (error instanceof ApiError) {
    const code = error.body.code;
    if (code === 'signing_key.fleet_not_converged')
      return t('keys.notConverged', { detail: error.body.details[0]?.message ?? '' });
    if (code === 'signing_key.rotation_in_progress') return t('keys.inProgress');
  }
  return messageOf(error);
}

/**
 * `/settings/signing-keys`: the tenant's policy signing keys and their rotation
 * (docs/signing-keys.md): start, finish once the fleet has converged, retire the replaced key.
 * A refused step (the fleet has not converged) is shown with the number of endpoints behind.
 */
export function SigningKeysPage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: ['signing-keys'], queryFn: loadKeys });
  const [error, setError] = useState<unknown>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function step(run: () => Promise<KeysView>, done: MessageKey) {
    setError(null);
    setNote(null);
    setBusy(true);
    try {
      queryClient.setQueryData(['signing-keys'], await run());
      setNote(t(done));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  const data = keys.data;
  const manage = can(me.data, 'tenant:manage');
  const incoming = data?.keys.some((k) => k.state === 'incoming');
  const rotating = data?.keys.find((k) => k.state === 'rotating');
  return (
    <>
      <h1>{t('keys.title')}</h1>
      <p>{t('keys.intro')}</p>
      {keys.isError && <Alert kind="error">{messageOf(keys.error)}</Alert>}
      {error !== null && <Alert kind="error">{refusalText(t, error)}</Alert>}
      {note && <Alert kind="info">{note}</Alert>}
      {data && (
        <>
          <p>{t('keys.trustVersion', { version: data.trust_version })}</p>
          {data.rotation && (
            <p role="status">
              {t('keys.rotation', {
                overlap: data.rotation.overlap_trust_version,
                below: data.rotation.endpoints_below_overlap,
              })}
            </p>
          )}
          <table>
            <thead>
              <tr>
                <th scope="col">{t('keys.col.key')}</th>
                <th scope="col">{t('keys.col.state')}</th>
                <th scope="col">{t('keys.col.created')}</th>
                <th scope="col">{t('keys.col.retired')}</th>
                <th scope="col">{t('keys.col.action')}</th>
              </tr>
            </thead>
            <tbody>
              {data.keys.map((k) => (
                <tr key={k.key_id}>
                  <td>
                    <code>{k.key_id}</code>
                  </td>
                  <td>{t(`keys.state.${k.state}` as MessageKey)}</td>
                  <td>{formatDateTime(k.created_at, me.data)}</td>
                  <td>{k.retired_at ? formatDateTime(k.retired_at, me.data) : '—'}</td>
                  <td>
                    {manage && k.state === 'rotating' && (
                      <button
                        type="button"
                        className="danger"
                        disabled={busy}
                        onClick={() =>
                          step(
                            () =>
                              call(
                                api.POST('/api/v1/system/signing-keys/{key_id}/retire', {
                                  params: { path: { key_id: k.key_id } },
                                }),
                              ),
                            'keys.retired',
                          )
                        }
                      >
                        {t('keys.retire')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {manage && (
            <p>
              {!incoming && !rotating && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    step(() => call(api.POST('/api/v1/system/signing-keys/rotation')), 'keys.started')
                  }
                >
                  {t('keys.start')}
                </button>
              )}
              {incoming && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    step(() => call(api.POST('/api/v1/system/signing-keys/rotation/finish')), 'keys.finished')
                  }
                >
                  {t('keys.finish')}
                </button>
              )}
            </p>
          )}
        </>
      )}
    </>
  );
}

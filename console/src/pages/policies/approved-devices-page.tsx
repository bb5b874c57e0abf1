import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { messageOf } from '../../ui/errors.js';
import { FieldErrorsProvider } from './field-errors.js';
import { labelKey } from './labels.js';
import { PathField, PathSelect } from './path-field.js';
import { PolicySubNav } from './policy-sub-nav.js';
import { DEVICE_CLASSES } from './policy-types.js';

type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** `/approved-devices`: the removable-device allow-list, and devices endpoints have seen. */
export function ApprovedDevicesPage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const write = can(me.data, 'policies:write');
  const list = useQuery({
    queryKey: ['approved-devices'],
    queryFn: () => call(api.GET('/api/v1/approved-devices')),
  });
  const seen = useQuery({
    queryKey: ['approved-devices', 'seen'],
    queryFn: () =>
      call(api.GET('/api/v1/approved-devices/seen', { params: { query: { paged: true, limit: 50 } } })),
  });
  const [serial, setSerial] = useState('');
  const [deviceClass, setDeviceClass] = useState<DeviceClass | ''>('');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['approved-devices'] });

  async function approve(body: { serial: string; device_class?: DeviceClass; label?: string }) {
    setError(null);
    try {
      const answer = await call(api.POST('/api/v1/approved-devices', { body }));
      setNote(t('dev.added', { bundle: answer.bundle_version ?? '—' }));
      setSerial('');
      setLabel('');
      await refresh();
    } catch (e) {
      setError(e);
    }
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    void approve({
      serial,
      ...(deviceClass ? { device_class: deviceClass } : {}),
      ...(label ? { label } : {}),
    });
  }
  const seenRows = seen.data ? (Array.isArray(seen.data) ? seen.data : seen.data.items) : [];
  return (
    <>
      <PolicySubNav />
      <h1>{t('dev.title')}</h1>
      <p className="hint">{t('dev.intro')}</p>
      {note && <Alert kind="info">{note}</Alert>}
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {write && (
        <FieldErrorsProvider error={error}>
          <form className="filters" onSubmit={submit} aria-label={t('dev.add')}>
            {error !== null && <Alert kind="error">{messageOf(error)}</Alert>}
            <PathField label={t('dev.serial')} path="serial" required value={serial} onText={setSerial} />
            <PathSelect
              label={t('dev.class')}
              path="device_class"
              list="deviceClass"
              values={DEVICE_CLASSES}
              value={deviceClass}
              empty={t('admin.none')}
              onValue={(v) => setDeviceClass(v as DeviceClass | '')}
            />
            <PathField label={t('dev.label')} path="label" value={label} onText={setLabel} />
            <div className="actions">
              <button type="submit">{t('dev.add')}</button>
            </div>
          </form>
        </FieldErrorsProvider>
      )}
      <table className="admin" aria-label={t('dev.title')}>
        <thead>
          <tr>
            <th scope="col">{t('dev.serial')}</th>
            <th scope="col">{t('dev.class')}</th>
            <th scope="col">{t('dev.label')}</th>
            <th scope="col">{t('bun.created')}</th>
            <th scope="col">{t('admin.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(list.data?.items ?? []).map((d) => (
            <tr key={d.id}>
              <td>{d.serial}</td>
              <td>{d.device_class ? t(labelKey('deviceClass', d.device_class)) : t('admin.none')}</td>
              <td>{d.label ?? ''}</td>
              <td>{formatDateTime(d.created_at, me.data)}</td>
              <td>
                {write && (
                  <button type="button" className="danger" onClick={() => setRemoving(d.id)}>
                    {t('dev.remove', { serial: d.serial })}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('dev.seen')}</h2>
      <table className="admin" aria-label={t('dev.seen')}>
        <thead>
          <tr>
            <th scope="col">{t('dev.serial')}</th>
            <th scope="col">{t('dev.class')}</th>
            <th scope="col">{t('dev.model')}</th>
            <th scope="col">{t('dev.usage')}</th>
            <th scope="col">{t('dev.lastSeen')}</th>
            <th scope="col">{t('admin.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {seenRows.map((d) => (
            <tr key={d.serial}>
              <td>{d.serial}</td>
              <td>{d.device_class ? t(labelKey('deviceClass', d.device_class)) : t('admin.none')}</td>
              <td>{[d.vendor, d.model].filter(Boolean).join(' ')}</td>
              <td>{t('dev.usageText', { endpoints: d.endpoints, events: d.events })}</td>
              <td>{formatDateTime(d.last_seen_at, me.data)}</td>
              <td>
                {d.approved_device_id
                  ? t('dev.approved')
                  : write && (
                      <button
                        type="button"
                        className="secondary"
                        onClick={() => void approve({ serial: d.serial })}
                      >
                        {t('dev.approve', { serial: d.serial })}
                      </button>
                    )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {removing && (
        <ConfirmDialog
          title={t('dev.removeTitle')}
          confirmLabel={t('dev.removeTitle')}
          onConfirm={async () => {
            await call(api.DELETE('/api/v1/approved-devices/{id}', { params: { path: { id: removing } } }));
            await refresh();
          }}
          onClose={() => setRemoving(null)}
        />
      )}
    </>
  );
}

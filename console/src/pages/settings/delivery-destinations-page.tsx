import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { type MessageKey, useT } from '../../i18n/index.js';
import { useMe } from '../../session/me.js';
import { useStepUp } from '../../session/step-up.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { useSubmit } from '../../ui/use-submit.js';

const loadDestinations = () => call(api.GET('/api/v1/report-delivery-destinations'));
type Destination = Awaited<ReturnType<typeof loadDestinations>>['items'][number];

/**
 * `/settings/report-delivery`: HTTPS receivers of scheduled reports (docs/report-schedules.md).
 * Saving asks for the step-up `incident_delivery`; the secret is write-only; a test posts
 * `svc.report_delivery_test.v1`; the latest deliveries are listed below.
 */
export function DeliveryDestinationsPage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['report-delivery-destinations'], queryFn: loadDestinations });
  const deliveries = useQuery({
    queryKey: ['report-deliveries'],
    queryFn: () => call(api.GET('/api/v1/report-deliveries')),
  });
  const [editing, setEditing] = useState<Destination | 'new' | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['report-delivery-destinations'] });
    await queryClient.invalidateQueries({ queryKey: ['report-deliveries'] });
  };
  const name = (id: string) => list.data?.items.find((d) => d.id === id)?.name ?? id;

  async function test(d: Destination) {
    setNote(null);
    try {
      const r = await call(
        api.POST('/api/v1/report-delivery-destinations/{id}/test', { params: { path: { id: d.id } } }),
      );
      setNote({
        ok: r.ok,
        text: t(r.ok ? 'destinations.testOk' : 'destinations.testFailed', { detail: r.detail }),
      });
      await refresh();
    } catch (e) {
      setNote({ ok: false, text: messageOf(e) });
    }
  }

  return (
    <>
      <h1>{t('destinations.title')}</h1>
      <p>{t('destinations.intro')}</p>
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {note && <Alert kind={note.ok ? 'info' : 'error'}>{note.text}</Alert>}
      {list.data && list.data.items.length === 0 && <p>{t('destinations.empty')}</p>}
      {list.data && list.data.items.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('destinations.col.name')}</th>
              <th scope="col">{t('destinations.col.url')}</th>
              <th scope="col">{t('destinations.col.signed')}</th>
              <th scope="col">{t('destinations.col.ca')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((d) => (
              <tr key={d.id}>
                <td>{d.name}</td>
                <td>{d.url}</td>
                <td>{t(d.signed ? 'destinations.yes' : 'destinations.no')}</td>
                <td>{t(d.has_ca_certificate ? 'destinations.yes' : 'destinations.no')}</td>
                <td>
                  <button type="button" className="secondary" onClick={() => setEditing(d)}>
                    {t('destinations.edit')}
                  </button>{' '}
                  <button type="button" className="secondary" onClick={() => void test(d)}>
                    {t('destinations.test')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing === null ? (
        <div className="actions">
          <button type="button" onClick={() => setEditing('new')}>
            {t('destinations.new')}
          </button>
        </div>
      ) : (
        <DestinationForm
          destination={editing === 'new' ? null : editing}
          onDone={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
      <h2>{t('destinations.deliveries')}</h2>
      {deliveries.data && deliveries.data.items.length === 0 && <p>{t('destinations.noDeliveries')}</p>}
      {deliveries.data && deliveries.data.items.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('destinations.col.at')}</th>
              <th scope="col">{t('destinations.col.name')}</th>
              <th scope="col">{t('destinations.col.kind')}</th>
              <th scope="col">{t('destinations.col.outcome')}</th>
              <th scope="col">{t('schedules.run.detail')}</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.items.map((d) => (
              <tr key={d.id}>
                <td>{formatDateTime(d.at, me.data)}</td>
                <td>{name(d.destination_id)}</td>
                <td>{t(`deliveryKind.${d.kind}` as MessageKey)}</td>
                <td>{t(`outcome.${d.outcome}` as MessageKey)}</td>
                <td>{d.detail ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function DestinationForm({
  destination,
  onDone,
}: {
  destination: Destination | null;
  onDone: () => Promise<void>;
}) {
  const t = useT();
  const withStepUp = useStepUp();
  const [name, setName] = useState(destination?.name ?? '');
  const [url, setUrl] = useState(destination?.url ?? 'https://');
  const [secret, setSecret] = useState('');
  const [ca, setCa] = useState('');
  const { error, submit } = useSubmit(async () => {
    const body = {
      name,
      url,
      ...(secret ? { secret } : {}),
      ...(ca.trim() ? { ca_certificate: ca } : {}),
    };
    await withStepUp(() =>
      destination
        ? call(
            api.PATCH('/api/v1/report-delivery-destinations/{id}', {
              params: { path: { id: destination.id } },
              body,
            }),
          )
        : call(api.POST('/api/v1/report-delivery-destinations', { body })),
    );
    await onDone();
  });
  const title = destination ? t('destinations.editing', { name: destination.name }) : t('destinations.new');
  const fields = ['name', 'url', 'secret', 'ca_certificate'];
  return (
    <form className="admin-form" onSubmit={submit} aria-label={title}>
      <h2>{title}</h2>
      {error !== null && !fields.some((f) => fieldErrorOf(error, f)) && (
        <Alert kind="error">{messageOf(error)}</Alert>
      )}
      <Field
        label={t('destinations.name')}
        required
        maxLength={120}
        value={name}
        error={fieldErrorOf(error, 'name')}
        onChange={(e) => setName(e.target.value)}
      />
      <Field
        label={t('destinations.url')}
        type="url"
        required
        value={url}
        error={fieldErrorOf(error, 'url')}
        onChange={(e) => setUrl(e.target.value)}
      />
      <Field
        label={t('destinations.secret')}
        type="password"
        autoComplete="new-password"
        minLength={16}
        maxLength={256}
        hint={destination ? t('destinations.secretKeep') : undefined}
        value={secret}
        error={fieldErrorOf(error, 'secret')}
        onChange={(e) => setSecret(e.target.value)}
      />
      <div className="field">
        <label htmlFor="destination-ca">{t('destinations.ca')}</label>
        <textarea id="destination-ca" value={ca} rows={4} onChange={(e) => setCa(e.target.value)} />
        {fieldErrorOf(error, 'ca_certificate') && (
          <p className="error">{fieldErrorOf(error, 'ca_certificate')}</p>
        )}
      </div>
      <div className="actions">
        <button type="submit">{t('destinations.save')}</button>{' '}
        <button type="button" className="secondary" onClick={() => void onDone()}>
          {t('schedules.cancel')}
        </button>
      </div>
    </form>
  );
}

import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { FieldErrorsProvider } from './field-errors.js';
import { useLookups } from './lookups.js';
import { PathField, PathSelect } from './path-field.js';
import { PolicySubNav } from './policy-sub-nav.js';
import { CHANNELS, type Channel, NETWORK_LOCATIONS, type SimulateBody } from './policy-types.js';
import { SimulationResult } from './simulation-result.js';

export { parseSimulateSearch } from './simulate-search.js';

/** `/policies/simulate`: paste text, choose channel and endpoint, read the decision explained. */
export function SimulatePage() {
  const t = useT();
  const textId = useId();
  const search = useSearch({ from: '/signed-in/policies/simulate' });
  const lookups = useLookups();
  const policies = useQuery({
    queryKey: ['policies', 'list'],
    queryFn: () => call(api.GET('/api/v1/policies')),
  });
  const [body, setBody] = useState<SimulateBody>({
    text: '',
    channel: 'removable_storage',
    ...(search.policy_id ? { policy_id: search.policy_id } : {}),
    ...(search.version ? { version: search.version } : {}),
  });
  const set = (patch: Partial<SimulateBody>) =>
    setBody(
      (b) =>
        Object.fromEntries(
          Object.entries({ ...b, ...patch }).filter(
            ([k, v]) => k === 'text' || (v !== undefined && v !== ''),
          ),
        ) as SimulateBody,
    );
  const run = useMutation({
    mutationFn: (b: SimulateBody) => call(api.POST('/api/v1/policies/simulate', { body: b })),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    run.mutate(body);
  }
  const opt = (v: string) => v || undefined;
  return (
    <>
      <PolicySubNav />
      <h1>{t('sim.title')}</h1>
      <p className="hint">{t('sim.intro')}</p>
      <FieldErrorsProvider error={run.error}>
        <form className="editor" onSubmit={submit}>
          <div className="field">
            <label htmlFor={textId}>{t('sim.text')}</label>
            <textarea
              id={textId}
              rows={6}
              value={body.text}
              required
              onChange={(e) => set({ text: e.target.value })}
            />
          </div>
          <PathSelect
            label={t('pol.f.channel')}
            path="channel"
            list="channel"
            values={CHANNELS}
            value={body.channel}
            onValue={(v) => set({ channel: v as Channel })}
          />
          <div className="field">
            <label htmlFor="sim-endpoint">{t('sim.endpoint')}</label>
            <select
              id="sim-endpoint"
              value={body.endpoint_id ?? ''}
              onChange={(e) => set({ endpoint_id: opt(e.target.value) })}
            >
              <option value="">{t('sim.noEndpoint')}</option>
              {lookups.agents.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.hostname}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="sim-policy">{t('sim.policy')}</label>
            <select
              id="sim-policy"
              value={body.policy_id ?? ''}
              onChange={(e) => set({ policy_id: opt(e.target.value), version: undefined })}
            >
              <option value="">{t('sim.published')}</option>
              {(policies.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {`${p.display_number} ${p.name}`}
                </option>
              ))}
            </select>
          </div>
          {body.policy_id && (
            <PathField
              label={t('pol.col.version')}
              path="version"
              type="number"
              min={1}
              value={body.version}
              onText={(v) => set({ version: v ? Number(v) : undefined })}
            />
          )}
          <PathField label={t('sim.os')} path="os" value={body.os} onText={(v) => set({ os: opt(v) })} />
          <PathField
            label={t('sim.destination')}
            path="destination_domain"
            value={body.destination_domain}
            onText={(v) => set({ destination_domain: opt(v) })}
          />
          <PathField
            label={t('sim.application')}
            path="application"
            value={body.application}
            onText={(v) => set({ application: opt(v) })}
          />
          <PathField
            label={t('sim.sourcePath')}
            path="source_path"
            value={body.source_path}
            onText={(v) => set({ source_path: opt(v) })}
          />
          <PathField
            label={t('sim.extension')}
            path="file_extension"
            value={body.file_extension}
            onText={(v) => set({ file_extension: opt(v) })}
          />
          <PathSelect
            label={t('sim.location')}
            path="network_location"
            list="location"
            values={NETWORK_LOCATIONS}
            value={body.network_location}
            empty={t('sim.notReported')}
            onValue={(v) => set({ network_location: opt(v) as SimulateBody['network_location'] })}
          />
          <div className="actions">
            <button type="submit" disabled={run.isPending}>
              {t('sim.run')}
            </button>
          </div>
        </form>
      </FieldErrorsProvider>
      {run.isError && <Alert kind="error">{messageOf(run.error)}</Alert>}
      {run.data && <SimulationResult result={run.data} policies={policies.data ?? []} />}
    </>
  );
}

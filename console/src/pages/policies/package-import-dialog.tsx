import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError, api, call } from '../../api/client.js';
import type { paths } from '../../api/schema.js';
import { type MessageKey, useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { showAsModal } from '../../ui/use-submit.js';
import { labelKey } from './labels.js';
import { useLookups } from './lookups.js';
import { type DryRun, type MappingChoice, MappingPicker } from './package-mapping.js';

const BLOCKING = new Set(['requires_mapping', 'missing', 'incompatible']);

type Body = paths['/api/v1/policy-packages/dry-run']['post']['requestBody']['content']['application/json'];

/**
 * "Import package" on the inventory (issue 25, docs/policy-packages.md): paste or choose the file,
 * check it (a dry run: every dependency with its state), map what needs mapping, then import it as
 * a new draft and open it.
 */
export function ImportPackageDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  const navigate = useNavigate();
  const lookups = useLookups();
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [choices, setChoices] = useState<Record<string, MappingChoice>>({});
  const [report, setReport] = useState<DryRun | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  function body(): Body {
    let pkg: unknown;
    try {
      pkg = JSON.parse(text);
    } catch {
      throw new Error(t('pkg.unreadable'));
    }
    if (!pkg || typeof pkg !== 'object' || Array.isArray(pkg)) throw new Error(t('pkg.unreadable'));
    const mappings = Object.entries(choices).map(([key, c]) => ({ key, ...c }));
    return {
      package: pkg,
      ...(mappings.length > 0 ? { mappings } : {}),
      ...(name.trim() !== '' ? { name: name.trim() } : {}),
    } as Body;
  }
  async function run(action: () => Promise<void>) {
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }
  const check = () =>
    run(async () => {
      setReport(await call(api.POST('/api/v1/policy-packages/dry-run', { body: body() })));
    });
  const importIt = () =>
    run(async () => {
      const created = await call(api.POST('/api/v1/policy-packages/import', { body: body() }));
      await navigate({ to: '/policies/$id', params: { id: created.id } });
    });
  const choose = (key: string, c: MappingChoice | undefined) => {
    setChoices(({ [key]: _old, ...rest }) => (c ? { ...rest, [key]: c } : rest));
  };
  const details = error instanceof ApiError ? error.body.details : [];
  return (
    <dialog ref={showAsModal} aria-labelledby="import-title" onCancel={onClose} className="wide">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void check();
        }}
      >
        <h2 id="import-title">{t('pkg.importTitle')}</h2>
        <Field
          label={t('pkg.file')}
          type="file"
          accept="application/json,.json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file)
              void file.text().then((content) => {
                setText(content);
                setReport(null);
              });
          }}
        />
        <div className="field">
          <label htmlFor="package-text">{t('pkg.text')}</label>
          <textarea
            id="package-text"
            rows={6}
            value={text}
            aria-describedby="package-text-hint"
            onChange={(e) => {
              setText(e.target.value);
              setReport(null);
            }}
          />
          <p className="hint" id="package-text-hint">
            {t('pkg.textHint')}
          </p>
        </div>
        <Field label={t('pkg.name')} maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
        {error !== null && (
          <Alert kind="error">
            {messageOf(error)}
            {details.length > 0 && (
              <ul>
                {details.map((d) => (
                  <li key={`${d.field} ${d.message}`}>{`${d.field}: ${d.message}`}</li>
                ))}
              </ul>
            )}
          </Alert>
        )}
        {report && <DryRunReport report={report} choices={choices} lookups={lookups} onChoose={choose} />}
        <div className="actions">
          <button type="submit" className="secondary" disabled={busy || text.trim() === ''}>
            {t('pkg.check')}
          </button>
          <button type="button" disabled={busy || !report || report.blocking} onClick={() => void importIt()}>
            {t('pkg.doImport')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('admin.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function DryRunReport(props: {
  report: DryRun;
  choices: Record<string, MappingChoice>;
  lookups: ReturnType<typeof useLookups>;
  onChoose(key: string, c: MappingChoice | undefined): void;
}) {
  const t = useT();
  const r = props.report;
  return (
    <section aria-label={t('pkg.dependencies')}>
      <p>
        {t('pkg.source', {
          number: r.source.policy_number,
          version: r.source.version,
          status: t(labelKey('status', r.source.version_status)),
        })}{' '}
        {t(r.same_tenant ? 'pkg.sameTenant' : 'pkg.otherTenant')}
      </p>
      <p className="hint">{t('pkg.digestNote')}</p>
      {r.name_conflict && <Alert kind="info">{t('pkg.nameConflict')}</Alert>}
      {r.previously_imported.length > 0 && (
        <Alert kind="info">{t('pkg.previously', { count: r.previously_imported.length })}</Alert>
      )}
      <table className="admin" aria-label={t('pkg.dependencies')}>
        <thead>
          <tr>
            <th scope="col">{t('pkg.col.dependency')}</th>
            <th scope="col">{t('pkg.col.kind')}</th>
            <th scope="col">{t('pkg.col.state')}</th>
            <th scope="col">{t('pkg.col.mapping')}</th>
          </tr>
        </thead>
        <tbody>
          {r.dependencies.map((d) => (
            <tr key={d.key}>
              <td>{d.name ?? d.value}</td>
              <td>{t(`pkg.kind.${d.kind}` as MessageKey)}</td>
              <td>
                {t(`pkg.state.${d.state}` as MessageKey)}
                {BLOCKING.has(d.state) && <span className="hint">{` — ${d.message}`}</span>}
              </td>
              <td>
                {d.state !== 'exact' && (
                  <MappingPicker
                    dep={d}
                    choice={props.choices[d.key]}
                    lookups={props.lookups}
                    onChoose={(c) => props.onChoose(d.key, c)}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {r.issues.length > 0 && (
        <>
          <h3>{t('pkg.issues')}</h3>
          <ul>
            {r.issues.map((i) => (
              <li key={`${i.field} ${i.message}`}>{`${i.field}: ${i.message}`}</li>
            ))}
          </ul>
        </>
      )}
      <p role="status">{t(r.blocking ? 'pkg.blocking' : 'pkg.ready')}</p>
    </section>
  );
}

import { useId, useState } from 'react';
import { ApiError, api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { showAsModal, useSubmit } from '../../ui/use-submit.js';
import { Check } from './field-errors.js';
import { labelKey } from './labels.js';

export interface CorpusRow {
  id: string;
  name: string;
}

/** The chosen files as the build route takes them: base64 of each file's bytes, in order. */
export async function filesAsDocuments(files: FileList | null): Promise<{ content_base64: string }[]> {
  const out: { content_base64: string }[] = [];
  for (const file of Array.from(files ?? [])) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    out.push({ content_base64: btoa(binary) });
  }
  return out;
}

/** A file input for the corpus's source files (text only; they are hashed on the server and dropped). */
export function FilesInput({ onFiles }: { onFiles(files: FileList | null): void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('fpc.files')}</label>
      <input
        id={id}
        type="file"
        multiple
        accept=".txt,text/plain"
        onChange={(e) => onFiles(e.target.files)}
      />
    </div>
  );
}

/** Builds a new version from chosen files (replace or add). */
export function BuildDialog({
  corpus,
  onDone,
  onClose,
}: {
  corpus: CorpusRow;
  onDone(note: string): void;
  onClose(): void;
}) {
  const t = useT();
  const [files, setFiles] = useState<FileList | null>(null);
  const [mode, setMode] = useState<'replace' | 'add'>('replace');
  const { error, busy, submit } = useSubmit(async () => {
    const documents = await filesAsDocuments(files);
    if (documents.length === 0) throw new Error(t('fpc.noFiles'));
    const answer = await call(
      api.POST('/api/v1/fingerprint-corpora/{id}/build', {
        params: { path: { id: corpus.id } },
        body: { mode, documents },
      }),
    );
    const kept = answer.documents.filter((d) => d.status === 'kept').length;
    onDone(
      t('fpc.built', {
        version: answer.corpus.version,
        kept,
        short: answer.documents.length - kept,
        bundle: answer.bundle_version ?? '—',
      }),
    );
    onClose();
  });
  return (
    <dialog ref={showAsModal} aria-labelledby="fpc-build-title" onCancel={onClose}>
      <form onSubmit={submit}>
        <h2 id="fpc-build-title">{t('fpc.buildTitle', { name: corpus.name })}</h2>
        {error !== null && <Alert kind="error">{messageOf(error)}</Alert>}
        <div className="field">
          <label htmlFor="fpc-mode">{t('fpc.mode')}</label>
          <select id="fpc-mode" value={mode} onChange={(e) => setMode(e.target.value as 'replace' | 'add')}>
            <option value="replace">{t('fpc.mode.replace')}</option>
            <option value="add">{t('fpc.mode.add')}</option>
          </select>
        </div>
        <FilesInput onFiles={setFiles} />
        <div className="actions">
          <button type="submit" disabled={busy}>
            {t('fpc.build', { name: corpus.name })}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('admin.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

type ProbeAnswer = Awaited<ReturnType<typeof probe>>;
const probe = (id: string, text: string) =>
  call(api.POST('/api/v1/fingerprint-corpora/{id}/probe', { params: { path: { id } }, body: { text } }));

/** Probes a passage with the endpoint's matching code; the passage is not kept. */
export function ProbeDialog({ corpus, onClose }: { corpus: CorpusRow; onClose(): void }) {
  const t = useT();
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<ProbeAnswer | null>(null);
  const { error, busy, submit } = useSubmit(async () => setAnswer(await probe(corpus.id, text)));
  return (
    <dialog ref={showAsModal} aria-labelledby="fpc-probe-title" onCancel={onClose}>
      <form onSubmit={submit}>
        <h2 id="fpc-probe-title">{t('fpc.probeTitle', { name: corpus.name })}</h2>
        {error !== null && <Alert kind="error">{messageOf(error)}</Alert>}
        <div className="field">
          <label htmlFor="fpc-passage">{t('fpc.passage')}</label>
          <textarea id="fpc-passage" rows={8} value={text} onChange={(e) => setText(e.target.value)} />
          <p className="hint">{t('fpc.probeHint')}</p>
        </div>
        {answer && (
          <ul aria-label={t('fpc.probe', { name: corpus.name })}>
            {answer.kinds.map((k) => (
              <li key={k.kind}>
                {t('fpc.result', {
                  kind: t(labelKey('fpMatch', k.kind)),
                  result: t(`fpc.result.${k.result}`),
                  coverage: k.coverage ?? '—',
                  threshold: k.min_coverage,
                })}
              </li>
            ))}
          </ul>
        )}
        <div className="actions">
          <button type="submit" disabled={busy}>
            {t('fpc.probeRun')}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t('admin.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/**
 * The withdrawal: asked with a reason; when the server answers that published policies use the
 * corpus (409 `fingerprint_corpus.in_use`), each is listed to be acknowledged before it is sent again.
 */
export function DeleteDialog({
  corpus,
  onDone,
  onClose,
}: {
  corpus: CorpusRow;
  onDone(note: string): void;
  onClose(): void;
}) {
  const t = useT();
  const [using, setUsing] = useState<string[]>([]);
  const [acknowledged, setAcknowledged] = useState<string[]>([]);
  return (
    <ConfirmDialog
      title={t('fpc.deleteTitle', { name: corpus.name })}
      confirmLabel={t('fpc.delete', { name: corpus.name })}
      withReason
      onConfirm={async (reason) => {
        try {
          const answer = await call(
            api.DELETE('/api/v1/fingerprint-corpora/{id}', {
              params: { path: { id: corpus.id } },
              body: { reason, acknowledged_policy_ids: acknowledged },
            }),
          );
          onDone(
            t('fpc.deleted', { versions: answer.versions_removed, bundle: answer.bundle_version ?? '—' }),
          );
        } catch (e) {
          const listed = fieldErrorOf(e, 'acknowledged_policy_ids');
          if (e instanceof ApiError && e.body.code === 'fingerprint_corpus.in_use' && listed)
            setUsing(listed.split(', ').filter(Boolean));
          throw e;
        }
      }}
      onClose={onClose}
    >
      <p>{t('fpc.deleteIntro')}</p>
      {using.length > 0 && (
        <fieldset>
          <legend>{t('fpc.inUse')}</legend>
          {using.map((id) => (
            <Check
              key={id}
              label={t('fpc.acknowledge', { policy: id })}
              checked={acknowledged.includes(id)}
              onChecked={(on) =>
                setAcknowledged(on ? [...acknowledged, id] : acknowledged.filter((x) => x !== id))
              }
            />
          ))}
        </fieldset>
      )}
    </ConfirmDialog>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import { formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { FieldErrorsProvider } from './field-errors.js';
import {
  BuildDialog,
  type CorpusRow,
  DeleteDialog,
  FilesInput,
  filesAsDocuments,
  ProbeDialog,
} from './fingerprint-dialogs.js';
import { PathField } from './path-field.js';
import { PolicySubNav } from './policy-sub-nav.js';

type Open = { kind: 'build' | 'probe' | 'delete'; corpus: CorpusRow } | null;

/**
 * `/fingerprint-corpora` (docs/fingerprints.md): list the tenant's corpora, create one from text
 * files, build new versions, probe a passage, and withdraw a corpus with acknowledgement.
 */
export function FingerprintCorporaPage() {
  const t = useT();
  const me = useMe();
  const queryClient = useQueryClient();
  const write = can(me.data, 'policies:write');
  const withdraw = write && can(me.data, 'policies:publish');
  const list = useQuery({
    queryKey: ['fingerprint-corpora'],
    queryFn: () => call(api.GET('/api/v1/fingerprint-corpora')),
  });
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<FileList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [note, setNote] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['fingerprint-corpora'] });
  const done = async (text: string) => {
    setNote(text);
    await refresh();
  };

  async function create(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const created = await call(
        api.POST('/api/v1/fingerprint-corpora', {
          body: { name, ...(description ? { description } : {}) },
        }),
      );
      const documents = await filesAsDocuments(files);
      if (documents.length > 0)
        await call(
          api.POST('/api/v1/fingerprint-corpora/{id}/build', {
            params: { path: { id: created.id } },
            body: { documents },
          }),
        );
      setName('');
      setDescription('');
      await done(t('fpc.created', { name: created.name }));
    } catch (e) {
      setError(e);
    }
  }

  return (
    <>
      <PolicySubNav />
      <h1>{t('fpc.title')}</h1>
      <p className="hint">{t('fpc.intro')}</p>
      {note && <Alert kind="info">{note}</Alert>}
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      {write && (
        <FieldErrorsProvider error={error}>
          <form className="filters" onSubmit={create} aria-label={t('fpc.create')}>
            {error !== null && <Alert kind="error">{messageOf(error)}</Alert>}
            <PathField label={t('fpc.name')} path="name" required value={name} onText={setName} />
            <PathField
              label={t('fpc.description')}
              path="description"
              value={description}
              onText={setDescription}
            />
            <FilesInput onFiles={setFiles} />
            <div className="actions">
              <button type="submit">{t('fpc.create')}</button>
            </div>
          </form>
        </FieldErrorsProvider>
      )}
      <table className="admin" aria-label={t('fpc.title')}>
        <thead>
          <tr>
            <th scope="col">{t('fpc.name')}</th>
            <th scope="col">{t('fpc.version')}</th>
            <th scope="col">{t('fpc.documents')}</th>
            <th scope="col">{t('fpc.tooShort')}</th>
            <th scope="col">{t('fpc.size')}</th>
            <th scope="col">{t('fpc.builtAt')}</th>
            <th scope="col">{t('admin.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(list.data?.items ?? []).map((c) => (
            <tr key={c.id}>
              <td>{c.name}</td>
              <td>{c.version}</td>
              <td>{c.document_count}</td>
              <td>{c.too_short_count}</td>
              <td>{c.size_bytes}</td>
              <td>{c.built_at ? formatDateTime(c.built_at, me.data) : '—'}</td>
              <td>
                {write && (
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => setOpen({ kind: 'build', corpus: c })}
                  >
                    {t('fpc.build', { name: c.name })}
                  </button>
                )}{' '}
                <button
                  type="button"
                  className="secondary"
                  onClick={() => setOpen({ kind: 'probe', corpus: c })}
                >
                  {t('fpc.probe', { name: c.name })}
                </button>{' '}
                {withdraw && (
                  <button
                    type="button"
                    className="danger"
                    onClick={() => setOpen({ kind: 'delete', corpus: c })}
                  >
                    {t('fpc.delete', { name: c.name })}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {open?.kind === 'build' && (
        <BuildDialog corpus={open.corpus} onDone={done} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'probe' && <ProbeDialog corpus={open.corpus} onClose={() => setOpen(null)} />}
      {open?.kind === 'delete' && (
        <DeleteDialog corpus={open.corpus} onDone={done} onClose={() => setOpen(null)} />
      )}
    </>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { useStepUp } from '../../session/step-up.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { useSubmit } from '../../ui/use-submit.js';

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/**
 * `/settings/test-folders` (document 2, Test-folder rule): incidents raised at rest under these
 * folders are created as tests. Adding a folder needs `tenant:write` and the `enforcement_bypass`
 * step-up (it takes findings out of the real queue); a refused folder is named by its line.
 */
export function TestFoldersPage() {
  const t = useT();
  const me = useMe();
  const withStepUp = useStepUp();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: ['settings', 'test-folders'],
    queryFn: () => call(api.GET('/api/v1/settings/test-folders')),
  });
  const [folders, setFolders] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const writer = can(me.data, 'tenant:write');

  useEffect(() => {
    if (current.data) setFolders(current.data.folders.map((f) => f.path).join('\n'));
  }, [current.data]);

  const { error, submit: save } = useSubmit(async () => {
    setNote(null);
    const body = { folders: linesOf(folders), reason };
    await withStepUp(() => call(api.POST('/api/v1/settings/test-folders', { body })));
    await queryClient.invalidateQueries({ queryKey: ['settings', 'test-folders'] });
    setReason('');
    setNote(t('testFolders.saved', { count: body.folders.length }));
  });

  const lineErrors = linesOf(folders).flatMap((line, i) => {
    const e = fieldErrorOf(error, `folders[${i}]`);
    return e ? [t('testFolders.lineError', { line: i + 1, folder: line, message: e })] : [];
  });
  const general = error !== null && lineErrors.length === 0 && !fieldErrorOf(error, 'reason');
  return (
    <>
      <h1>{t('testFolders.title')}</h1>
      <p>{t('testFolders.intro')}</p>
      {current.isError && <Alert kind="error">{messageOf(current.error)}</Alert>}
      {note && <Alert kind="info">{note}</Alert>}
      {current.data && (
        <form className="admin-form" onSubmit={save} aria-label={t('testFolders.title')}>
          {general && <Alert kind="error">{messageOf(error)}</Alert>}
          {lineErrors.map((m) => (
            <Alert key={m} kind="error">
              {m}
            </Alert>
          ))}
          {!writer && <p className="hint">{t('testFolders.readOnly')}</p>}
          <label htmlFor="test-folders">{t('testFolders.folders')}</label>
          <p className="hint" id="test-folders-hint">
            {t('testFolders.hint')}
          </p>
          <textarea
            id="test-folders"
            aria-describedby="test-folders-hint"
            rows={6}
            readOnly={!writer}
            value={folders}
            onChange={(e) => setFolders(e.target.value)}
          />
          {writer && (
            <>
              <Field
                label={t('testFolders.reason')}
                required
                value={reason}
                error={fieldErrorOf(error, 'reason')}
                onChange={(e) => setReason(e.target.value)}
              />
              <button type="submit">{t('testFolders.save')}</button>
            </>
          )}
        </form>
      )}
    </>
  );
}

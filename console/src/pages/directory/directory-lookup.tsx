import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';

type LookupKind = 'user' | 'security_group';
export interface Found {
  source_id: string;
  kind: LookupKind;
  object_sid: string;
  name: string;
  account_name: string;
  domain_sid: string;
  enabled: boolean | null;
  selectable: boolean;
}

/** The enabled sources the person may query (policies:write and directory:read). */
export function useDirectorySources() {
  const me = useMe();
  const allowed = can(me.data, 'policies:write') && can(me.data, 'directory:read');
  const sources = useQuery({
    queryKey: ['directory-sources'],
    queryFn: () => call(api.GET('/api/v1/directory-sources')),
    enabled: allowed,
    staleTime: 60_000,
  });
  return { allowed, sources: sources.data?.items ?? [], query: sources };
}

/**
 * A literal search of one directory source (POST, so the words stay out of URLs), a page at a
 * time with the server's continuation. `onUse` offers each selectable object.
 */
export function DirectoryLookup({
  kinds,
  onUse,
  label,
}: {
  kinds: readonly LookupKind[];
  onUse?: (found: Found) => void;
  label: string;
}) {
  const t = useT();
  const { sources } = useDirectorySources();
  const enabled = sources.filter((s) => s.enabled);
  const [sourceId, setSourceId] = useState('');
  const [kind, setKind] = useState<LookupKind>(kinds[0] ?? 'security_group');
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<Found[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const chosen = sourceId || enabled[0]?.id || '';
  const run = async (next: string | null) => {
    const page = await call(
      api.POST('/api/v1/directory-sources/{id}/lookup', {
        params: { path: { id: chosen } },
        body: { kind, query, ...(next ? { cursor: next } : {}) },
      }),
    );
    setItems(page.items);
    setCursor(page.next_cursor);
  };
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // Buttons, not a form: the picker sits inside the policy editor's form.
  const act = async (next: string | null) => {
    setProblem(null);
    setBusy(true);
    try {
      await run(next);
    } catch (e) {
      setProblem(e);
    } finally {
      setBusy(false);
    }
  };
  if (enabled.length === 0) return <p className="hint">{t('dir.noSources')}</p>;
  return (
    <div className="nested">
      <fieldset>
        <legend>{label}</legend>
        <div className="field">
          <label htmlFor="dir-source">{t('dir.source')}</label>
          <select id="dir-source" value={chosen} onChange={(e) => setSourceId(e.target.value)}>
            {enabled.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        {kinds.length > 1 && (
          <div className="field">
            <label htmlFor="dir-kind">{t('dir.lookupKind')}</label>
            <select id="dir-kind" value={kind} onChange={(e) => setKind(e.target.value as LookupKind)}>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {t(`dir.lookupKind.${k}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        <Field
          label={t('dir.query')}
          hint={t('dir.queryHint')}
          value={query}
          maxLength={128}
          error={fieldErrorOf(problem, 'query')}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            void act(null);
          }}
        />
        <button type="button" disabled={busy} onClick={() => void act(null)}>
          {t('dir.search')}
        </button>
      </fieldset>
      {problem !== null && !fieldErrorOf(problem, 'query') && (
        <Alert kind="error">{messageOf(problem)}</Alert>
      )}
      {items !== null && items.length === 0 && <p>{t('dir.noMatch')}</p>}
      {items !== null && items.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('dir.col.name')}</th>
              <th scope="col">{t('dir.col.account')}</th>
              <th scope="col">{t('dir.col.sid')}</th>
              <th scope="col">{t('dir.col.enabled')}</th>
              <th scope="col">{t('dir.col.selectable')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((o) => (
              <tr key={o.object_sid}>
                <td>{o.name}</td>
                <td>{o.account_name}</td>
                <td>{o.object_sid}</td>
                <td>{o.enabled === null ? t('dir.unknown') : t(o.enabled ? 'dir.yes' : 'dir.no')}</td>
                <td>
                  {o.selectable && onUse ? (
                    <button type="button" className="secondary" onClick={() => onUse(o)}>
                      {t('dir.use')}
                    </button>
                  ) : (
                    t(o.selectable ? 'dir.yes' : 'dir.no')
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {cursor && (
        <button type="button" className="secondary" disabled={busy} onClick={() => void act(cursor)}>
          {t('dir.nextPage')}
        </button>
      )}
    </div>
  );
}

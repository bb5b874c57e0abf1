import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, call } from '../api/client.js';
import { type MessageKey, useT } from '../i18n/index.js';
import { Alert } from '../ui/alert.js';
import { messageOf } from '../ui/errors.js';

interface Hit {
  kind: string;
  id: string;
  label: string;
  detail: string | null;
  at: string | null;
}

/** Where a hit leads (docs/search.md); kinds without a page of their own lead to their list. */
export function hrefOf(hit: Hit): string | null {
  const id = encodeURIComponent(hit.id);
  switch (hit.kind) {
    case 'incident':
      return `/incidents/${id}`;
    case 'endpoint':
      return `/agents/${id}`;
    case 'policy':
      return `/policies/${id}`;
    case 'exception_request':
      return `/exception-requests/${id}`;
    case 'classification':
      return '/classifications';
    case 'detector':
      return '/detectors';
    case 'user':
      return '/users';
    default:
      return null;
  }
}

const kindKey = (kind: string) => `search.kind.${kind}` as MessageKey;

/** The header's search box (document 2, Search): results grouped by kind, `not_searched` shown. */
export function HeaderSearch() {
  const t = useT();
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [short, setShort] = useState(false);
  const result = useQuery({
    queryKey: ['search', query],
    queryFn: () => call(api.GET('/api/v1/search', { params: { query: { q: query ?? '' } } })),
    enabled: query !== null,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    setShort([...q].length < 2);
    setQuery([...q].length < 2 ? null : q);
  }

  const data = query === null ? undefined : result.data;
  const kinds = data ? [...new Set(data.hits.map((h) => h.kind))] : [];
  return (
    <div className="header-search">
      <form onSubmit={submit}>
        <input
          type="search"
          aria-label={t('search.label')}
          value={text}
          maxLength={100}
          placeholder={t('search.placeholder')}
          onChange={(e) => setText(e.target.value)}
        />{' '}
        <button type="submit" className="secondary">
          {t('search.label')}
        </button>
      </form>
      {short && <p className="hint">{t('search.tooShort')}</p>}
      {query !== null && result.isError && <Alert kind="error">{messageOf(result.error)}</Alert>}
      {data && (
        <section className="search-results" aria-label={t('search.label')}>
          {data.hits.length === 0 && <p>{t('search.none')}</p>}
          {kinds.map((kind) => (
            <div key={kind}>
              <h2>{t(kindKey(kind))}</h2>
              <ul>
                {data.hits
                  .filter((h) => h.kind === kind)
                  .map((h) => {
                    const href = hrefOf(h);
                    return (
                      <li key={`${h.kind}-${h.id}`}>
                        {href ? <a href={href}>{h.label}</a> : h.label}
                        {h.detail && <span className="hint"> — {h.detail}</span>}
                      </li>
                    );
                  })}
              </ul>
            </div>
          ))}
          {data.not_searched.length > 0 && (
            <p className="hint">
              {t('search.notSearched', { kinds: data.not_searched.map((k) => t(kindKey(k))).join(', ') })}
            </p>
          )}
        </section>
      )}
    </div>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { api, call } from '../../api/client.js';
import { type DisplayPrefs, formatDateTime } from '../../i18n/dates.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';

/** The incident's discussion: comments oldest first, and a box to add one. */
export function Comments({
  id,
  prefs,
  canComment,
}: {
  id: string;
  prefs?: DisplayPrefs | undefined;
  canComment: boolean;
}) {
  const t = useT();
  const htmlId = useId();
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const key = ['incident', id, 'comments'];
  const comments = useQuery({
    queryKey: key,
    queryFn: () =>
      call(api.GET('/api/v1/incidents/{id}/comments', { params: { path: { id }, query: { limit: 200 } } })),
  });
  const add = useMutation({
    mutationFn: (text: string) =>
      call(api.POST('/api/v1/incidents/{id}/comments', { params: { path: { id } }, body: { body: text } })),
    onSuccess: () => {
      setBody('');
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['incident', id] });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (body.trim()) add.mutate(body);
  }

  const error = fieldErrorOf(add.error, 'body');
  return (
    <section aria-labelledby={`${htmlId}-title`} className="panel">
      <h2 id={`${htmlId}-title`}>{t('incident.comments')}</h2>
      {comments.isError && <Alert kind="error">{messageOf(comments.error)}</Alert>}
      <ol className="comments">
        {comments.data?.items.map((c) => (
          <li key={c.id}>
            <p className="meta">
              {c.author_email ?? t('history.system')} ·{' '}
              <time dateTime={c.created_at}>{formatDateTime(c.created_at, prefs)}</time>
            </p>
            <p className="body">{c.body}</p>
          </li>
        ))}
      </ol>
      {canComment && (
        <form onSubmit={submit}>
          {add.isError && !error && <Alert kind="error">{messageOf(add.error)}</Alert>}
          <label htmlFor={`${htmlId}-body`}>{t('incident.comment.add')}</label>
          <textarea
            id={`${htmlId}-body`}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
          {error && <p className="error">{error}</p>}
          <button type="submit" disabled={add.isPending}>
            {t('incident.comment.submit')}
          </button>
        </form>
      )}
    </section>
  );
}

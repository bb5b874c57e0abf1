import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useT } from '../i18n/index.js';
import { Alert } from './alert.js';
import { CopyText } from './copy-text.js';
import { messageOf } from './errors.js';

/**
 * A page that makes secrets (API tokens, enrolment tokens): the secret just made replaces the
 * form until Done, and is never kept anywhere else. `onCreated` runs first (clear a note,
 * refresh the list).
 */
export function useShownOnce(onCreated: () => void) {
  const [secret, setSecret] = useState<string | null>(null);
  return {
    secret,
    created(value: string) {
      onCreated();
      setSecret(value);
    },
    done: () => setSecret(null),
  };
}

/**
 * The state of a page that lists and makes secrets: the listing, the note after a change (a
 * revocation), and the secret just made (`useShownOnce`; making one clears the note).
 */
export function useSecretListing<T extends { items: unknown[] }>(key: string, fetch: () => Promise<T>) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const list = useQuery({ queryKey: [key], queryFn: fetch });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [key] });
  const fresh = useShownOnce(() => {
    setNote(null);
    refresh();
  });
  return {
    list,
    note,
    fresh,
    changed(message: string) {
      setNote(message);
      refresh();
    },
  };
}

/** The page's heading, its introduction and the note after a change. */
export function SecretPageHead({
  title,
  intro,
  note,
}: {
  title: string;
  intro: string;
  note: string | null;
}) {
  return (
    <>
      <h1>{title}</h1>
      <p>{intro}</p>
      {note && <Alert kind="info">{note}</Alert>}
    </>
  );
}

/** A new secret shown once: its heading, the "not shown again" notice, the copyable value and Done. */
export function SecretShownOnce(props: {
  headingId: string;
  label: string;
  notice: string;
  secret: string;
  onDone(): void;
  /** More to copy or read beside the secret (install commands, a hint). */
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <section className="admin-form" aria-labelledby={props.headingId}>
      <h2 id={props.headingId}>{props.label}</h2>
      <p role="status">{props.notice}</p>
      <CopyText label={props.label} text={props.secret} />
      {props.children}
      <button type="button" onClick={props.onDone}>
        {t('admin.done')}
      </button>
    </section>
  );
}

/** What a listing shows before its table: the error, or the empty text. */
export function ListStatus({ list, empty }: { list: UseQueryResult<{ items: unknown[] }>; empty: string }) {
  if (list.isError) return <Alert kind="error">{messageOf(list.error)}</Alert>;
  if (list.data && list.data.items.length === 0) return <p>{empty}</p>;
  return null;
}

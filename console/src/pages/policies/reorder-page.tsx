import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { fieldErrorOf, messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import { PolicySubNav } from './policy-sub-nav.js';
import type { PolicyRow } from './policy-types.js';

/** `/policies/order`: the evaluation order, by drag or keyboard (Alt+↑/↓ or the buttons), with a reason. */
export function ReorderPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['policies', 'list'], queryFn: () => call(api.GET('/api/v1/policies')) });
  const [order, setOrder] = useState<PolicyRow[] | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const rows = order ?? [...(list.data ?? [])].sort((a, b) => a.position - b.position);

  function move(from: number, to: number) {
    if (to < 0 || to >= rows.length || from === to) return;
    const next = [...rows];
    const [item] = next.splice(from, 1);
    if (!item) return;
    next.splice(to, 0, item);
    setOrder(next);
    setSaved(null);
    setAnnounce(t('pol.reorder.moved', { name: item.name, position: to + 1, total: next.length }));
    requestAnimationFrame(() => document.getElementById(`order-${item.id}`)?.focus());
  }
  function onKey(event: KeyboardEvent, i: number) {
    if (!event.altKey) return;
    if (event.key === 'ArrowUp') move(i, i - 1);
    else if (event.key === 'ArrowDown') move(i, i + 1);
    else return;
    event.preventDefault();
  }
  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const answer = await call(
        api.POST('/api/v1/policies/reorder', { body: { order: rows.map((r) => r.id), reason } }),
      );
      setSaved(answer.bundle_version);
      setOrder(null);
      setReason('');
      await queryClient.invalidateQueries({ queryKey: ['policies'] });
    } catch (e) {
      setError(e);
    }
  }

  const reasonError = fieldErrorOf(error, 'reason');
  return (
    <>
      <PolicySubNav />
      <h1>{t('pol.reorder.title')}</h1>
      <p className="hint" id="order-hint">
        {t('pol.reorder.hint')}
      </p>
      {list.isError && <Alert kind="error">{messageOf(list.error)}</Alert>}
      <ol className="order">
        {rows.map((p, i) => (
          <li
            key={p.id}
            draggable
            className={dragging === i ? 'dragging' : undefined}
            onDragStart={(e) => {
              setDragging(i);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging !== null) move(dragging, i);
              setDragging(null);
            }}
            onDragEnd={() => setDragging(null)}
          >
            <button
              type="button"
              id={`order-${p.id}`}
              className="handle"
              aria-describedby="order-hint"
              onKeyDown={(e) => onKey(e, i)}
            >
              {t('pol.reorder.item', { position: i + 1, name: `${p.display_number} ${p.name}` })}
            </button>{' '}
            <button type="button" className="secondary" disabled={i === 0} onClick={() => move(i, i - 1)}>
              {t('pol.reorder.up', { name: p.name })}
            </button>
            <button
              type="button"
              className="secondary"
              disabled={i === rows.length - 1}
              onClick={() => move(i, i + 1)}
            >
              {t('pol.reorder.down', { name: p.name })}
            </button>
          </li>
        ))}
      </ol>
      <p role="status" className="visually-hidden">
        {announce}
      </p>
      {saved !== null && <Alert kind="info">{t('pol.reorder.saved', { bundle: saved })}</Alert>}
      {error !== null && !reasonError && <Alert kind="error">{messageOf(error)}</Alert>}
      <form onSubmit={save}>
        <Field
          label={t('admin.reason')}
          hint={t('admin.reasonHint')}
          required
          value={reason}
          error={reasonError}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="actions">
          <button type="submit" disabled={order === null}>
            {t('pol.reorder.save')}
          </button>
        </div>
      </form>
    </>
  );
}

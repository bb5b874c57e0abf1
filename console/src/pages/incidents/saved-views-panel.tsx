import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Field } from '../../ui/field.js';
import type { QueueSearch } from './queue-search.js';
import {
  fetchTeams,
  fetchViews,
  markUsed,
  type SavedView,
  savedViewsKey,
  saveView,
  searchOf,
  stateOf,
} from './saved-views.js';

/**
 * Saved views of the queue (document 2, "Saved views and teams"; docs/saved-views.md): open one
 * (its use is recorded), or save the filters on screen for oneself, a team or the organisation.
 * With no filters in the address, the queue opens in the view the API marks `opens_in`.
 */
export function SavedViewsPanel({
  search,
  onOpen,
}: {
  search: QueueSearch;
  onOpen(next: QueueSearch): void;
}) {
  const t = useT();
  const id = useId();
  const me = useMe();
  const queryClient = useQueryClient();
  const views = useQuery({ queryKey: savedViewsKey, queryFn: fetchViews });
  const teams = useQuery({ queryKey: ['teams'], queryFn: fetchTeams });
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [share, setShare] = useState('me');

  const open = (view: SavedView) => {
    onOpen(searchOf(view.state));
    void markUsed(view.id).catch(() => undefined);
  };
  // The surface opens in the caller's default view once, and only when the address holds no filters.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !views.data) return;
    opened.current = true;
    const first = views.data.items.find((v) => v.opens_in);
    if (first && Object.keys(search).length === 0) open(first);
  });

  const save = useMutation({
    mutationFn: () =>
      saveView({
        surface: 'incidents',
        name,
        state: stateOf(search),
        ...(share === 'me' || share === 'organisation'
          ? { visibility: share }
          : { visibility: 'team' as const, team_id: share }),
      }),
    onSuccess: () => {
      setName('');
      void queryClient.invalidateQueries({ queryKey: savedViewsKey });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  const label = (v: SavedView) =>
    v.visibility === 'organisation'
      ? t('views.ofOrganisation', { name: v.name })
      : v.visibility === 'team'
        ? t('views.ofTeam', { name: v.name, team: v.team_name ?? '' })
        : v.name;
  const myTeams = teams.data?.items.filter((team) => team.member) ?? [];
  const selected = views.data?.items.find((v) => v.id === chosen);
  return (
    <section className="panel saved-views" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('views.title')}</h2>
      {views.isError && <Alert kind="error">{messageOf(views.error)}</Alert>}
      <div className="field">
        <label htmlFor={`${id}-view`}>{t('views.choose')}</label>
        <select id={`${id}-view`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">{t('views.none')}</option>
          {views.data?.items.map((v) => (
            <option key={v.id} value={v.id}>
              {label(v)}
            </option>
          ))}
        </select>
      </div>
      <button type="button" disabled={!selected} onClick={() => selected && open(selected)}>
        {t('views.open')}
      </button>
      <form onSubmit={submit} aria-label={t('views.saveForm')}>
        {save.isSuccess && <Alert kind="info">{t('views.saved')}</Alert>}
        {save.isError && <Alert kind="error">{messageOf(save.error)}</Alert>}
        <Field
          label={t('views.name')}
          value={name}
          maxLength={60}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <div className="field">
          <label htmlFor={`${id}-share`}>{t('views.share')}</label>
          <select id={`${id}-share`} value={share} onChange={(e) => setShare(e.target.value)}>
            <option value="me">{t('views.onlyMe')}</option>
            {myTeams.map((team) => (
              <option key={team.id} value={team.id}>
                {t('views.team', { team: team.name })}
              </option>
            ))}
            {can(me.data, 'tenant:write') && <option value="organisation">{t('views.organisation')}</option>}
          </select>
        </div>
        <button type="submit" disabled={save.isPending || name.trim() === ''}>
          {t('views.save')}
        </button>
      </form>
    </section>
  );
}

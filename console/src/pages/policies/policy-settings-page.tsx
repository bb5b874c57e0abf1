import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import { LANGUAGE_NAMES, useT } from '../../i18n/index.js';
import { can, useMe } from '../../session/me.js';
import { useStepUp } from '../../session/step-up.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Check, FieldErrorsProvider } from './field-errors.js';
import { PathField } from './path-field.js';
import { PolicySubNav } from './policy-sub-nav.js';
import { NOTICE_LANGUAGES } from './policy-types.js';

type Settings = { notice_language: string; help_address: string | null; second_person_rule: boolean };

/** `/policy-settings`: the notice language and help address, and the second-person rule. */
export function PolicySettingsPage() {
  const t = useT();
  const settings = useQuery({
    queryKey: ['policy-settings'],
    queryFn: () => call(api.GET('/api/v1/policy-settings')),
  });
  return (
    <>
      <PolicySubNav />
      <h1>{t('pset.title')}</h1>
      {settings.isError && <Alert kind="error">{messageOf(settings.error)}</Alert>}
      {settings.data && <SettingsForm initial={settings.data} />}
    </>
  );
}

function SettingsForm({ initial }: { initial: Settings }) {
  const t = useT();
  const me = useMe();
  const withStepUp = useStepUp();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Settings>(initial);
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const write = can(me.data, 'policies:approve');
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setSaved(false);
    try {
      await withStepUp(() => call(api.PUT('/api/v1/policy-settings', { body: draft })));
      await queryClient.invalidateQueries({ queryKey: ['policy-settings'] });
      setSaved(true);
    } catch (e) {
      setError(e);
    }
  }
  return (
    <FieldErrorsProvider error={error}>
      <form className="editor" onSubmit={submit} aria-label={t('pset.title')} noValidate>
        {error !== null && <Alert kind="error">{messageOf(error)}</Alert>}
        {saved && <Alert kind="info">{t('pset.saved')}</Alert>}
        <div className="field">
          <label htmlFor="notice-language">{t('pset.language')}</label>
          <select
            id="notice-language"
            disabled={!write}
            value={draft.notice_language}
            onChange={(e) => setDraft({ ...draft, notice_language: e.target.value })}
          >
            {NOTICE_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
        <PathField
          label={t('pset.help')}
          hint={t('pset.helpHint')}
          path="help_address"
          type="url"
          disabled={!write}
          value={draft.help_address}
          onText={(v) => setDraft({ ...draft, help_address: v || null })}
        />
        <Check
          label={t('pset.secondPerson')}
          checked={draft.second_person_rule}
          onChecked={(second_person_rule) => write && setDraft({ ...draft, second_person_rule })}
        />
        <p className="hint">{t('pset.secondPersonHint')}</p>
        {write && (
          <div className="actions">
            <button type="submit">{t('ed.save')}</button>
          </div>
        )}
      </form>
    </FieldErrorsProvider>
  );
}

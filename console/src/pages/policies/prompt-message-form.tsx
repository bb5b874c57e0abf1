import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import { LANGUAGE_NAMES, useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { compact, FieldErrorsProvider } from './field-errors.js';
import { PathField, PathSelect } from './path-field.js';
import { NOTICE_LANGUAGES } from './policy-types.js';

export const PROMPT_ACTIONS = ['warn', 'justify', 'block'] as const;
export interface PromptDraft {
  id?: string | undefined;
  name: string;
  action: string;
  texts: Partial<Record<(typeof NOTICE_LANGUAGES)[number], string>>;
}

/** Create a library message, or write its next version (`id` set). English is required. */
export function PromptMessageForm({ initial, onDone }: { initial: PromptDraft; onDone(): void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PromptDraft>(initial);
  const [error, setError] = useState<unknown>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const body = {
      name: draft.name,
      action: draft.action,
      texts: compact(draft.texts) as Record<string, string>,
    };
    try {
      if (draft.id)
        await call(api.POST('/api/v1/prompt-messages/{id}', { params: { path: { id: draft.id } }, body }));
      else await call(api.POST('/api/v1/prompt-messages', { body }));
      await queryClient.invalidateQueries({ queryKey: ['prompt-messages'] });
      onDone();
    } catch (e) {
      setError(e);
    }
  }
  return (
    <FieldErrorsProvider error={error}>
      <form className="editor" onSubmit={submit} aria-label={draft.id ? t('pm.edit') : t('pm.new')}>
        {error !== null && <Alert kind="error">{messageOf(error)}</Alert>}
        <PathField
          label={t('pol.col.name')}
          path="name"
          required
          value={draft.name}
          onText={(name) => setDraft({ ...draft, name })}
        />
        <PathSelect
          label={t('pm.action')}
          path="action"
          list="pmAction"
          values={PROMPT_ACTIONS}
          value={draft.action}
          onValue={(action) => setDraft({ ...draft, action })}
        />
        {NOTICE_LANGUAGES.map((lang) => (
          <PathField
            key={lang}
            label={t('ed.noticeText', { language: LANGUAGE_NAMES[lang] })}
            path={`texts.${lang}`}
            lang={lang}
            maxLength={512}
            required={lang === 'en'}
            value={draft.texts[lang]}
            onText={(v) => setDraft({ ...draft, texts: { ...draft.texts, [lang]: v || undefined } })}
          />
        ))}
        <div className="actions">
          <button type="submit">{t('ed.save')}</button>
          <button type="button" className="secondary" onClick={onDone}>
            {t('admin.cancel')}
          </button>
        </div>
      </form>
    </FieldErrorsProvider>
  );
}

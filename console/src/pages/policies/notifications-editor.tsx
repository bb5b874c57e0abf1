import { LANGUAGE_NAMES, useT } from '../../i18n/index.js';
import type { SectionProps } from './editor-basics.js';
import { Check, compact, toNumber, useFieldError } from './field-errors.js';
import { labelKey } from './labels.js';
import { ListField } from './list-field.js';
import type { Lookups } from './lookups.js';
import { PathField } from './path-field.js';
import { NOTICE_LANGUAGES } from './policy-types.js';

/** What the person at the endpoint sees: a library message or texts in en/az/ru/tr, and the justification asked. */
export function NotificationsEditor({ draft, set, lookups }: SectionProps & { lookups: Lookups }) {
  const t = useT();
  const n = draft.notifications ?? {};
  const texts = n.user_messages ?? {};
  const just = n.justification ?? {};
  const promptError = useFieldError('notifications.prompt_message_id');
  const put = (patch: Partial<typeof n>) => set({ notifications: compact({ ...n, ...patch }) });
  return (
    <fieldset>
      <legend>{t('ed.notifications')}</legend>
      <div className="field">
        <label htmlFor="notice-prompt">{t('ed.prompt')}</label>
        <select
          id="notice-prompt"
          value={n.prompt_message_id ?? ''}
          aria-invalid={promptError ? true : undefined}
          onChange={(e) => put({ prompt_message_id: e.target.value || undefined })}
        >
          <option value="">{t('admin.none')}</option>
          {lookups.prompts.map((p) => (
            <option key={p.id} value={p.id}>
              {`${p.name} (${t(labelKey('pmAction', p.action))})`}
            </option>
          ))}
        </select>
        {promptError && <p className="error">{promptError}</p>}
      </div>
      {NOTICE_LANGUAGES.map((lang) => (
        <PathField
          key={lang}
          label={t('ed.noticeText', { language: LANGUAGE_NAMES[lang] })}
          path={`notifications.user_messages.${lang}`}
          lang={lang}
          maxLength={512}
          value={texts[lang]}
          onText={(v) => put({ user_messages: compact({ ...texts, [lang]: v || undefined }) })}
        />
      ))}
      <p className="hint">{t('ed.noticeHint')}</p>
      <fieldset>
        <legend>{t('ed.justification')}</legend>
        <ListField
          label={t('ed.just.reasons')}
          path="notifications.justification.reasons"
          value={just.reasons}
          onList={(reasons) => put({ justification: compact({ ...just, reasons }) })}
        />
        <Check
          label={t('ed.just.freeText')}
          checked={just.free_text ?? false}
          onChecked={(free_text) => put({ justification: compact({ ...just, free_text }) })}
        />
        <PathField
          label={t('ed.just.minChars')}
          path="notifications.justification.min_chars"
          type="number"
          min={12}
          max={500}
          value={just.min_chars}
          onText={(v) => put({ justification: compact({ ...just, min_chars: toNumber(v) }) })}
        />
      </fieldset>
    </fieldset>
  );
}

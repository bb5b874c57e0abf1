import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, call } from '../../api/client.js';
import type { paths } from '../../api/schema.js';
import { useT } from '../../i18n/index.js';
import { Alert } from '../../ui/alert.js';
import { messageOf } from '../../ui/errors.js';
import { Check, compact, FieldErrorsProvider, toNumber } from './field-errors.js';
import { ListField } from './list-field.js';
import { PathField, PathSelect } from './path-field.js';

export type Detector =
  paths['/api/v1/detectors']['get']['responses'][200]['content']['application/json']['items'][number];
const CATEGORIES = ['financial', 'national_id', 'contact', 'network', 'credentials'] as const;
const CONFIDENCE = ['65', '75', '85'] as const;

/** A tenant detector (RE2 pattern, keywords, validator); saving writes its next version. */
export function DetectorForm({ initial, onDone }: { initial: Detector | null; onDone(): void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [d, setD] = useState<Partial<Detector>>(initial ?? { category: 'financial', confidence: 75 });
  const [error, setError] = useState<unknown>(null);
  const set = (patch: Partial<Detector>) => setD(compact({ ...d, ...patch }));
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const { builtin: _b, version: _v, ...body } = d;
    try {
      await call(api.POST('/api/v1/detectors', { body }));
      await queryClient.invalidateQueries({ queryKey: ['detectors'] });
      onDone();
    } catch (e) {
      setError(e);
    }
  }
  return (
    <FieldErrorsProvider error={error}>
      <form className="editor" onSubmit={submit} aria-label={initial ? t('det.edit') : t('det.new')}>
        {error !== null && <Alert kind="error">{messageOf(error)}</Alert>}
        {!initial && (
          <PathField label={t('det.id')} path="id" required value={d.id} onText={(id) => set({ id })} />
        )}
        <PathSelect
          label={t('ed.category')}
          path="category"
          list="category"
          values={CATEGORIES}
          value={d.category}
          onValue={(category) => set({ category })}
        />
        <PathField
          label={t('ed.description')}
          path="description"
          value={d.description}
          onText={(v) => set({ description: v || undefined })}
        />
        <PathField
          label={t('det.pattern')}
          path="pattern"
          hint={t('det.patternHint')}
          value={d.pattern}
          onText={(v) => set({ pattern: v || undefined })}
        />
        <Check
          label={t('det.caseInsensitive')}
          checked={d.case_insensitive ?? false}
          onChecked={(v) => set({ case_insensitive: v })}
        />
        <ListField
          label={t('det.keywords')}
          path="keywords"
          value={d.keywords}
          onList={(keywords) => set({ keywords })}
        />
        <PathField
          label={t('det.proximity')}
          path="proximity"
          type="number"
          min={1}
          max={1000}
          value={d.proximity}
          onText={(v) => set({ proximity: toNumber(v) })}
        />
        <Check
          label={t('det.keywordRequired')}
          checked={d.keyword_required ?? false}
          onChecked={(v) => set({ keyword_required: v })}
        />
        <PathField
          label={t('det.validator')}
          path="validator"
          value={d.validator}
          onText={(v) => set({ validator: v || undefined })}
        />
        <PathSelect
          label={t('det.confidence')}
          path="confidence"
          list="confidence"
          values={CONFIDENCE}
          value={String(d.confidence ?? 75)}
          onValue={(v) => set({ confidence: Number(v) })}
        />
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

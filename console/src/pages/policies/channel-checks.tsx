import { useT } from '../../i18n/index.js';
import { Check, useListError } from './field-errors.js';
import { labelKey } from './labels.js';
import { CHANNELS } from './policy-types.js';

/** The channels a scope names, as one checkbox each (none ticked = every channel). */
export function ChannelChecks({
  path,
  value,
  onList,
}: {
  path: string;
  value: readonly string[] | undefined;
  onList(list: string[] | undefined): void;
}) {
  const t = useT();
  const error = useListError(path);
  const chosen = value ?? [];
  return (
    <fieldset className="checks">
      <legend>{t('ed.dim.channels')}</legend>
      {CHANNELS.map((c) => (
        <Check
          key={c}
          label={t(labelKey('channel', c))}
          checked={chosen.includes(c)}
          onChecked={(on) => {
            const next = on ? [...chosen, c] : chosen.filter((x) => x !== c);
            onList(next.length ? next : undefined);
          }}
        />
      ))}
      {error && <p className="error">{error}</p>}
    </fieldset>
  );
}

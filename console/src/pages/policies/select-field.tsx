import { type SelectHTMLAttributes, useId } from 'react';
import { useT } from '../../i18n/index.js';
import { labelKey } from './labels.js';

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> {
  label: string;
  /** The values of one of the API's lists; shown through `pol.<list>.<value>`. */
  list: string;
  values: readonly string[];
  /** A first option meaning "no choice" (a filter's "any", an optional field's "none"). */
  empty?: string | undefined;
  error?: string | undefined;
  onValue(value: string): void;
}

/** A labelled select over one of the API's value lists, its error announced with it. */
export function SelectField({ label, list, values, empty, error, onValue, ...rest }: SelectFieldProps) {
  const t = useT();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        {...rest}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onValue(e.target.value)}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {values.map((v) => (
          <option key={v} value={v}>
            {t(labelKey(list, v))}
          </option>
        ))}
      </select>
      {error && (
        <p className="error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

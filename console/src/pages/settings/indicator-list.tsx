import { useId } from 'react';
import { ApiError } from '../../api/client.js';
import { useT } from '../../i18n/index.js';

export interface ListError {
  line: number | null;
  message: string;
}

/** The server's sentences for entries of `field` (`field[i]` → line i + 1), or for the whole list. */
export function listErrors(error: unknown, field: string): ListError[] {
  if (!(error instanceof ApiError)) return [];
  return error.body.details.flatMap((d): ListError[] => {
    const name = d.field.replace(/^\//, '');
    if (name === field) return [{ line: null, message: d.message }];
    const m = new RegExp(`^${field}[[/](\\d+)]?$`).exec(name);
    return m ? [{ line: Number(m[1]) + 1, message: d.message }] : [];
  });
}

interface ListProps {
  label: string;
  hint: string;
  value: string;
  errors: ListError[];
  readOnly: boolean;
  onChange(value: string): void;
}

/** A labelled text area of one entry a line, with the server's sentence for each refused line. */
export function IndicatorList({ label, hint, value, errors, readOnly, onChange }: ListProps) {
  const t = useT();
  const id = useId();
  const described = [`${id}-hint`, errors.length > 0 ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={6}
        spellCheck={false}
        readOnly={readOnly}
        value={value}
        aria-invalid={errors.length > 0 ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value)}
      />
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
      {errors.length > 0 && (
        <ul className="error" id={`${id}-error`}>
          {errors.map((e) => (
            <li key={`${e.line}-${e.message}`}>
              {e.line === null ? e.message : t('netind.line', { line: e.line, message: e.message })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The lines of a text area as a list: trimmed, blank lines left out. */
export function linesOf(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

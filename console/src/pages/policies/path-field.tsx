import type { InputHTMLAttributes } from 'react';
import { Field } from '../../ui/field.js';
import { useFieldError } from './field-errors.js';
import { SelectField } from './select-field.js';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>;

/** A text input showing the server's sentence for `path`. */
export function PathField({
  label,
  path,
  value,
  hint,
  onText,
  ...rest
}: InputProps & {
  label: string;
  path: string;
  value: string | number | null | undefined;
  hint?: string | undefined;
  onText(text: string): void;
}) {
  const error = useFieldError(path);
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      value={value ?? ''}
      onChange={(e) => onText(e.target.value)}
      {...rest}
    />
  );
}

/** A select over one of the API's lists, showing the server's sentence for `path`. */
export function PathSelect({
  label,
  path,
  list,
  values,
  value,
  empty,
  onValue,
}: {
  label: string;
  path: string;
  list: string;
  values: readonly string[];
  value: string | null | undefined;
  empty?: string | undefined;
  onValue(value: string): void;
}) {
  const error = useFieldError(path);
  return (
    <SelectField
      label={label}
      list={list}
      values={values}
      value={value ?? ''}
      empty={empty}
      error={error}
      onValue={onValue}
    />
  );
}

import { useState } from 'react';
import { Field } from '../../ui/field.js';
import { useListError } from './field-errors.js';

/** A list written as comma-separated values; an empty list is left out of the body. */
export function ListField({
  label,
  hint,
  path,
  value,
  onList,
}: {
  label: string;
  hint?: string | undefined;
  path: string;
  value: readonly string[] | undefined;
  onList(list: string[] | undefined): void;
}) {
  const [text, setText] = useState((value ?? []).join(', '));
  const error = useListError(path);
  return (
    <Field
      label={label}
      hint={hint}
      value={text}
      error={error}
      onChange={(e) => {
        setText(e.target.value);
        const list = e.target.value
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean);
        onList(list.length ? list : undefined);
      }}
    />
  );
}

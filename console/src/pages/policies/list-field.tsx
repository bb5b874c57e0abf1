import { useEffect, useState } from 'react';
import { Field } from '../../ui/field.js';
import { useListError } from './field-errors.js';

const parse = (text: string) =>
  text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

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
  // The list changed elsewhere (a row above was removed, a kind was switched): show it.
  const joined = (value ?? []).join(', ');
  useEffect(() => {
    setText((current) => (parse(current).join(', ') === joined ? current : joined));
  }, [joined]);
  return (
    <Field
      label={label}
      hint={hint}
      value={text}
      error={error}
      onChange={(e) => {
        setText(e.target.value);
        const list = parse(e.target.value);
        onList(list.length ? list : undefined);
      }}
    />
  );
}

import { type FormEvent, useId, useState } from 'react';

/**
 * A form asking one reason (5-500 characters, the server's bounds for reasons) and a submit
 * button; `onSubmit` gets the text as typed (the server trims and checks it).
 */
export function ReasonForm({
  label,
  submit,
  secondary = false,
  onSubmit,
}: {
  label: string;
  submit: string;
  secondary?: boolean;
  onSubmit(reason: string): Promise<void>;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void onSubmit(reason);
      }}
    >
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          value={reason}
          minLength={5}
          maxLength={500}
          required
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className="actions">
        <button type="submit" className={secondary ? 'secondary' : undefined}>
          {submit}
        </button>
      </div>
    </form>
  );
}

import { useId } from 'react';

/** An action button; when the server refuses it, disabled with the reason tied to it. */
export function RefusableButton({
  label,
  refused,
  danger,
  onClick,
}: {
  label: string;
  refused?: string | null | undefined;
  danger?: boolean;
  onClick(): void;
}) {
  const id = useId();
  return (
    <span className="refusable">
      <button
        type="button"
        className={danger ? 'danger' : undefined}
        disabled={Boolean(refused)}
        aria-describedby={refused ? id : undefined}
        onClick={onClick}
      >
        {label}
      </button>
      {refused && (
        <span className="hint" id={id}>
          {refused}
        </span>
      )}
    </span>
  );
}

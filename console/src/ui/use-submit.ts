import { type FormEvent, useState } from 'react';

/**
 * A form's send: `submit` runs `action` once per submission, keeps what it threw for the form to
 * show (a 422 on its field, anything else as an alert) and says while it runs.
 */
export function useSubmit(action: () => Promise<void>): {
  error: unknown;
  busy: boolean;
  submit(event: FormEvent): Promise<void>;
} {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await action();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }
  return { error, busy, submit };
}

/** A `<dialog>` ref that opens it as a modal once mounted (stable: no re-run on render). */
export function showAsModal(node: HTMLDialogElement | null): void {
  if (node && !node.open) node.showModal();
}

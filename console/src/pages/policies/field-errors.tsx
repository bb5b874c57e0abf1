import { createContext, type ReactNode, useContext, useId } from 'react';
import { ApiError } from '../../api/client.js';

const Context = createContext<ApiError | null>(null);

/** The editor's last refusal; each field reads the server's sentence for its own path. */
export function FieldErrorsProvider({ error, children }: { error: unknown; children: ReactNode }) {
  return <Context.Provider value={error instanceof ApiError ? error : null}>{children}</Context.Provider>;
}

/** The server names fields as paths: `condition.nodes[0].min_matches`, `schedule.timezone`. */
export function useFieldError(path: string): string | undefined {
  return useContext(Context)?.fieldMessage(path);
}

/** A list field also shows the sentence for one of its members (`scope.channels[2]`). */
export function useListError(path: string): string | undefined {
  const error = useContext(Context);
  return (
    error?.fieldMessage(path) ?? error?.body.details.find((d) => d.field.startsWith(`${path}[`))?.message
  );
}

/** A labelled checkbox (the label follows the box). */
export function Check({
  label,
  checked,
  onChecked,
}: {
  label: string;
  checked: boolean;
  onChecked(checked: boolean): void;
}) {
  const id = useId();
  return (
    <div className="check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChecked(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** Optional whole number: empty → undefined. */
export function toNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** Drops undefined members so the body names only what the author set. */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** An instant as the value of a datetime-local input (the browser's own clock). */
export function localInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

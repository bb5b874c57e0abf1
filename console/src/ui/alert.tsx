import type { ReactNode } from 'react';

/** A message the page shows after an action: errors are announced at once, notes politely. */
export function Alert({ kind, children }: { kind: 'error' | 'info'; children: ReactNode }) {
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

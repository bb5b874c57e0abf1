/**
 * Why the sign-in page is shown (an idle session, an ended one). Kept in sessionStorage so it
 * survives the navigation but not the tab; read once.
 */
export type SignInNotice = 'idle' | 'ended';
const KEY = 'custos.sign-in-notice';

export function leaveNotice(notice: SignInNotice): void {
  sessionStorage.setItem(KEY, notice);
}

export function takeNotice(): SignInNotice | null {
  const value = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return value === 'idle' || value === 'ended' ? value : null;
}

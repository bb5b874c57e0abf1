const taken = new Map<string, string>();

/**
 * The invitation or reset secret travels in the URL fragment (document 3), which the browser
 * never sends to a server. It is read once and removed from the address bar and history; a
 * second read on the same page (a re-render) gets the same value.
 */
export function takeFragment(): string {
  const path = window.location.pathname;
  const secret = decodeURIComponent(window.location.hash.replace(/^#/, ''));
  if (secret) {
    taken.set(path, secret);
    window.history.replaceState(window.history.state, '', path);
    return secret;
  }
  return taken.get(path) ?? '';
}

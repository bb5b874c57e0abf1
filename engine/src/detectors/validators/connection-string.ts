import { secretValueValid } from './secret-value.js';

/**
 * A database/broker URL with credentials (`scheme://user:password@host`): validated when the
 * password is a real value — not a placeholder, reference or mask (the rules of secret_value,
 * with short passwords allowed from 4 characters).
 */
export function connectionStringValid(value: string): boolean {
  const m = /^[a-z][a-z0-9+:.-]*:\/\/[^:/\s@]*:([^@\s]+)@/i.exec(value);
  if (!m) return false;
  let password = m[1]!;
  try {
    password = decodeURIComponent(password);
  } catch {
    // keep the raw text
  }
  if (password.length < 4 || /^(?:\$\{.*\}|\$[A-Za-z_]\w*|%\w+%|\{\{.*\}\}|<.*>)$/.test(password))
    return false;
  return secretValueValid(password.padEnd(6, password));
}

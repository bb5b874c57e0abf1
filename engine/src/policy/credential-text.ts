import { looksLikeCredential } from '../detectors/index.js';

/**
 * Document 1, Errors: a credential-shaped value in description, user_message, a user_messages
 * text or change_reason is refused (422 naming the field). The shape test is the detection
 * engine's, so the server refuses exactly what the credential detectors would report.
 */
export function isCredentialShaped(text: string): boolean {
  return looksLikeCredential(text);
}

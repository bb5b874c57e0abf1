import { nativeFunction } from '@custos/native';
import { type MarkOfTheWeb, parseZoneIdentifier, ZONE_IDENTIFIER_STREAM } from './zone-identifier.js';

/**
 * Document 2, `file.mark_of_the_web`: zone, host and referrer host from the Zone.Identifier
 * stream a browser or mail client attached. null when the file carries none.
 */
export function readMarkOfTheWeb(path: string): MarkOfTheWeb | null {
  return parseZoneIdentifier(nativeFunction('streamRead')(path, ZONE_IDENTIFIER_STREAM));
}

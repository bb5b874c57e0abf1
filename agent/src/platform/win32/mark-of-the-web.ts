import {
  type MarkOfTheWeb,
  nativeFunction,
  parseZoneIdentifier,
  ZONE_IDENTIFIER_STREAM,
} from '@custos/native';

/**
 * Document 2, `file.mark_of_the_web`: zone, host and referrer host from the Zone.Identifier
 * stream a browser or mail client attached. null when the file carries none.
 */
export function readMarkOfTheWeb(path: string): MarkOfTheWeb | null {
  return parseZoneIdentifier(nativeFunction('streamRead')(path, ZONE_IDENTIFIER_STREAM));
}

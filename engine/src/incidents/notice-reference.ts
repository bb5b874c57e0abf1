/**
 * The six-character notice reference (document 2, Search: "the six-character notice reference";
 * docs/incidents.md, "Notice references"). The endpoint shows it in every notice and prompt so a
 * person can quote it to the help desk; the analyst finds the incident by it. It is read from the
 * event id (a random UUID), so the endpoint needs no counter and the same event always shows the
 * same reference. 30 bits in an alphabet without 0/O and 1/I, which are read out wrongly.
 */
export const NOTICE_REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const NOTICE_REFERENCE_PATTERN = /^[2-9A-HJ-NP-Z]{6}$/;

export function noticeReference(eventId: string): string {
  const hex = eventId.replace(/-/g, '').slice(0, 8);
  if (!/^[0-9a-f]{8}$/i.test(hex)) throw new Error('an event id is a UUID');
  let bits = Number.parseInt(hex, 16) >>> 2;
  let out = '';
  for (let i = 0; i < 6; i += 1) {
    out = NOTICE_REFERENCE_ALPHABET[bits & 31] + out;
    bits >>>= 5;
  }
  return out;
}

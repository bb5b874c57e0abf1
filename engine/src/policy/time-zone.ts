/**
 * IANA zone names for schedules (document 1, evaluation rule 6). Offsets such as `GMT+4`,
 * `UTC+04:00`, `+04:00` and the fixed-offset `Etc/GMT±N` zones are refused: a fixed offset does
 * not follow daylight saving, which is the point of naming a zone.
 */
const OFFSET_FORM = /(^|\/)(GMT|UTC|UT)?\s*[+\-\u2212]\s*\d/i;

export function isOffsetZoneName(name: string): boolean {
  return OFFSET_FORM.test(name);
}

/** True when Intl resolves `name` as a zone and it is not written as an offset. */
export function isIanaZone(name: string): boolean {
  if (name.length === 0 || name.length > 64 || isOffsetZoneName(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

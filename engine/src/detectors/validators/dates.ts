/** Calendar checks shared by identifiers that embed a birth date and by date_of_birth. */

/** True when year/month/day name a real day of the Gregorian calendar. */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

/** Two digits of `s` from `i` as a number. */
export function twoDigits(s: string, i: number): number {
  return (s.charCodeAt(i) - 48) * 10 + (s.charCodeAt(i + 1) - 48);
}

/**
 * A written date of birth: dd.mm.yyyy, dd/mm/yyyy, dd-mm-yyyy (day first, as in the product's
 * markets) or ISO yyyy-mm-dd; a real day between 1900 and 2099.
 */
export function dateOfBirthValid(value: string): boolean {
  const iso = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})$/.exec(value);
  const dmy = iso ? null : /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/.exec(value);
  if (!iso && !dmy) return false;
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : [Number(dmy![3]), Number(dmy![2]), Number(dmy![1])];
  return y >= 1900 && y <= 2099 && isRealDate(y, m, d);
}

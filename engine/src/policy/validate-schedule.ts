import { type FieldErrors, isInteger, isRecord } from './field-errors.js';
import { isIanaZone, isOffsetZoneName } from './time-zone.js';

/** Document 1, "Schedule" and evaluation rule 6: the server refuses to save a zone it cannot resolve. */
export function validateSchedule(errors: FieldErrors, path: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (!isRecord(value)) {
    errors.add(path, 'must be an object with timezone, days_of_week, start_minute and end_minute');
    return;
  }
  for (const key of Object.keys(value)) {
    if (!['timezone', 'days_of_week', 'start_minute', 'end_minute'].includes(key))
      errors.add(`${path}.${key}`, 'is not a schedule field');
  }
  const tz = value['timezone'];
  if (typeof tz !== 'string') errors.add(`${path}.timezone`, 'must be an IANA time-zone name');
  else if (isOffsetZoneName(tz))
    errors.add(`${path}.timezone`, 'offsets are refused; name an IANA zone such as Asia/Baku');
  else if (!isIanaZone(tz)) errors.add(`${path}.timezone`, 'is not a known IANA time-zone name');
  const days = value['days_of_week'];
  if (!Array.isArray(days) || days.length === 0) {
    errors.add(`${path}.days_of_week`, 'must list at least one day from 0 (Monday) to 6 (Sunday)');
  } else {
    const seen = new Set<number>();
    days.forEach((d, i) => {
      if (!isInteger(d) || d < 0 || d > 6)
        errors.add(`${path}.days_of_week[${i}]`, 'must be an integer from 0 to 6');
      else if (seen.has(d)) errors.add(`${path}.days_of_week[${i}]`, 'must not repeat a day');
      else seen.add(d);
    });
  }
  const start = value['start_minute'];
  const end = value['end_minute'];
  if (!isInteger(start) || start < 0 || start > 1439)
    errors.add(`${path}.start_minute`, 'must be an integer from 0 to 1439');
  if (!isInteger(end) || end < 1 || end > 1440)
    errors.add(`${path}.end_minute`, 'must be an integer from 1 to 1440');
  else if (isInteger(start) && start === end)
    errors.add(`${path}.end_minute`, 'must differ from start_minute (an empty window never applies)');
}

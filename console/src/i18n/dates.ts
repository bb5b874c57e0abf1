/** The person's display settings from /auth/me (document 3): an IANA zone and two patterns. */
export interface DisplayPrefs {
  timezone: string;
  date_format: string;
  time_format: string;
}

const FALLBACK: DisplayPrefs = { timezone: 'UTC', date_format: 'YYYY-MM-DD', time_format: 'HH:mm' };

function parts(at: Date, timeZone: string): Record<string, string> {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    return parts(at, 'UTC');
  }
  return Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
}

/** Fills YYYY MM DD HH mm ss in a pattern; other characters stay as written. */
function fill(pattern: string, p: Record<string, string>): string {
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => {
    switch (token) {
      case 'YYYY':
        return p.year ?? '';
      case 'MM':
        return p.month ?? '';
      case 'DD':
        return p.day ?? '';
      case 'HH':
        return p.hour ?? '';
      case 'mm':
        return p.minute ?? '';
      default:
        return p.second ?? '';
    }
  });
}

/** An RFC 3339 instant in the person's zone and formats; null shows as a dash. */
export function formatDateTime(iso: string | null | undefined, prefs: DisplayPrefs | undefined): string {
  if (!iso) return '—';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '—';
  const p = prefs ?? FALLBACK;
  const values = parts(at, p.timezone);
  return `${fill(p.date_format, values)} ${fill(p.time_format, values)}`;
}

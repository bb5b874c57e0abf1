import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { InteractiveIdentity, InteractiveUser } from '../types.js';

/** Parses a systemd-logind session file (`KEY=value` lines). */
function parseEnvFile(text: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const line of text.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) m.set(line.slice(0, eq), line.slice(eq + 1));
  }
  return m;
}

const UTMP_RECORD = 384; // struct utmp on Linux x86-64/aarch64 (glibc)
const USER_PROCESS = 7;

/** Local user sessions from utmp, when logind keeps no session files (containers, minimal hosts). */
async function utmpUsers(path: string): Promise<{ name: string; line: string; host: string }[]> {
  let buf: Buffer;
  try {
    buf = await readFile(path);
  } catch {
    return [];
  }
  const out: { name: string; line: string; host: string }[] = [];
  const cstr = (b: Buffer) => {
    const z = b.indexOf(0);
    return b.subarray(0, z < 0 ? b.length : z).toString('utf8');
  };
  for (let off = 0; off + UTMP_RECORD <= buf.length; off += UTMP_RECORD) {
    if (buf.readInt16LE(off) !== USER_PROCESS) continue;
    const line = cstr(buf.subarray(off + 8, off + 40));
    const name = cstr(buf.subarray(off + 44, off + 76));
    const host = cstr(buf.subarray(off + 76, off + 332));
    if (name) out.push({ name, line, host });
  }
  return out;
}

async function uidOf(name: string): Promise<string | null> {
  try {
    const passwd = await readFile('/etc/passwd', 'utf8');
    for (const row of passwd.split('\n')) {
      const f = row.split(':');
      if (f[0] === name && f[2]) return f[2];
    }
  } catch {
    /* no passwd: the uid stays unknown */
  }
  return null;
}

/**
 * The interactive person on Linux: the one distinct user holding an active local (non-remote) logind
 * session of class `user`; utmp local lines when logind has none. Document 1, rule 7: the Linux agent
 * supplies no groups, so `groups` is always null here.
 */
export function createSessionIdentity(sessionsDir: string, utmpPath = '/var/run/utmp'): InteractiveIdentity {
  return {
    async current() {
      const people = new Map<string, InteractiveUser>();
      let entries: string[] = [];
      try {
        entries = await readdir(sessionsDir);
      } catch {
        entries = [];
      }
      let sessions = 0;
      for (const e of entries) {
        if (e.endsWith('.ref')) continue;
        let fields: Map<string, string>;
        try {
          fields = parseEnvFile(await readFile(join(sessionsDir, e), 'utf8'));
        } catch {
          continue;
        }
        if (fields.get('CLASS') !== 'user' || fields.get('REMOTE') === '1' || fields.get('ACTIVE') === '0')
          continue;
        const name = fields.get('USER');
        const uid = fields.get('UID');
        if (!name || !uid) continue;
        sessions++;
        people.set(uid, { name, id: uid, groups: null });
      }
      if (entries.length === 0) {
        // Remote logins (a host in utmp) are not the person at the console.
        for (const u of await utmpUsers(utmpPath)) {
          if (u.host !== '' && !u.host.startsWith(':')) continue;
          const uid = await uidOf(u.name);
          if (uid === null) continue;
          sessions++;
          people.set(uid, { name: u.name, id: uid, groups: null });
        }
      }
      if (people.size === 1) return { user: [...people.values()][0]!, sessions, reason: null };
      if (people.size === 0) return { user: null, sessions, reason: 'no_interactive_session' };
      return { user: null, sessions, reason: 'several_people_signed_in' };
    },
  };
}

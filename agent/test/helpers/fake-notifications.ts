import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { whenTrue } from './wait.js';

/**
 * A scripted person's desktop on a real D-Bus session bus: `dbus-daemon` from Debian started by
 * the test, and a notification server that owns `org.freedesktop.Notifications`, records each
 * `Notify` and "clicks" an action by emitting `ActionInvoked`. It speaks the D-Bus wire protocol
 * itself (little-endian, EXTERNAL auth) so the test needs no D-Bus library.
 */

export async function startSessionBus(
  dir: string,
): Promise<{ address: string; stop(): void; proc: ChildProcess }> {
  const proc = spawn(
    'dbus-daemon',
    ['--session', '--nofork', '--nopidfile', '--print-address=1', `--address=unix:path=${dir}/bus`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const address = await new Promise<string>((resolve, reject) => {
    proc.once('error', reject);
    proc.once('exit', (c) => reject(new Error(`dbus-daemon exited ${c}`)));
    createInterface({ input: proc.stdout! }).once('line', (l) => resolve(l.trim()));
  });
  return { address, proc, stop: () => proc.kill() };
}

class Writer {
  b: number[] = [];
  align(n: number) {
    while (this.b.length % n) this.b.push(0);
  }
  u8(v: number) {
    this.b.push(v & 0xff);
  }
  u32(v: number) {
    this.align(4);
    this.b.push(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff);
  }
  str(s: string) {
    const bytes = Buffer.from(s);
    this.u32(bytes.length);
    this.b.push(...bytes, 0);
  }
  sig(s: string) {
    this.u8(s.length);
    this.b.push(...Buffer.from(s), 0);
  }
  /** Values of a flat signature made of s, o, u, as. */
  values(signature: string, vals: unknown[]) {
    let i = 0;
    for (let k = 0; k < signature.length; k++) {
      const c = signature[k]!;
      const v = vals[i++];
      if (c === 's' || c === 'o') this.str(String(v));
      else if (c === 'u') this.u32(Number(v));
      else if (c === 'a' && signature[k + 1] === 's') {
        k++;
        this.u32(0);
        const at = this.b.length;
        for (const x of v as string[]) this.str(x);
        const len = this.b.length - at;
        this.b.splice(at - 4, 4, len & 0xff, (len >>> 8) & 0xff, (len >>> 16) & 0xff, (len >>> 24) & 0xff);
      } else throw new Error(`signature ${c} not supported here`);
    }
  }
}

interface Msg {
  type: number;
  serial: number;
  fields: Map<number, string | number>;
  body: Buffer;
}

function encode(
  type: number,
  serial: number,
  fields: [number, string, string | number][],
  signature: string,
  vals: unknown[],
): Buffer {
  const body = new Writer();
  body.values(signature, vals);
  const h = new Writer();
  h.b.push(0x6c, type, 0, 1);
  h.u32(body.b.length);
  h.u32(serial);
  const all = signature ? [...fields, [8, 'g', signature] as [number, string, string]] : fields;
  h.u32(0);
  const start = h.b.length;
  for (const [code, sig, v] of all) {
    h.align(8);
    h.u8(code);
    h.sig(sig);
    if (sig === 'g') h.sig(String(v));
    else if (sig === 'u') h.u32(Number(v));
    else h.str(String(v));
  }
  const len = h.b.length - start;
  h.b.splice(start - 4, 4, len & 0xff, (len >>> 8) & 0xff, (len >>> 16) & 0xff, (len >>> 24) & 0xff);
  h.align(8);
  return Buffer.concat([Buffer.from(h.b), Buffer.from(body.b)]);
}

function decode(buf: Buffer): { msg: Msg; size: number } | null {
  if (buf.length < 16) return null;
  const bodyLen = buf.readUInt32LE(4);
  const fieldsLen = buf.readUInt32LE(12);
  const headerEnd = 16 + fieldsLen + ((8 - ((16 + fieldsLen) % 8)) % 8);
  if (buf.length < headerEnd + bodyLen) return null;
  const fields = new Map<number, string | number>();
  let o = 16;
  const al = (n: number) => {
    o += (n - (o % n)) % n;
  };
  while (o < 16 + fieldsLen) {
    al(8);
    const code = buf[o++]!;
    const sl = buf[o++]!;
    const sig = buf.toString('latin1', o, o + sl);
    o += sl + 1;
    if (sig === 'u') {
      al(4);
      fields.set(code, buf.readUInt32LE(o));
      o += 4;
    } else if (sig === 'g') {
      const l = buf[o++]!;
      fields.set(code, buf.toString('utf8', o, o + l));
      o += l + 1;
    } else {
      al(4);
      const l = buf.readUInt32LE(o);
      fields.set(code, buf.toString('utf8', o + 4, o + 4 + l));
      o += 4 + l + 1;
    }
  }
  return {
    msg: {
      type: buf[1]!,
      serial: buf.readUInt32LE(8),
      fields,
      body: buf.subarray(headerEnd, headerEnd + bodyLen),
    },
    size: headerEnd + bodyLen,
  };
}

/** Notify's leading arguments (susss as): enough to see what the person was shown. */
function notifyArgs(body: Buffer): { summary: string; body: string; actions: string[] } {
  let o = 0;
  const str = () => {
    o += (4 - (o % 4)) % 4;
    const l = body.readUInt32LE(o);
    const s = body.toString('utf8', o + 4, o + 4 + l);
    o += 4 + l + 1;
    return s;
  };
  str();
  o += (4 - (o % 4)) % 4;
  o += 4;
  str();
  const summary = str();
  const text = str();
  o += (4 - (o % 4)) % 4;
  const arrLen = body.readUInt32LE(o);
  o += 4;
  const end = o + arrLen;
  const actions: string[] = [];
  while (o < end) actions.push(str());
  return { summary, body: text, actions };
}

const INTROSPECT = `<node><interface name="org.freedesktop.Notifications">
<method name="Notify"><arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/><arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/></method>
<method name="CloseNotification"><arg type="u" direction="in"/></method>
<method name="GetCapabilities"><arg type="as" direction="out"/></method>
<method name="GetServerInformation"><arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/></method>
<signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
<signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
</interface></node>`;

export interface Shown {
  id: number;
  summary: string;
  body: string;
  actions: string[];
  closed: boolean;
}

/** What the scripted person does with a notification that has actions. */
export type Script = { click: string; afterMs?: number } | { click: null };

export class FakeNotificationServer {
  readonly shown: Shown[] = [];
  /** Emits `change` each time `shown` changes (a notification shown or closed). */
  readonly changes = new EventEmitter();
  script: Script = { click: null };
  private serial = 1;
  private nextId = 1;
  private constructor(private readonly sock: Socket) {}

  /** Waits until `cond` holds over what was shown, checked at each change (nothing polls). */
  until(cond: () => boolean, what: string, ms = 30_000): Promise<void> {
    return whenTrue([this.changes], 'change', cond, what, ms);
  }

  static async start(address: string): Promise<FakeNotificationServer> {
    const path = /unix:path=([^,]+)/.exec(address)?.[1];
    if (!path) throw new Error(`bus address ${address} is not unix:path`);
    const sock = connect(path);
    await new Promise<void>((r, j) => sock.once('connect', r).once('error', j));
    const uid = Buffer.from(String(process.getuid?.() ?? 0)).toString('hex');
    sock.write(Buffer.concat([Buffer.from([0]), Buffer.from(`AUTH EXTERNAL ${uid}\r\n`)]));
    await new Promise<void>((resolve, reject) =>
      sock.once('data', (d) => (d.toString().startsWith('OK') ? resolve() : reject(new Error(d.toString())))),
    );
    sock.write('BEGIN\r\n');
    const s = new FakeNotificationServer(sock);
    s.listen();
    const bus: [number, string, string][] = [
      [1, 'o', '/org/freedesktop/DBus'],
      [2, 's', 'org.freedesktop.DBus'],
      [6, 's', 'org.freedesktop.DBus'],
    ];
    s.send(1, [...bus, [3, 's', 'Hello']], '', []);
    s.send(1, [...bus, [3, 's', 'RequestName']], 'su', ['org.freedesktop.Notifications', 4]);
    await s.owned;
    return s;
  }

  private ownedResolve!: () => void;
  private readonly owned = new Promise<void>((r) => {
    this.ownedResolve = r;
  });

  private send(
    type: number,
    fields: [number, string, string | number][],
    sig: string,
    vals: unknown[],
  ): void {
    this.sock.write(encode(type, this.serial++, fields, sig, vals));
  }

  private listen(): void {
    let buf = Buffer.alloc(0);
    this.sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      for (let m = decode(buf); m; m = decode(buf)) {
        buf = buf.subarray(m.size);
        this.onMessage(m.msg);
      }
    });
  }

  private reply(to: Msg, sig: string, vals: unknown[]): void {
    this.send(
      2,
      [
        [5, 'u', to.serial],
        [6, 's', String(to.fields.get(7))],
      ],
      sig,
      vals,
    );
  }

  private signal(member: string, sig: string, vals: unknown[]): void {
    this.send(
      4,
      [
        [1, 'o', '/org/freedesktop/Notifications'],
        [2, 's', 'org.freedesktop.Notifications'],
        [3, 's', member],
      ],
      sig,
      vals,
    );
  }

  private onMessage(m: Msg): void {
    const member = m.fields.get(3);
    // The reply to RequestName (serial 2) says the name is ours.
    if (m.type === 2 && m.fields.get(5) === 2) this.ownedResolve();
    if (m.type !== 1) return;
    if (member === 'Introspect') this.reply(m, 's', [INTROSPECT]);
    if (member === 'GetServerInformation') this.reply(m, 'ssss', ['fake', 'custos-test', '1', '1.2']);
    if (member === 'GetCapabilities') this.reply(m, 'as', [['actions', 'body']]);
    if (member === 'CloseNotification') {
      const id = m.body.readUInt32LE(0);
      const n = this.shown.find((x) => x.id === id);
      if (n) n.closed = true;
      this.changes.emit('change');
      this.reply(m, '', []);
      this.signal('NotificationClosed', 'uu', [id, 3]);
    }
    if (member === 'Notify') {
      const id = this.nextId++;
      this.shown.push({ id, ...notifyArgs(m.body), closed: false });
      this.changes.emit('change');
      this.reply(m, 'u', [id]);
      const s = this.script;
      const n = this.shown.at(-1)!;
      if (s.click !== null && n.actions.includes(s.click)) {
        const key = s.click;
        setTimeout(() => {
          this.signal('ActionInvoked', 'us', [id, key]);
          this.signal('NotificationClosed', 'uu', [id, 2]);
        }, s.afterMs ?? 20);
      }
    }
  }

  close(): void {
    this.sock.destroy();
  }
}

/**
 * A scripted zenity on PATH: answers `--list` from `<answers>/list` and anything else from
 * `<answers>/entry` (exit 1, Cancel, when the file is absent), and logs each call's arguments.
 */
export function writeFakeZenity(binDir: string): void {
  mkdirSync(binDir, { recursive: true });
  writeFileSync(
    join(binDir, 'zenity'),
    `#!/bin/sh
echo "$*" >> "$FAKE_DIALOG_LOG"
case "$*" in *--list*) f="$FAKE_DIALOG_DIR/list" ;; *) f="$FAKE_DIALOG_DIR/entry" ;; esac
[ -f "$f" ] || exit 1
cat "$f"
`,
    { mode: 0o755 },
  );
}

/** A logind session file per person (the Linux backend reads them through DLP_AGENT_SESSIONS_DIR). */
export function sessionsFor(dir: string, people: { uid: number; name: string }[]): string {
  mkdirSync(dir, { recursive: true });
  for (const [i, p] of people.entries())
    writeFileSync(join(dir, String(i + 1)), `UID=${p.uid}\nUSER=${p.name}\nACTIVE=1\nCLASS=user\nREMOTE=0\n`);
  return dir;
}

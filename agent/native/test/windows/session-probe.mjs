// Runs INSIDE Windows node.exe under Wine: the session channel's Windows half (issue 18) with the
// real addon — the named pipe, the client check, the helper protocol over it, the helper launch and
// the native dialog — and prints one JSON line for session-under-wine.test.ts.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as native from '@custos/native';
import { SessionChannel } from '../../../dist/people/channel.js';
import { serveOnce } from '../../../dist/people/helper.js';
import { connectPipe, listenPipe } from '../../../dist/platform/win32/session-pipe.js';

native.useNativeHost(process.platform);
const SELF = fileURLToPath(import.meta.url);
const log = () => {};

function failure(fn) {
  try {
    return { threw: false, value: fn() };
  } catch (err) {
    return { threw: true, code: err.code, syscall: err.syscall, osCode: err.osCode, message: err.message };
  }
}

async function until(what, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A helper process (this script, scenario `helper`): answers every prompt as scripted. */
function startHelper(pipe, answer) {
  const child = spawn(process.execPath, [SELF, 'helper', pipe, answer], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  // The helper's last line is its end; earlier lines report withdrawals as they happen.
  const done = new Promise((resolve) =>
    child.on('exit', (code) => resolve({ code, out: out.trim().split('\n').at(-1) ?? '' })),
  );
  return { pid: child.pid, done, lines: () => out.split('\n').filter(Boolean) };
}

const me = native.nativeFunction('processTokenIdentity')();
const identityOf = (sid) => ({
  current: async () => ({ user: { id: sid, name: 'wine', groups: null }, sessions: 1, reason: null }),
});
const support = (connect) => ({
  socketPath: () => PIPE,
  listen: listenPipe,
  connect,
  openDesktop: async () => {
    throw new Error('unused');
  },
});
const PIPE = `\\\\.\\pipe\\custos-test-${process.pid}`;

const scenarios = {
  async helper() {
    const [pipe, answer] = process.argv.slice(3);
    const withdrawn = [];
    const desktop = {
      notifications: true,
      dialog: 'scripted',
      reason: null,
      ask: async (prompt, signal) => {
        // `never`: nobody answers; the service's timeout withdraws the prompt.
        if (answer === 'never')
          return new Promise((_, reject) =>
            signal.addEventListener('abort', () => {
              withdrawn.push(prompt.kind);
              // Told at once, so the service's side can wait for it instead of sleeping.
              process.stdout.write(`${JSON.stringify({ withdrawn: prompt.kind })}\n`);
              reject(new Error('withdrawn'));
            }),
          );
        return prompt.kind === 'justify'
          ? { result: 'justified', category: prompt.reasons[0], text: answer }
          : { result: answer };
      },
      close() {},
    };
    const end = await serveOnce(
      { connect: (a) => connectPipe(a, false) },
      pipe,
      desktop,
      () => {},
      new AbortController().signal,
    );
    return { end, withdrawn };
  },

  async pipe() {
    const seen = [];
    const observed = await listenPipe(PIPE, (conn, peer) => {
      seen.push(peer);
      conn.end();
      conn.resume();
    });
    const raw = [];
    const ends = { server: [], client: [], errors: [] };
    const listenerId = native.nativeFunction('sessionPipeListen')(`${PIPE}-raw`, (e) => {
      if (e.kind === 'connect') {
        raw.push(e);
        native.nativeFunction('sessionPipeEnd')(e.conn, false);
      } else if (e.kind === 'close') ends.server.push(e);
      else if (e.kind === 'error') ends.errors.push(e);
    });
    const rawClient = native.nativeFunction('sessionPipeConnect')(`${PIPE}-raw`, (e) => {
      if (e.kind === 'close') ends.client.push(e);
    });
    await until(() => raw.length === 1 && ends.server.length === 1 && ends.client.length === 1);
    native.nativeFunction('sessionPipeStop')(listenerId);
    const second = await listenPipe(PIPE, () => {}).then(
      async (l) => {
        await l.close();
        return 'listening';
      },
      (e) => e.message,
    );
    const client = await connectPipe(PIPE, false);
    await until(() => seen.length === 1);
    // What the listener saw of that client; the probe below (`asService`) connects too, and
    // whether its connection reaches the listener before it closes is a race.
    const admitted = [...seen];
    client.destroy();
    // A peer that never reads (a plain file handle on the pipe): the service's queue for it is
    // cut at 1 MiB and the end says why.
    const cut = { ends: [], writes: [] };
    let cutConn = null;
    const cutId = native.nativeFunction('sessionPipeListen')(`${PIPE}-cut`, (e) => {
      if (e.kind === 'connect') cutConn = e.conn;
      else if (e.kind === 'close') cut.ends.push(e);
    });
    const silentPeer = openSync(`${PIPE}-cut`, 'r+');
    await until(() => cutConn !== null);
    for (let i = 0; i < 6; i++)
      cut.writes.push(native.nativeFunction('sessionPipeWrite')(cutConn, Buffer.alloc(256 * 1024, 120)));
    await until(() => cut.ends.length === 1);
    closeSync(silentPeer);
    native.nativeFunction('sessionPipeStop')(cutId);
    const asService = await connectPipe(PIPE, true).then(
      (c) => {
        c.destroy();
        return 'connected';
      },
      (e) => e.message,
    );
    await observed.close();
    // The name is gone once the last instance is: a connection whose server end has not yet seen
    // its client leave still answers "busy" (231), so that answer is asked again until a deadline.
    let afterStop;
    await until(async () => {
      afterStop = await connectPipe(PIPE, false).then(
        (c) => {
          c.destroy();
          return 'connected';
        },
        (e) => ({ code: e.code, syscall: e.syscall, osCode: e.osCode }),
      );
      return afterStop.osCode !== 231;
    });
    return {
      me: { pid: process.pid, userSid: me.userSid, sessionId: me.sessionId },
      raw: raw[0],
      rawClient,
      ends,
      cut,
      seen: admitted,
      second,
      asService,
      afterStop,
    };
  },

  async channel() {
    const channel = new SessionChannel(support(), identityOf(me.userSid), log);
    await channel.start();
    const helper = startHelper(PIPE, 'continued');
    await until(() => channel.notifyStatus().notify);
    const continued = await channel.ask(
      me.userSid,
      { kind: 'continue', title: 'Custos', text: 'Card numbers' },
      20_000,
    );
    const justified = await channel.ask(
      me.userSid,
      {
        kind: 'justify',
        title: 'Custos',
        text: 'why',
        reasons: ['business_need'],
        free_text: true,
        min_chars: 5,
      },
      20_000,
    );
    await channel.stop();
    const helperEnd = await helper.done;
    // Nobody answers: the service's timeout is the answer (Cancel), and the helper is told.
    const quiet = new SessionChannel(support(), identityOf(me.userSid), log);
    await quiet.start();
    const silent = startHelper(PIPE, 'never');
    await until(() => quiet.notifyStatus().notify);
    const timedOut = await quiet.ask(
      me.userSid,
      { kind: 'continue', title: 'Custos', text: 'Card numbers' },
      500,
    );
    // The withdrawal reaches the helper over the pipe: its line says so (deadline in `until`).
    await until(() => silent.lines().some((l) => l.includes('"withdrawn"')));
    await quiet.stop();
    const silentEnd = await silent.done;
    // The same person is not at the console: the channel refuses the helper before any prompt.
    const other = new SessionChannel(support(), identityOf('S-1-5-21-1-2-3-4242'), log);
    await other.start();
    const refused = await startHelper(PIPE, 'continued').done;
    const otherStatus = other.notifyStatus();
    await other.stop();
    return {
      helperPid: helper.pid,
      continued,
      justified,
      helperEnd,
      timedOut,
      silentEnd,
      refused,
      otherStatus,
    };
  },

  async launch() {
    const sessions = native.nativeFunction('consoleSessions')();
    const marker = join(tmpdir(), `custos-launch-${process.pid}.txt`);
    rmSync(marker, { force: true });
    const session = sessions.activeConsoleSessionId ?? 1;
    const script = `require('fs').writeFileSync(${JSON.stringify(marker)}, String(process.pid))`;
    const launched = failure(() =>
      native.nativeFunction('sessionLaunch')(
        session,
        process.execPath,
        `"${process.execPath}" -e "${script.replaceAll('"', '\\"')}"`,
      ),
    );
    if (!launched.threw) await until(() => existsSync(marker) && readFileSync(marker, 'utf8') !== '');
    const written = existsSync(marker) ? Number(readFileSync(marker, 'utf8')) : null;
    rmSync(marker, { force: true });
    return {
      session,
      launched,
      written,
      badSession: failure(() => native.nativeFunction('sessionLaunch')(4242, process.execPath, '"x"')),
    };
  },

  dialog() {
    const spec = {
      kind: 'justify',
      title: 'Custos DLP',
      text: 'Card numbers',
      reasons: ['business_need', 'other'],
      freeText: true,
      minChars: 15,
      timeoutMs: 200,
    };
    const bytes = native.nativeFunction('dialogTemplate')(spec);
    const notice = native.nativeFunction('dialogTemplate')({ kind: 'notice', title: 'N', text: 'x' });
    return {
      template: {
        length: bytes.length,
        style: bytes.readUInt32LE(0),
        items: bytes.readUInt16LE(8),
        cx: bytes.readInt16LE(14),
        hex: bytes.toString('hex'),
      },
      noticeItems: notice.readUInt16LE(8),
      shown: failure(() => native.nativeFunction('dialogShow')(spec, () => {})),
      badKind: failure(() => native.nativeFunction('dialogTemplate')({ kind: 'menu', title: '', text: '' })),
    };
  },
};

const name = process.argv[2];
if (!scenarios[name]) throw new Error(`unknown scenario ${name}`);
const result = await scenarios[name]();
console.log(JSON.stringify(result));
process.exit(0);

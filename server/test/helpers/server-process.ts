import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/**
 * The real `dlp-server start` process (package bin → dist/cli.js, built by `npm test`'s
 * `tsc -b`) on loopback with kernel-chosen ports, and its stop by SIGTERM.
 */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const serverBin = path.join(serverDir, 'bin', 'dlp-server.js');

/** What `stop` saw: exit code (-1 = still running a minute after SIGTERM, then killed). */
export interface Stopped {
  code: number | null;
  /** From the SIGTERM to the process's `exit` event. */
  ms: number;
}

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** stdout so far, line by line (the banner, then JSON log lines at DLP_LOG_LEVEL=info). */
  lines: string[];
  stderr: () => string;
  apiUrl: string;
  opsUrl: string;
  apiPort: number;
  opsPort: number;
  /** Resolves with the first stdout line that contains `text`. */
  waitForLine(text: string): Promise<string>;
  /** The JSON log lines whose `msg` is `msg`. */
  logs(msg: string): Record<string, unknown>[];
  /** SIGTERM; resolves at `exit`, once stdout is read to its end. */
  stop(): Promise<Stopped>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /**
   * The banner of a first start continues past the `Data:` line (sign-in details); the helper
   * then waits for its last line, so nothing of it arrives after `start` resolved.
   */
  firstStart?: boolean;
}

export function startServerProcess(dataDir: string, options: StartOptions = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [serverBin, 'start'], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      DLP_DATA_DIR: dataDir,
      DLP_LISTEN: '127.0.0.1:0',
      DLP_OPS_LISTEN: '127.0.0.1:0',
      DLP_LOG_LEVEL: 'warn',
      // scripts/at-time.sh: the server runs on the same shifted clock as the test.
      ...(process.env.CUSTOS_CLOCK_OFFSET_MS
        ? {
            NODE_OPTIONS: process.env.NODE_OPTIONS ?? '',
            CUSTOS_CLOCK_OFFSET_MS: process.env.CUSTOS_CLOCK_OFFSET_MS,
          }
        : {}),
      ...options.env,
    },
  });
  const lines: string[] = [];
  const waiting: { text: string; resolve: (line: string) => void }[] = [];
  let buffered = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const stdoutEnded = new Promise<void>((resolve) => child.stdout.once('end', resolve));
  child.stdout.on('data', (d: Buffer) => {
    buffered += d.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const w of waiting.splice(0)) {
        if (line.includes(w.text)) w.resolve(line);
        else waiting.push(w);
      }
    }
  });
  const waitForLine = (text: string) => {
    const seen = lines.find((l) => l.includes(text));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise<string>((resolve) => waiting.push({ text, resolve }));
  };
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const last = options.firstStart ? 'This password is shown only now' : 'Data:';
  const started = waitForLine(last).then(() => {
    const api = lines.find((l) => l.includes('API:'))!;
    const ops = lines.find((l) => l.includes('Operations:'))!;
    const apiUrl = api
      .split('API:')[1]!
      .trim()
      .replace(/\/api\/v1$/, '');
    const opsUrl = ops.split('Operations:')[1]!.trim().split(' ')[0]!;
    const server: ServerProcess = {
      child,
      lines,
      stderr: () => stderr,
      apiUrl,
      opsUrl,
      apiPort: Number(new URL(apiUrl).port),
      opsPort: Number(new URL(opsUrl).port),
      waitForLine,
      logs: (msg) =>
        lines
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .filter((l) => l.msg === msg),
      async stop() {
        if (child.exitCode !== null) return { code: child.exitCode, ms: 0 };
        const kill = setTimeout(() => child.kill('SIGKILL'), 60_000);
        const from = performance.now();
        child.kill('SIGTERM');
        const code = await exited;
        const ms = performance.now() - from;
        clearTimeout(kill);
        await stdoutEnded;
        return { code: code ?? -1, ms };
      },
    };
    return server;
  });
  // A process that dies or hangs before its banner fails the start with what it said.
  const failed = new Promise<never>((_resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start: stdout ${JSON.stringify(lines)} stderr ${stderr}`));
    }, 60_000);
    void started.then(() => clearTimeout(timer));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
  });
  // After a successful start, a later exit is the caller's business (stop, or its own checks).
  failed.catch(() => {});
  return Promise.race([started, failed]);
}

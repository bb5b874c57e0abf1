/**
 * The single executables of `npm run package` (issue 19): their sizes, the Linux executable's cold
 * start to its first check-in (a fresh runtime folder, so the addons are written out first; then
 * again with them in place), and its idle RSS (target 60 MB) after the first pass, monitoring a
 * 1,000-file folder already discovered. Prints figures, asserts none.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildLinuxPackage, LINUX_EXE, PACKAGE_DIR } from '../test/helpers/packaged.js';
import { watchingPeerAgent } from '../test/helpers/peer-agent.js';
import { tempDir } from '../test/helpers/tmp.js';

const IDLE_SECONDS = Number(process.env.DLP_BENCH_IDLE_SECONDS ?? 30);
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

function rssKb(pid: number): { rss: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS'), anon: field('RssAnon'), file: field('RssFile') };
}

test('single executables: sizes, cold start to first check-in, idle RSS', async () => {
  const t0 = Date.now();
  buildLinuxPackage();
  const buildSecs = (Date.now() - t0) / 1000;
  const sizes = ['linux-x64/dlp-agent', 'win-x64/dlp-agent.exe', 'custos-agent_0.1.0_amd64.deb']
    .filter((p) => existsSync(join(PACKAGE_DIR, p)))
    .map((p) => `${p} ${mb(statSync(join(PACKAGE_DIR, p)).size)}`);
  console.log(`package sizes: ${sizes.join(', ')} (linux-x64 and .deb built in ${buildSecs.toFixed(1)} s)`);

  const { peer, stateDir, env } = await watchingPeerAgent(stops);
  const runtime = join(tempDir(), 'runtime');
  const cwd = tempDir();

  const start = () => {
    const child = spawn(LINUX_EXE, ['run', '--state-dir', stateDir], {
      cwd,
      env: { PATH: process.env.PATH, ...env, DLP_AGENT_RUNTIME_DIR: runtime },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    const exited = new Promise((r) => child.on('exit', r));
    return { child, exited };
  };
  const untilCheckin = async (before: number) => {
    const t = process.hrtime.bigint();
    while (peer.checkins.length === before) await new Promise((r) => setTimeout(r, 5));
    return Number(process.hrtime.bigint() - t) / 1e6;
  };

  const startups: string[] = [];
  let agent = start();
  startups.push(`cold (addons written) ${(await untilCheckin(peer.checkins.length)).toFixed(0)} ms`);
  agent.child.kill('SIGTERM');
  await agent.exited;
  agent = start();
  startups.push(`warm (addons in place) ${(await untilCheckin(peer.checkins.length)).toFixed(0)} ms`);
  console.log(`linux-x64 executable, start to first check-in: ${startups.join(', ')}`);

  // The first pass (discovery of the 1,000 files) done, left alone.
  await new Promise((r) => setTimeout(r, 10_000));
  let peak = 0;
  for (let s = 0; s < IDLE_SECONDS; s += 5) {
    await new Promise((r) => setTimeout(r, 5_000));
    peak = Math.max(peak, rssKb(agent.child.pid!).rss);
  }
  const idle = rssKb(agent.child.pid!);
  agent.child.kill('SIGTERM');
  await agent.exited;
  console.log(
    `linux-x64 executable idle after ${IDLE_SECONDS} s (1,000 monitored files): RSS ${(idle.rss / 1024).toFixed(1)} MB ` +
      `(anonymous ${(idle.anon / 1024).toFixed(1)} MB, file-backed ${(idle.file / 1024).toFixed(1)} MB; peak ` +
      `${(peak / 1024).toFixed(1)} MB; target 60 MB)`,
  );
  expect(idle.rss).toBeGreaterThan(0);
});

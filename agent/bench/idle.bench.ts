import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { afterAll, expect, test } from 'vitest';
import { startAgent } from '../test/helpers/agent-process.js';
import { watchingPeerAgent } from '../test/helpers/peer-agent.js';

const IDLE_SECONDS = Number(process.env.DLP_BENCH_IDLE_SECONDS ?? 60);
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

async function sample(
  pid: number,
): Promise<{ rssKb: number; anonKb: number; fileKb: number; cpuTicks: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  const rssKb = field('VmRSS');
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // Fields after the command: utime is the 12th, stime the 13th (proc(5), counted from state).
  // RssFile is mostly the node binary's own pages (shared with every other Node process); RssAnon is
  // what the agent allocated: the V8 heap, the C allocator, WebAssembly memories.
  return {
    rssKb,
    anonKb: field('RssAnon'),
    fileKb: field('RssFile'),
    cpuTicks: Number(stat[11]) + Number(stat[12]),
  };
}

test(`agent idle RSS and CPU over ${IDLE_SECONDS} s`, async () => {
  const { peer, stateDir, env } = await watchingPeerAgent(stops);
  peer.policyUpdate = true;
  // Run the agent with the runtime options the systemd unit gives it (read from the unit, not copied).
  const unit = await readFile(new URL('../../installer/custos-agent.service', import.meta.url), 'utf8');
  const unitEnv = Object.fromEntries(
    [...unit.matchAll(/^Environment=([A-Z_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]),
  );
  const agent = startAgent(['run', '--state-dir', stateDir], { ...env, ...unitEnv });
  // Let start-up, the first discovery pass and the first check-in finish.
  await new Promise((r) => setTimeout(r, 10_000));
  peer.policyUpdate = false;
  const hz = 100; // USER_HZ on Linux
  const before = await sample(agent.child.pid!);
  let peakKb = before.rssKb;
  for (let s = 0; s < IDLE_SECONDS; s += 5) {
    await new Promise((r) => setTimeout(r, 5_000));
    peakKb = Math.max(peakKb, (await sample(agent.child.pid!)).rssKb);
  }
  const after = await sample(agent.child.pid!);
  agent.child.kill('SIGTERM');
  const exit = await agent.done;
  const cpuPct = ((after.cpuTicks - before.cpuTicks) / hz / IDLE_SECONDS) * 100;
  console.log(
    `agent idle over ${IDLE_SECONDS} s (1,000 monitored files, check-in every 60 s): RSS ${(after.rssKb / 1024).toFixed(1)} MB ` +
      `(anonymous ${(after.anonKb / 1024).toFixed(1)} MB, file-backed ${(after.fileKb / 1024).toFixed(1)} MB; ` +
      `peak ${(peakKb / 1024).toFixed(1)} MB), CPU ${cpuPct.toFixed(2)}%; unit environment ${JSON.stringify(unitEnv)}; ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  expect(exit.signal === 'SIGTERM' || exit.code === 0).toBe(true);
});

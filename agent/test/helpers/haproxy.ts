import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';

/**
 * Debian's HAProxy in TLS pass-through (mode tcp) in front of several `dlp-server` instances
 * (issue 23, docs/deploy.md "Load balancer"): the agent's TLS session ends at the instance, so it
 * sees the server certificate it pinned at enrolment whichever instance answers. Two frontends:
 * `spread` (round robin per connection) and `first` (every connection to the first instance that is
 * up, the next one only when it is down), so a test can say which instance an upload reaches.
 */
export interface LoadBalancer {
  /** `https://127.0.0.1:<port>` of the round-robin frontend. */
  spreadUrl: string;
  /** `https://127.0.0.1:<port>` of the first-available frontend. */
  firstUrl: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The configuration the test deployment uses (docs/deploy.md shows the same lines). */
export function haproxyConfig(ports: { spread: number; first: number }, instances: number[]): string {
  const servers = (check: string) =>
    instances.map((p, i) => `  server i${i + 1} 127.0.0.1:${p} check ${check}`).join('\n');
  return `global
  maxconn 2000

defaults
  mode tcp
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  retries 3
  option redispatch

frontend spread
  bind 127.0.0.1:${ports.spread}
  default_backend spread

frontend first
  bind 127.0.0.1:${ports.first}
  default_backend first

backend spread
  balance roundrobin
${servers('inter 300ms fall 1 rise 2')}

backend first
  balance first
${servers('inter 300ms fall 1 rise 2')}
`;
}

export async function startHaproxy(dir: string, instances: number[]): Promise<LoadBalancer> {
  const ports = { spread: await freePort(), first: await freePort() };
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(ports, instances));
  const child = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const deadline = Date.now() + 15_000;
  // HAProxy has no readiness signal in the foreground: its listeners answering is the one.
  while (!((await accepts(ports.spread)) && (await accepts(ports.first)))) {
    if (child.exitCode !== null) throw new Error(`haproxy exited ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`haproxy did not listen: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    spreadUrl: `https://127.0.0.1:${ports.spread}`,
    firstUrl: `https://127.0.0.1:${ports.first}`,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

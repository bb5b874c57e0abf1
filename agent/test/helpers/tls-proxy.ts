import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { Agent, request } from 'undici';
import { makeServerTls } from './tls.js';

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * An HTTPS relay between a real agent and a real server, for end-to-end tests that need to play the
 * network: answers can be rewritten (a tampered, older or foreign-key bundle), held (kill the agent
 * mid-upload) or the relay taken down (offline). Requests pass through byte for byte, so the agent's
 * signatures reach the server intact. The agent trusts the relay's own test CA.
 */
export class TlsRelay {
  server!: Server;
  caPem = '';
  url = '';
  private port = 0;
  private readonly upstream: Agent;
  /** Rewrites an answer for a path; return null to pass it unchanged. */
  rewrite: ((path: string, res: ProxiedResponse) => ProxiedResponse | null) | null = null;
  /** When it returns true for a path, the answer is held until `release()`. */
  hold: ((path: string) => boolean) | null = null;
  onForward: ((path: string) => void) | null = null;
  /**
   * Every answer the server gave, in order and before any rewrite (what the real server said: the
   * genuine bundle envelope, the check-in that announced an update). Tests clear it as they like.
   */
  readonly answers: { path: string; status: number; body: Buffer }[] = [];
  /** Every request body the agent sent, in order (what left the endpoint). */
  readonly requests: { path: string; body: Buffer }[] = [];
  private held: (() => void)[] = [];
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly target: string,
    targetCaPem: string,
  ) {
    this.upstream = new Agent({ connect: { ca: targetCaPem } });
  }

  async start(): Promise<void> {
    const tls = await makeServerTls();
    this.caPem = tls.caPem;
    this.server = createServer({ cert: tls.certPem, key: tls.keyPem }, (req, res) => {
      void this.forward(req, res);
    });
    // Raw sockets from accept on: `closeAllConnections` misses one still in its TLS handshake.
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    await this.listen();
    this.url = `https://127.0.0.1:${this.port}`;
  }

  private async listen(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(this.port, '127.0.0.1', r));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Takes the relay off the network (the agent sees the server as unreachable). */
  async down(): Promise<void> {
    const closed = new Promise((r) => this.server.close(r));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** Back on the same port. */
  async up(): Promise<void> {
    await this.listen();
  }

  /** The JSON bodies the server answered on `path`, oldest first. */
  answered<T = Record<string, unknown>>(path: string): T[] {
    return this.answers.filter((a) => a.path === path).map((a) => JSON.parse(a.body.toString('utf8')) as T);
  }

  release(): void {
    for (const r of this.held.splice(0)) r();
  }

  async stop(): Promise<void> {
    this.release();
    if (this.server.listening) await this.down();
    await this.upstream.close();
  }

  private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = req.url ?? '/';
    this.requests.push({ path, body: Buffer.concat(chunks) });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (typeof v === 'string' && !['host', 'connection', 'content-length', 'transfer-encoding'].includes(k))
        headers[k] = v;
    }
    try {
      const up = await request(`${this.target}${path}`, {
        method: req.method as 'GET' | 'POST',
        headers,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
        dispatcher: this.upstream,
      });
      const body = Buffer.from(await up.body.arrayBuffer());
      const outHeaders: Record<string, string> = {};
      for (const [k, v] of Object.entries(up.headers)) {
        if (
          typeof v === 'string' &&
          !['content-length', 'connection', 'transfer-encoding', 'keep-alive'].includes(k)
        )
          outHeaders[k] = v;
      }
      this.answers.push({ path, status: up.statusCode, body });
      let answer: ProxiedResponse = { status: up.statusCode, headers: outHeaders, body };
      answer = this.rewrite?.(path, answer) ?? answer;
      this.onForward?.(path);
      if (this.hold?.(path)) await new Promise<void>((r) => this.held.push(r));
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    } catch (err) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ code: 'relay.upstream_failed', message: (err as Error).message, details: [] }),
      );
    }
  }
}

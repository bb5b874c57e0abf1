import net from 'node:net';
import type { SignedIn } from '../helpers/sign-in.js';
import type { TestContext } from '../helpers/test-app.js';
import type { SambaPeer } from '../ldap/samba-peer.js';

/** Shared set-up of the directory-source tests: credentials in the environment, helpers. */

export const TENANT = 'acme';

export function credentialOf(peer: SambaPeer, more: Record<string, unknown> = {}): string {
  const json = {
    url: peer.url,
    bind_dn: peer.service.dn,
    password: peer.service.password,
    base_dn: peer.baseDn,
    ca_certificate: peer.ca,
    ...more,
  };
  return Buffer.from(JSON.stringify(json)).toString('base64');
}

/** A TCP server that accepts and never answers (a directory that hangs); `drop` ends every socket. */
export async function stallingServer(): Promise<{
  port: number;
  connections(): number;
  drop(): void;
  close(): Promise<void>;
}> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
    // Reads and drops what arrives (so a client's close is seen), and never writes.
    s.resume();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  const drop = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    port,
    connections: () => sockets.size,
    drop,
    close: () =>
      new Promise((r) => {
        drop();
        server.close(() => r());
      }),
  };
}

/**
 * A TCP relay to a real directory that can be switched off and on while its port stays the
 * same: down, it accepts and drops every connection at once (the client reads `unreachable`);
 * up, it relays each connection to `target` (TLS runs end to end through it).
 */
export async function switchableRelay(target: { host: string; port: number }): Promise<{
  port: number;
  up(): void;
  down(): void;
  close(): Promise<void>;
}> {
  let open = false;
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    up: () => {
      open = true;
    },
    down: () => {
      open = false;
    },
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

export async function createSource(
  ctx: TestContext,
  who: SignedIn,
  ref: string,
  more: Record<string, unknown> = {},
): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/directory-sources',
    headers: who.headers,
    payload: { name: 'Corporate AD', credential_ref: ref, reason: 'policy targeting', ...more },
  });
  if (res.statusCode !== 201) throw new Error(`create refused: ${res.body}`);
  return res.json().id;
}

/**
 * The listed view of one source, paging through the list: the tenant holds more sources than one
 * page, and ids are random, so the one asked for may be on any page.
 */
export async function listedSource(ctx: TestContext, who: SignedIn, id: string) {
  let after: string | null = null;
  do {
    const query: string = after === null ? '' : `?after=${after}`;
    const page = await ctx.app.inject({ url: `/api/v1/directory-sources${query}`, headers: who.headers });
    if (page.statusCode !== 200) throw new Error(`list refused: ${page.body}`);
    const found = page.json().items.find((i: { id: string }) => i.id === id);
    if (found !== undefined) return { body: page.body, item: found };
    after = page.json().next_after;
  } while (after !== null);
  return { body: '', item: undefined };
}

export async function enable(ctx: TestContext, who: SignedIn, id: string, enabled = true) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/directory-sources/${id}/enabled`,
    headers: who.headers,
    payload: { enabled, reason: 'go live' },
  });
}

/** A lookup one second after the previous one (one attempt per source per second). */
export function lookup(ctx: TestContext, who: SignedIn, id: string, payload: Record<string, unknown>) {
  ctx.clock.advance(1_001);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/directory-sources/${id}/lookup`,
    headers: who.headers,
    payload,
  });
}

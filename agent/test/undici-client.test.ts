import { execFile } from 'node:child_process';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterEach, expect, test } from 'vitest';
import { Agent, request } from '../src/transport/undici-client.js';
import { AGENT_DIST } from './helpers/agent-process.js';
import { makeServerTls } from './helpers/tls.js';

const run = promisify(execFile);
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

test('the compiled transport loads undici’s client without the package index, fetch or WebSocket', async () => {
  // A fresh process: what the running agent has loaded, not what this test runner has.
  const script = `
    import { createRequire } from 'node:module';
    await import(${JSON.stringify(`${AGENT_DIST}transport/client.js`)});
    const loaded = Object.keys(createRequire(import.meta.url).cache).filter((k) => k.includes('/undici/'));
    console.log(JSON.stringify(loaded));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
  const loaded = JSON.parse(stdout) as string[];
  expect(loaded.some((p) => p.endsWith('/undici/lib/dispatcher/agent.js'))).toBe(true);
  expect(loaded.filter((p) => p.endsWith('/undici/index.js'))).toEqual([]);
  expect(loaded.filter((p) => /\/lib\/(web|cache|mock)\//.test(p))).toEqual([]);
});

test('the client-only request sends method, path, query, headers and body and reads the answer', async () => {
  const tls = await makeServerTls();
  const seen: { method?: string; url?: string; header?: string; body?: string } = {};
  const server = createServer({ key: tls.keyPem, cert: tls.certPem }, (req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      Object.assign(seen, { method: req.method, url: req.url, header: req.headers['x-test'], body });
      res.writeHead(201, { 'content-type': 'application/json', 'x-answer': 'yes' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const dispatcher = new Agent({ connect: { ca: tls.caPem } });
  closers.push(async () => {
    await dispatcher.close();
    await new Promise((r) => server.close(r));
  });
  const url = new URL(`https://localhost:${(server.address() as AddressInfo).port}/api/v1/x?a=1`);
  const res = await request(dispatcher, url, {
    method: 'POST',
    headers: { 'x-test': 'signed', 'content-type': 'application/json' },
    body: Buffer.from('{"n":1}'),
  });
  expect(res.statusCode).toBe(201);
  expect(res.headers['x-answer']).toBe('yes');
  expect(await res.body.json()).toEqual({ ok: true });
  expect(seen).toEqual({ method: 'POST', url: '/api/v1/x?a=1', header: 'signed', body: '{"n":1}' });
});

import fs from 'node:fs';
import { Agent, request } from 'undici';
import { chai } from 'vitest';

/**
 * A small runner for a Postman (v2.1) collection, written for Microsoft's SCIM test collection
 * (../shared/peers/scim). newman is not installed here, so this reads the collection as data:
 * `{{variables}}` substituted, bearer auth, each request sent for real, and each test script run
 * with the parts of the Postman sandbox those scripts use (`pm.test`, `pm.expect` — chai, as in
 * Postman —, `pm.response`, `pm.environment`, `postman.setEnvironmentVariable`, `responseBody`).
 */
interface PostmanRequest {
  method: string;
  url: string | { raw: string };
  header?: { key: string; value: string }[];
  body?: { raw?: string };
  auth?: { type: string; bearer?: { key: string; value: string }[] };
}
interface PostmanItem {
  name: string;
  item?: PostmanItem[];
  request?: PostmanRequest;
  event?: { listen: string; script: { exec: string[] } }[];
}

export interface Assertion {
  folder: string;
  request: string;
  /** Position of the request in the run (names repeat in the collection). */
  index: number;
  name: string;
  passed: boolean;
  error?: string;
}

export interface RequestRun {
  folder: string;
  name: string;
  index: number;
  method: string;
  url: string;
  status: number;
  scriptError?: string;
}

export interface CollectionRun {
  requests: RequestRun[];
  assertions: Assertion[];
  skipped: string[];
}

function flatten(items: PostmanItem[], folder: string): { folder: string; item: PostmanItem }[] {
  return items.flatMap((it) => (it.item ? flatten(it.item, it.name) : [{ folder, item: it }]));
}

function fill(text: string, env: Map<string, string>): string {
  return text.replace(/\{\{([^}]+)\}\}/g, (whole, name: string) => env.get(name) ?? whole);
}

export async function runCollection(options: {
  file: string;
  env: Record<string, string>;
  ca: string;
  /** Folders not run (with the reason kept by the caller). */
  skipFolders: readonly string[];
}): Promise<CollectionRun> {
  const collection = JSON.parse(fs.readFileSync(options.file, 'utf8')) as { item: PostmanItem[] };
  const env = new Map(Object.entries(options.env));
  const dispatcher = new Agent({ connect: { ca: options.ca } });
  const run: CollectionRun = { requests: [], assertions: [], skipped: [] };
  try {
    let index = 0;
    for (const { folder, item } of flatten(collection.item, '')) {
      if (!item.request) continue;
      index += 1;
      if (options.skipFolders.includes(folder)) {
        run.skipped.push(`${folder} / ${item.name}`);
        continue;
      }
      const req = item.request;
      const url = fill(typeof req.url === 'string' ? req.url : req.url.raw, env);
      const headers: Record<string, string> = {};
      for (const h of req.header ?? []) headers[h.key.toLowerCase()] = fill(h.value, env);
      if (req.auth?.type === 'bearer') {
        const token = req.auth.bearer?.find((b) => b.key === 'token')?.value ?? '';
        headers.authorization = `Bearer ${fill(token, env)}`;
      }
      const body = req.body?.raw !== undefined && req.method !== 'GET' ? fill(req.body.raw, env) : undefined;
      const res = await request(encodeURI(decodeURI(url)), {
        method: req.method as 'GET',
        headers,
        ...(body !== undefined ? { body } : {}),
        dispatcher,
      });
      const text = await res.body.text();
      const code = res.statusCode;
      const entry: RequestRun = { folder, name: item.name, index, method: req.method, url, status: code };
      run.requests.push(entry);
      const pm = {
        test(name: string, fn: () => void) {
          try {
            fn();
            run.assertions.push({ folder, request: item.name, index, name, passed: true });
          } catch (e) {
            run.assertions.push({ folder, request: item.name, index, name, passed: false, error: String(e) });
          }
        },
        expect: chai.expect,
        response: {
          code,
          json: () => JSON.parse(text) as unknown,
          text: () => text,
          to: { have: { status: (n: number) => chai.expect(code, 'status').to.equal(n) } },
        },
        environment: {
          get: (k: string) => env.get(k),
          set: (k: string, v: unknown) => env.set(k, String(v)),
        },
      };
      const postman = { setEnvironmentVariable: (k: string, v: unknown) => env.set(k, String(v)) };
      for (const ev of item.event ?? []) {
        if (ev.listen !== 'test') continue;
        try {
          new Function('pm', 'postman', 'responseBody', ev.script.exec.join('\n'))(pm, postman, text);
        } catch (e) {
          entry.scriptError = String(e);
        }
      }
    }
  } finally {
    await dispatcher.close();
  }
  return run;
}

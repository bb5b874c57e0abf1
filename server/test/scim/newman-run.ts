import fs from 'node:fs';
import { run } from 'newman';

/**
 * Runs a Postman collection with the real `newman` (its Node API, no reporter) and keeps what
 * the SCIM peer test judges: each request's status and each assertion, named by the request's
 * position in the whole collection (names repeat in Microsoft's collection).
 */
interface CollectionItem {
  id?: string;
  name: string;
  item?: CollectionItem[];
}

export interface Assertion {
  folder: string;
  request: string;
  /** 1-based position of the request in the collection (the left-out folders count). */
  index: number;
  name: string;
  passed: boolean;
  error?: string;
}

export interface RequestRun {
  folder: string;
  name: string;
  index: number;
  status: number;
  scriptError?: string;
}

export interface CollectionRun {
  requests: RequestRun[];
  assertions: Assertion[];
  skipped: string[];
}

function flatten(items: CollectionItem[], folder: string): { folder: string; item: CollectionItem }[] {
  return items.flatMap((it) => (it.item ? flatten(it.item, it.name) : [{ folder, item: it }]));
}

export function runWithNewman(options: {
  file: string;
  env: Record<string, string>;
  /** PEM file of the server's CA; TLS is verified against it. */
  caFile: string;
  /** Folders left out of the run (the caller keeps the reason). */
  skipFolders: readonly string[];
}): Promise<CollectionRun> {
  const collection = JSON.parse(fs.readFileSync(options.file, 'utf8')) as { item: CollectionItem[] };
  const positions = new Map<string, { folder: string; index: number }>();
  const skipped: string[] = [];
  // The collection's items carry no ids; each gets its position as id in this in-memory copy.
  flatten(collection.item, '').forEach(({ folder, item }, i) => {
    item.id = `request-${i + 1}`;
    positions.set(item.id, { folder, index: i + 1 });
    if (options.skipFolders.includes(folder)) skipped.push(`${folder} / ${item.name}`);
  });
  const kept = { ...collection, item: collection.item.filter((f) => !options.skipFolders.includes(f.name)) };
  const result: CollectionRun = { requests: [], assertions: [], skipped };
  const where = (id: string) => positions.get(id) ?? { folder: '?', index: 0 };
  return new Promise((resolve, reject) => {
    run(
      {
        collection: kept,
        environment: { values: Object.entries(options.env).map(([key, value]) => ({ key, value })) },
        reporters: [],
        sslExtraCaCerts: options.caFile,
        timeoutRequest: 30_000,
      },
      (err) => (err ? reject(err) : resolve(result)),
    )
      .on('request', (err, o) => {
        const { folder, index } = where(o.item.id);
        result.requests.push({ folder, name: o.item.name, index, status: err ? 0 : (o.response?.code ?? 0) });
      })
      .on('assertion', (err, o) => {
        const { folder, index } = where(o.item.id);
        result.assertions.push({
          folder,
          request: o.item.name,
          index,
          name: o.assertion,
          passed: err === null && !o.skipped,
          ...(err ? { error: err.message } : {}),
        });
      })
      .on('script', (err, o) => {
        if (!err) return;
        const entry = result.requests.findLast((r) => r.index === where(o.item.id).index);
        if (entry) entry.scriptError = String(err);
      });
  });
}

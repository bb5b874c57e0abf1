// The part of newman's Node API (a devDependency without bundled types) the SCIM peer test uses.
declare module 'newman' {
  import type { EventEmitter } from 'node:events';

  interface NewmanItem {
    id: string;
    name: string;
  }
  export interface NewmanRunOptions {
    collection: object;
    environment?: { values: { key: string; value: string }[] };
    reporters?: string[];
    /** A PEM file of further CAs trusted for TLS (verification stays on). */
    sslExtraCaCerts?: string;
    timeoutRequest?: number;
  }
  export interface NewmanEmitter extends EventEmitter {
    on(
      event: 'request',
      listener: (err: Error | null, o: { item: NewmanItem; response?: { code: number } }) => void,
    ): this;
    on(
      event: 'assertion',
      listener: (
        err: { message: string } | null,
        o: { item: NewmanItem; assertion: string; skipped: boolean },
      ) => void,
    ): this;
    on(event: 'exception', listener: (err: null, o: { error: Error }) => void): this;
    on(event: 'script', listener: (err: Error | null, o: { item: NewmanItem }) => void): this;
  }
  export function run(options: NewmanRunOptions, callback: (err: Error | null) => void): NewmanEmitter;
}

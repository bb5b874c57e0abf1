// The few parts of oidc-provider (a devDependency without bundled types) the tests use.
declare module 'oidc-provider' {
  import type { RequestListener } from 'node:http';

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): RequestListener;
  }
}

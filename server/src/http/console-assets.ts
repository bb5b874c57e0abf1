import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The web console (console/, built by `vite build`) served from the API origin (docs/console.md).
 * Files are read once at start into a map keyed by name: a request can only ever name a file that
 * was listed there, so no path the client sends reaches the file system (no traversal to guard).
 */

/** Where `npm run build` leaves the console, seen from server/src/http or server/dist/http. */
export const DEFAULT_CONSOLE_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'console',
  'dist',
);

/** The console talks only to its own origin; nothing inline, no framing, no plugins. */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // The second-factor QR code is a generated PNG data URL.
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Hashed file names change with their content, so a year of caching is safe. */
export const ASSET_CACHE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

interface Asset {
  body: Buffer;
  type: string;
}

export interface ConsoleAssets {
  /** The index.html answer for a client route, or null when the console was not built. */
  readonly built: boolean;
  readonly dir: string;
  /** Serves GET/HEAD of a console path; false when the path is not the console's (API, other methods). */
  serve(request: FastifyRequest, reply: FastifyReply): boolean;
}

function loadAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const assetDir = path.join(dir, 'assets');
  if (!existsSync(assetDir)) return assets;
  for (const name of readdirSync(assetDir)) {
    const file = path.join(assetDir, name);
    if (!statSync(file).isFile()) continue;
    const type = TYPES[path.extname(name)];
    if (type) assets.set(name, { body: readFileSync(file), type });
  }
  return assets;
}

/** A path the console answers: not the API, not an asset (those are looked up by name). */
function isClientRoute(pathname: string): boolean {
  return !(pathname === '/api' || pathname.startsWith('/api/'));
}

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Custos DLP</title>
<h1>The web console is not built</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and start dlp-server again.
The API is served under <code>/api/v1</code>.</p></html>`;

/** A browser asking for a page of an unbuilt console is told why; other clients get the JSON 404. */
function notBuilt(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!String(request.headers.accept ?? '').includes('text/html')) return false;
  reply
    .code(404)
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .type('text/html; charset=utf-8')
    .send(NOT_BUILT);
  return true;
}

export function loadConsoleAssets(dir: string): ConsoleAssets {
  const indexFile = path.join(dir, 'index.html');
  const index = existsSync(indexFile) ? readFileSync(indexFile) : null;
  const assets = index ? loadAssets(dir) : new Map<string, Asset>();
  return {
    built: index !== null,
    dir,
    serve(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const pathname = (request.url.split('?')[0] ?? '/').split('#')[0] ?? '/';
      if (!isClientRoute(pathname)) return false;
      if (!index) return notBuilt(request, reply);
      reply.header('x-content-type-options', 'nosniff');
      if (pathname.startsWith('/assets/')) {
        const asset = assets.get(pathname.slice('/assets/'.length));
        // A missing asset is a plain 404, never index.html (a script tag must not get HTML).
        if (!asset) return false;
        reply.code(200).header('cache-control', ASSET_CACHE).type(asset.type).send(asset.body);
        return true;
      }
      reply
        .code(200)
        .header('cache-control', 'no-cache')
        .header('content-security-policy', CONSOLE_CSP)
        .header('x-frame-options', 'DENY')
        .type('text/html; charset=utf-8')
        .send(index);
      return true;
    },
  };
}

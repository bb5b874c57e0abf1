import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_CACHE, CONSOLE_CSP, loadConsoleAssets } from '../../src/http/console-assets.js';
import { createTestApp, makeTempDir, type TestContext } from '../helpers/test-app.js';

/** The console's files served from the API origin (docs/console.md, Serving). */
describe('console assets', () => {
  let ctx: TestContext;
  let bare: TestContext;
  let dir: string;

  beforeAll(async () => {
    dir = await makeTempDir('custos-console-');
    await fs.mkdir(path.join(dir, 'assets'));
    await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Custos</title>');
    await fs.writeFile(path.join(dir, 'assets', 'index-Ab12.js'), 'console.log(1)');
    await fs.writeFile(path.join(dir, 'assets', 'index-Cd34.css'), 'body{}');
    // Beside the console directory: a traversal must never reach it.
    await fs.writeFile(path.join(dir, '..', `${path.basename(dir)}-secret.js`), 'secret');
    ctx = await createTestApp({ console: loadConsoleAssets(dir) });
    bare = await createTestApp({ console: loadConsoleAssets(path.join(dir, 'missing')) });
  });
  afterAll(async () => {
    await ctx.close();
    await bare.close();
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rm(path.join(dir, '..', `${path.basename(dir)}-secret.js`), { force: true });
  });

  it('answers client routes with index.html, not cached, under a strict CSP', async () => {
    for (const url of ['/', '/sign-in', '/incidents/abc?x=1', '/accept-invitation']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toBe(CONSOLE_CSP);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.body).toContain('<title>Custos</title>');
    }
    expect(CONSOLE_CSP).toContain("default-src 'self'");
    expect(CONSOLE_CSP).toContain("frame-ancestors 'none'");
    expect(CONSOLE_CSP).not.toContain('unsafe-inline');
  });

  it('serves hashed assets for a year, immutable, with their type', async () => {
    const js = await ctx.app.inject({ method: 'GET', url: '/assets/index-Ab12.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe(ASSET_CACHE);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.body).toBe('console.log(1)');
    const css = await ctx.app.inject({ method: 'HEAD', url: '/assets/index-Cd34.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('never answers an unknown or traversing asset path with a file or with index.html', async () => {
    const name = `${path.basename(dir)}-secret.js`;
    for (const url of [
      '/assets/nope.js',
      `/assets/..%2f..%2f${name}`,
      '/assets/',
      '/assets/..%5c..%5cindex.html',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('secret');
      expect(res.body, url).not.toContain('<title>');
      if (res.statusCode === 200) throw new Error(`${url} answered 200`);
    }
    // A dot-segment path is resolved before routing (as a browser does): it lands on a client
    // route inside the console, never on the file beside it.
    for (const url of [`/assets/../../${name}`, `/assets/%2e%2e/%2e%2e/${name}`]) {
      const dotted = await ctx.app.inject({ method: 'GET', url });
      expect(dotted.body, url).not.toContain('secret');
    }
  });

  it('leaves the API alone: its 404s stay JSON and other methods are not the console', async () => {
    const api = await ctx.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 'route.not_found', message: 'no such route', details: [] });
    expect(api.headers['content-security-policy']).toBeUndefined();
    expect(api.headers['cache-control']).toBe('no-store');
    const bareApi = await ctx.app.inject({ method: 'GET', url: '/api' });
    expect(bareApi.json().code).toBe('route.not_found');
    const post = await ctx.app.inject({ method: 'POST', url: '/sign-in', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('route.not_found');
    const spec = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(spec.statusCode).toBe(200);
  });

  it('without a built console: a browser is told why, every other client gets the JSON 404', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/sign-in' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('route.not_found');
    const page = await bare.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('npm run build');
    const api = await bare.app.inject({
      method: 'GET',
      url: '/api/v1/nope',
      headers: { accept: 'text/html' },
    });
    expect(api.json().code).toBe('route.not_found');
  });
});

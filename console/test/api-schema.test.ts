import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../server/test/helpers/test-app.js';

/**
 * The console's one API client is typed by `src/api/schema.d.ts`, generated from the OpenAPI
 * document the server serves. A route change the console has not taken up fails here (and a
 * change that breaks a page's use of the client fails `tsc -b`). To take a change up:
 *   CUSTOS_UPDATE_API_SCHEMA=1 npx vitest run console/test/api-schema.test.ts
 */
const schemaFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'src',
  'api',
  'schema.d.ts',
);
const HEADER =
  '// Generated from the served OpenAPI document by console/test/api-schema.test.ts; do not edit.\n' +
  '// Regenerate: CUSTOS_UPDATE_API_SCHEMA=1 npx vitest run console/test/api-schema.test.ts\n';

describe('console API schema', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('the checked-in schema.d.ts matches the served OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const generated = HEADER + astToString(await openapiTS(res.json()));
    if (process.env.CUSTOS_UPDATE_API_SCHEMA === '1') await fs.writeFile(schemaFile, generated);
    const current = await fs.readFile(schemaFile, 'utf8').catch(() => '');
    expect(
      current === generated,
      'console/src/api/schema.d.ts is stale: regenerate it (see this test) and fix the console where tsc complains',
    ).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/index.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('OpenAPI document', () => {
  it('serves the policy service routes generated from their schemas', async () => {
    const r = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(r.statusCode).toBe(200);
    const paths = Object.keys(r.json().paths);
    for (const p of [
      '/api/v1/policies',
      '/api/v1/policies/inventory',
      '/api/v1/policies/{id}/versions/{version}/publish',
      '/api/v1/policies/{id}/versions/{version}/approve',
      '/api/v1/policies/{id}/rollback',
      '/api/v1/policies/reorder',
      '/api/v1/policies/{id}/enabled',
      '/api/v1/policies/{id}/disable/{request_id}/approve',
      '/api/v1/policies/{id}/lifecycle',
      '/api/v1/policies/scope-preview',
      '/api/v1/policies/simulate',
      '/api/v1/policy-bundles',
      '/api/v1/policy-bundles/diff',
      '/api/v1/prompt-messages',
      '/api/v1/approved-devices',
      '/api/v1/detectors',
      '/api/v1/classifications',
      '/api/v1/policy-settings',
    ])
      expect(paths, p).toContain(p);
  });
});

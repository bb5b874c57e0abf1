import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkServiceShape, isRouteLayer, namesAppParts } from './service-shape-check.js';
import { loadSources } from './source-files.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const REPO = join(HERE, '..', '..', '..');
const FIXTURES = join(HERE, 'fixtures', 'services');

describe('one service shape (docs/architecture.md, "Service context")', () => {
  it('no module service takes app.deps or AppServices (there is no baseline: none is allowed)', () => {
    const messages = checkServiceShape(loadSources(REPO, ['server/src'], '.ts')).map(
      (v) => `${v.line}\n     ${v.hint}`,
    );
    expect(messages.join('\n'), 'service shape: see docs/architecture.md, "Service context"').toBe('');
  });

  it('reports a service taking AppServices and a file reading .deps; routes, parts and the registry stay quiet', () => {
    const violations = checkServiceShape(loadSources(FIXTURES, ['server'], '.ts.fixture'));
    expect(violations.map((v) => v.line)).toEqual([
      'service-shape server/src/modules/delta/job.ts',
      'service-shape server/src/modules/delta/legacy-service.ts',
    ]);
    expect(violations[0]!.hint).toContain('ServiceContext');
  });

  it('reads code only, and knows the route layer by its file names', () => {
    expect(namesAppParts('export function f(s: Pick<AppServices, "db">) {}')).toBe(true);
    expect(namesAppParts('const k = request.server.deps.keys;')).toBe(true);
    expect(namesAppParts('// s: AppServices\n/* app.deps */ const t = `AppDeps`;')).toBe(false);
    expect(namesAppParts('const myAppServicesCount = 1; const depsOf = 2;')).toBe(false);
    for (const p of ['routes.ts', 'release-routes.ts', 'answer-route.ts', 'route-parts.ts', 'agent-scope.ts'])
      expect(isRouteLayer(`server/src/modules/m/${p}`), p).toBe(true);
    for (const p of ['service.ts', 'store.ts', 'routes-helper.ts', 'retention.ts'])
      expect(isRouteLayer(`server/src/modules/m/${p}`), p).toBe(false);
  });
});

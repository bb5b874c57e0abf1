import { type SourceFile, stripComments, type Violation } from './import-graph-check.js';

/**
 * One service shape (docs/architecture.md, "Service context"): a module's services take a
 * `ServiceContext` first, never the app's parts. Pure: files in, sorted violations out, one
 * `service-shape <file>` line per module file outside the route layer that names `AppServices`
 * or `AppDeps` (a parameter, a `Pick<…>` of it, an import) or reads `.deps` (`app.deps`,
 * `request.server.deps`).
 *
 * The route layer builds contexts and parts from the app, so it may read them: route files
 * (`routes.ts`, `<topic>-routes.ts`, `<topic>-route.ts`), `route-parts.ts` (a module's parts from
 * a request) and `<name>-scope.ts` (an encapsulated plugin scope, e.g. the signed agent scope).
 */

const MODULES_ROOT = 'server/src/modules/';

export function isRouteLayer(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return /(^|-)(routes?|route-parts|scope)\.ts$/.test(name);
}

const APP_PARTS = [/(?<![\w$])(AppServices|AppDeps)(?![\w$])/, /\.\s*deps(?![\w$])/];

/** Whether a file's code (comments and template text aside) names the app's parts. */
export function namesAppParts(text: string): boolean {
  const code = stripComments(text);
  return APP_PARTS.some((pattern) => pattern.test(code));
}

export function checkServiceShape(files: readonly SourceFile[]): Violation[] {
  return files
    .filter((f) => {
      if (!f.path.startsWith(MODULES_ROOT)) return false;
      // The registry and its wiring (modules/index.ts, policy-wiring.ts) compose the modules.
      if (!f.path.slice(MODULES_ROOT.length).includes('/')) return false;
      return !isRouteLayer(f.path) && namesAppParts(f.text);
    })
    .map((f) => ({
      line: `service-shape ${f.path}`,
      hint:
        'take a ServiceContext (server/src/service-context.ts) first and the module parts after it; ' +
        'the routes build both from app.deps (serviceContextOf(request))',
    }))
    .sort((a, b) => (a.line < b.line ? -1 : a.line > b.line ? 1 : 0));
}

/** Portable policy packages: the plugin (registered in modules/index.ts). */
export { PACKAGE_BODY_LIMIT, policyPackageRoutes, policyPackagesModule } from './routes.js';

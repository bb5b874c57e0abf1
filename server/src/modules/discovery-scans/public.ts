// What the registry uses of discovery scans (docs/discovery-scans.md).
export { discoveryScanAgentModule } from './agent-routes.js';
export { discoveryScanRoutes as discoveryScansModule } from './routes.js';
// GET /search's discovery_scan kind (docs/search.md).
export { discoveryScanSearchHits } from './search-store.js';

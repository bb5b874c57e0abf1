/** Document-fingerprint corpora: the plugin (registered in modules/index.ts). */
export { fingerprintCorporaModule } from './routes.js';

/** Document-fingerprint corpora: the plugin (registered in modules/index.ts) and what policies and bundles read. */
export { bundleCorpora, unknownCorpusFields } from './bundle-use.js';
export { fingerprintCorporaModule } from './routes.js';
// GET /search's fingerprint_corpus kind (docs/search.md).
export { corpusSearchHits } from './search-store.js';
export { corpusNames } from './store.js';

/** What the rest of the server may use of the SCIM module (its routes come through modules/index.ts). */
export { canonicalScimUrl } from './paths.js';

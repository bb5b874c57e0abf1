/**
 * What other modules may read of the approved-device inventory (docs/architecture.md, "Module
 * seams"): the serials policies hand the bundle compiler.
 */
export { approvedSerials } from './store.js';

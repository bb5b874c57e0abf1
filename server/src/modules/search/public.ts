// What other code may use of search (docs/architecture.md, Module seams): its plugin only.
export { searchModule } from './routes.js';

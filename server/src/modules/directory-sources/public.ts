/** What other modules use from directory sources (consumers import only this file). */

export { directorySourcesModule } from './routes.js';

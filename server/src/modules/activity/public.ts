// What the registry uses of the Activity Explorer (docs/activity-explorer.md).
export { activityRoutes as activityModule } from './routes.js';

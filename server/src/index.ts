export { type App, type BuildOptions, buildApp } from './app.js';
export { type Clock, systemClock } from './clock.js';
export { type Config, ConfigError, loadConfig } from './config.js';
export type { AppDeps, AppServices } from './deps.js';
export { type RunningServer, type StartOptions, startServer } from './main.js';

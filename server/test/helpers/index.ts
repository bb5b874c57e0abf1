export { type ConsoleCalls, consoleCalls } from './console-calls.js';
export { insertEndpoint } from './endpoints.js';
export { ensureTenant, type SignedIn, signInAs, stepUp } from './sign-in.js';
export { createTestApp, makeTempDir, type TestClock, type TestContext, testClock } from './test-app.js';

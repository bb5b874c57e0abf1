// Runs INSIDE Windows node.exe started by Wine's service control manager (never on Linux):
// connects the service dispatcher, reports running, and on stop/shutdown reports stopped.
// Every step is appended as a JSON line to the log file named by argv[2] (a service has no console).
import { appendFileSync } from 'node:fs';
import { nativeFunction, useNativeHost } from '@custos/native';
import { startServiceDispatcher } from '../../../dist/platform/win32/service-hooks.js';

// The agent's platform switch names the host to the addon facade; this probe stands in for it.
useNativeHost(process.platform);

const log = process.argv[2];
const write = (entry) => appendFileSync(log, `${JSON.stringify(entry)}\n`);
process.on('exit', (code) => write({ exit: code }));
process.on('uncaughtException', (err) => {
  write({ uncaught: String(err?.stack ?? err) });
  process.exit(70);
});
const run = startServiceDispatcher('CustosWineTest', (event) => {
  write({ control: event.control });
  nativeFunction('serviceSetStatus')('stopped', 0);
  write({ reported: 'stopped' });
  setTimeout(() => process.exit(0), 200);
});
write({ started: run });
if (run.isService) {
  nativeFunction('serviceSetStatus')('running');
  write({ reported: 'running' });
}
setInterval(() => {}, 1000);

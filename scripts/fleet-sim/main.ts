import { runSimulation } from './fleet.js';
import { parseOptions } from './options.js';
import { formatReport } from './report.js';

/** `npm run fleet-sim -- --agents N --minutes M [--db sqlite|postgres] [--instances 1|2]` */
const options = parseOptions(process.argv.slice(2));
const report = await runSimulation(options, (line) => console.log(line));
console.log(formatReport(report));
console.log(JSON.stringify(report));
process.exitCode = report.errors > 0 ? 1 : 0;

#!/usr/bin/env node
// dlp-agent entry point: the compiled CLI (run `npm run build` first, or use the packaged binary).
import { main } from '../dist/cli/main.js';

// A closed pipe (`dlp-agent capabilities | head`) is not an error of the agent.
process.stdout.on('error', (err) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`dlp-agent: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);

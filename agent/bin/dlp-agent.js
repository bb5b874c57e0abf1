#!/usr/bin/env node
// dlp-agent entry point: the compiled CLI (run `npm run build` first, or use the packaged binary).
import { main } from '../dist/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`dlp-agent: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);

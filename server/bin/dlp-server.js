#!/usr/bin/env node
// The package bin: runs the compiled CLI (`npm run build` or `tsc -b` first).
import { processIo, runCli } from '../dist/cli.js';

process.exitCode = await runCli(process.argv.slice(2), processIo());

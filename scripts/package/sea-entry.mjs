// The single executable's main script (bundled by scripts/package/bundle.mjs with the compiled
// agent): records the build, puts the native addon where the agent's facade looks, then runs the
// same CLI as agent/bin/dlp-agent.js.
import { main } from '../../agent/dist/cli/main.js';
import { prepareNativeAddon } from './sea-runtime.mjs';

globalThis[Symbol.for('custos.agent.build')] = { commit: __CUSTOS_COMMIT__ };

try {
  prepareNativeAddon();
} catch (err) {
  // The agent still answers --version, --help and doctor, which names the missing addon.
  process.stderr.write(`dlp-agent: the native addon could not be prepared: ${err.message}\n`);
}

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

import { capabilityMatrix } from '../../capabilities.js';
import { loadConfig } from '../../config.js';
import { probeTpm } from '../../identity/key-status.js';
import { EXIT, str } from '../args.js';
import type { Command } from '../command.js';

/** `dlp-agent capabilities`: the matrix sent at check-in, and whether a TPM answers here. */
export const capabilitiesCommand: Command = {
  valued: ['state-dir'],
  booleans: ['json'],
  async run(ctx) {
    const { platform, out } = ctx;
    const m = capabilityMatrix(platform);
    const tcti = await loadConfig({ platform, stateDir: str(ctx.args, 'state-dir') })
      .then(({ config }) => config.tcti)
      .catch(() => null);
    // Issue 8: whether a TPM answers here (no key is created or touched).
    const tpm = await probeTpm(platform.deviceKeys, tcti ? { tcti } : {});
    if (ctx.args.flags.has('json')) {
      out(JSON.stringify({ ...m, tpm }, null, 2));
      return EXIT.ok;
    }
    out(`${m.os} ${m.os_version}, agent ${m.agent_version}`);
    out('channel              observe block notify  note');
    for (const [name, c] of Object.entries(m.channels)) {
      const yn = (b: boolean) => (b ? 'yes' : 'no ').padEnd(6);
      out(`${name.padEnd(20)} ${yn(c.observe)} ${yn(c.block)} ${yn(c.notify)} ${c.reason ?? ''}`);
    }
    out(`scope attributes: ${m.scope_attributes.join(', ')}`);
    out(`features: ${m.features.join(', ')}`);
    out(`tpm: ${tpm.present ? 'present' : 'absent'} (${tpm.detail})`);
    return EXIT.ok;
  },
};

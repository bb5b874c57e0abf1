import { describe, expect, it } from 'vitest';
import { runAgent } from './helpers/agent-process.js';

describe('dlp-agent --version', () => {
  it('names the version, that it runs from the source tree, the Node and the target', async () => {
    const r = await runAgent(['--version']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(
      `dlp-agent 0.1.0 (source tree, not packaged; Node ${process.version}, ${process.platform}-${process.arch})`,
    );
  });
});

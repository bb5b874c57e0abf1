import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { enrolAgent } from './agent-process.js';
import { VALID_CARDS } from './card-bundle.js';
import { enrolmentToken } from './enrolment-token.js';
import { startServer } from './server-process.js';
import { fixtureHostEnv } from './sysfs-fixture.js';

type Stops = (() => Promise<unknown> | unknown)[];

/**
 * The start the held-open end-to-end tests share: a real `dlp-server` with an Owner and a second
 * person, a share holding a card file, and an agent state directory enrolled into endpoint group
 * `finance` with 1 s uploads and 10 s check-ins (`dlp-agent run` is the test's to start).
 */
export async function heldOpenSetup(root: string, stops: Stops) {
  const server = await startServer(join(root, 'server'));
  stops.push(() => server.stop());
  const owner = await server.signIn();
  const approver = await server.secondPerson(owner);
  const share = join(root, 'share');
  const state = join(root, 'agent-state');
  mkdirSync(share, { recursive: true });
  mkdirSync(state, { recursive: true, mode: 0o700 });
  const card = join(share, 'statement.txt');
  const content = `Statement\n${VALID_CARDS.join('\n')}\n`;
  writeFileSync(card, content);

  await owner.ok(owner.post('/agent-groups', { name: 'finance' }));
  const env = { DLP_AGENT_POLICY_FILE: join(root, 'no-policy.json'), ...fixtureHostEnv(root, {}) };
  const token = await enrolmentToken(owner, 'finance');
  const enrolled = await enrolAgent(
    { server: server.url, token, caFile: server.caPath, stateDir: state },
    env,
  );
  if (enrolled.code !== 0) throw new Error(`dlp-agent enroll exited ${enrolled.code}: ${enrolled.stderr}`);
  writeFileSync(
    join(state, 'config.json'),
    JSON.stringify({ UploadIntervalSecs: 1, CheckinIntervalSecs: 10 }),
  );
  return { server, owner, approver, share, state, card, content, env };
}

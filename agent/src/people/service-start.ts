import type { AgentState } from '../service/state.js';
import { DEFAULT_PROMPT_TIMEOUT_MS } from './ask-step.js';

/**
 * How long a prompt waits for the person before the default answer (Cancel). 120 s unless
 * `DLP_AGENT_PROMPT_TIMEOUT_SECS` (1-3600) says otherwise (docs/agent.md).
 */
export function promptTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const v = Number(env.DLP_AGENT_PROMPT_TIMEOUT_SECS);
  return Number.isInteger(v) && v >= 1 && v <= 3600 ? v * 1000 : DEFAULT_PROMPT_TIMEOUT_MS;
}

/**
 * Opens the session socket or pipe. Called once the service runs (on Windows after it reported
 * SERVICE_RUNNING): a failure leaves the service running with nobody to ask, logged, and the
 * capabilities say why (`notify` false with the reason).
 */
export async function startSessionChannel(s: AgentState): Promise<void> {
  if (!s.session) return;
  try {
    await s.session.start();
  } catch (e) {
    const reason = (e as Error).message;
    s.session.unavailable(reason);
    s.log('warn', 'session channel not started: nobody can be asked', { error: reason });
    return;
  }
  s.log('info', 'session channel listening', { socket: s.platform.session?.socketPath() });
  await s.session.keepHelper(Date.now());
}

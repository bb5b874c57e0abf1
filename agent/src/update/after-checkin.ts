import type { AgentState } from '../service/state.js';
import { applyUpdate } from './apply.js';
import { confirmUpdate } from './guard.js';
import { parseOffer } from './offer.js';

let busy = false;
/** Versions whose back-off this process has reported (once each, not at every check-in). */
const heldBack = new Set<string>();

/**
 * What a successful check-in means for self-update: the version on trial is confirmed, and an
 * offered release is applied (one at a time). Never throws: an update problem is logged and the
 * agent goes on as it is.
 */
export async function updateAfterCheckin(s: AgentState, rawOffer: unknown): Promise<void> {
  try {
    await confirmUpdate(s.config.stateDir, s.log);
  } catch (err) {
    s.log('warn', 'agent update confirmation could not be stored', { error: (err as Error).message });
  }
  const offer = parseOffer(rawOffer);
  if (!offer || busy) return;
  busy = true;
  try {
    const outcome = await applyUpdate(s, offer, { now: () => Date.now() });
    if (outcome === 'backing_off' && !heldBack.has(offer.version)) {
      heldBack.add(offer.version);
      s.log('info', 'agent update held back after earlier failures', { version: offer.version });
    }
  } catch (err) {
    s.log('error', 'agent update failed; this version keeps running', { error: (err as Error).message });
  } finally {
    busy = false;
  }
}

import type { BundlePolicy } from '@custos/engine';
import { describe, expect, it } from 'vitest';
import { cardPolicy, VALID_CARDS } from './helpers/card-bundle.js';
import { cardPipeline } from './helpers/card-pipeline.js';

/** docs/agent.md, "Detector previews": masked, and only when the deciding policy asks. */
async function eventFor(evidence: BundlePolicy['evidence'], text: string) {
  const { observeFile, events } = await cardPipeline(cardPolicy({ evidence }));
  await observeFile('cards.txt', text);
  return events()[0]!.detectors as Record<string, unknown>[];
}

const TEXT = `Order 20261234 paid with card ${VALID_CARDS[0]} by\u202E Dana\nsecond ${VALID_CARDS[1]} ok`;

describe('detector previews on the wire', () => {
  it('none unless the deciding policy asks for them', async () => {
    const [d] = await eventFor({ metadata: true }, TEXT);
    expect(d).not.toHaveProperty('previews');
    expect(d).not.toHaveProperty('snippets');
    expect(JSON.stringify(d)).not.toContain('4111');
  });

  it('redacted_previews: the masked value of each hit, never the raw one', async () => {
    const [d] = await eventFor({ metadata: true, redacted_previews: true }, TEXT);
    expect(d!.previews).toEqual(['4111 **** **** 1111', '5500 **** **** 0004']);
    expect(d).not.toHaveProperty('snippets');
    const wire = JSON.stringify(d);
    for (const card of VALID_CARDS.slice(0, 2)) {
      expect(wire).not.toContain(card);
      expect(wire).not.toContain(card.replace(/ /g, ''));
    }
  });

  it('context_snippets: masked value with context whose digits and other hits are masked', async () => {
    const [d] = await eventFor({ metadata: true, context_snippets: true }, TEXT);
    const [first, second] = d!.snippets as string[];
    expect(first).toBe('******** paid with card 4111 **** **** 1111 by Dana second **** **');
    // The other card in the context is masked whole; no control or direction character survives.
    expect(second).toBe('** **** by Dana second 5500 **** **** 0004 ok');
    expect(JSON.stringify(d)).not.toMatch(/20261234|\u202e|5500 0000/i);
    for (const s of [first!, second!]) expect((s.match(/\d/g) ?? []).length).toBeLessThanOrEqual(8);
  });
});

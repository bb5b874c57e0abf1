/** Deterministic made-up prose: sentences over a small vocabulary, picked by a seeded generator. */
export function prose(seed: number, sentences: number): string {
  const words = [
    'contract',
    'supplier',
    'invoice',
    'delivery',
    'penalty',
    'warranty',
    'party',
    'notice',
    'term',
    'payment',
    'schedule',
    'clause',
    'liability',
    'audit',
    'record',
    'period',
    'service',
    'fee',
    'renewal',
    'claim',
  ];
  const verbs = ['shall review', 'may extend', 'must settle', 'will confirm', 'can refuse', 'should record'];
  let s = seed;
  const next = (n: number) => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return (s >>> 8) % n;
  };
  const out: string[] = [];
  for (let i = 0; i < sentences; i += 1) {
    out.push(
      `The ${words[next(20)]} ${verbs[next(6)]} the ${words[next(20)]} of the ${words[next(20)]} ${words[next(20)]} within ${next(90) + 1} days.`,
    );
  }
  return out.join(' ');
}

import fc from 'fast-check';

/**
 * Tests are deterministic: every property of the engine's suite runs from one fixed seed, so a CI
 * run cannot fail on inputs another run never drew, and a failure reproduces exactly. To explore
 * other inputs locally: `FC_SEED=<integer> npx vitest run --project engine`.
 */
const seed = Number.parseInt(process.env.FC_SEED ?? '20261126', 10);
fc.configureGlobal({ seed });

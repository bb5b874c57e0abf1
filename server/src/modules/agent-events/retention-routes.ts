import { runOncePerOccurrence } from '../../db/job-runs.js';
import type { ApiModule } from '../index.js';
import { EVENT_RETENTION_PERIOD_MS, EVENT_RETENTION_TICK_MS, runEventRetention } from './retention.js';

/**
 * The stored-events retention job (docs/deploy.md, "Stored events at volume"): each instance's
 * timer fires every 15 minutes, and the pass runs once per hour across every instance on the
 * database (db/job-runs.ts). Stopped when the server closes. It serves no route.
 */
export const eventRetentionModule: ApiModule = async (app) => {
  const s = app.deps;
  let tick: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    tick = setInterval(() => {
      const now = s.clock.now();
      runOncePerOccurrence(s.db, 'agent_events.retention', EVENT_RETENTION_PERIOD_MS, now, () =>
        runEventRetention(s.db, now),
      ).catch((err: unknown) =>
        app.log.error({ err: { type: (err as Error)?.name } }, 'event retention job failed'),
      );
    }, EVENT_RETENTION_TICK_MS);
    tick.unref();
  });
  app.addHook('onClose', async () => clearInterval(tick));
};

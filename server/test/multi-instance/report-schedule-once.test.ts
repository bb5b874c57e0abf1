import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { runSchedulerPass, useDeliveryLookup } from '../../src/modules/report-schedules/public.js';
import { signInAs, stepUp } from '../helpers/index.js';
import { sharedPostgres } from './instances.js';

const pg = sharedPostgres();

/** A port nothing listens on: deliveries there fail at once (connection refused), a passing error. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Document 2 / issue 21: two server instances on one PostgreSQL database run an occurrence once. */
describe('report schedule occurrences with two instances', { timeout: 180_000 }, () => {
  it('run once per (schedule, occurrence), and each retry once, whichever instance passes', async () => {
    const { a, b, close } = await pg.twoInstances({ now: '2026-03-02T10:00:10.000Z' });
    try {
      for (const x of [a, b]) useDeliveryLookup(x.db, async () => [{ address: '127.0.0.1', family: 4 }]);
      const owner = await signInAs(a, { role: 'owner' });
      const call = (method: string, url: string, body?: object) =>
        a.app.inject({
          method: method as 'GET',
          url: `/api/v1${url}`,
          headers: owner.headers,
          payload: body,
        });
      const report = (await call('POST', '/reports', { name: 'Daily' })).json().id;
      await stepUp(a, owner, 'incident_delivery');
      const dest = await call('POST', '/report-delivery-destinations', {
        name: 'Down',
        url: `https://collector.test:${await closedPort()}/in`,
      });
      expect(dest.statusCode, dest.body).toBe(201);
      const time = { timezone: 'Europe/Berlin', local_minute: 12 * 60, cadence: 'daily' };
      const quiet = (await call('POST', `/reports/${report}/schedules`, time)).json();
      const failing = (
        await call('POST', `/reports/${report}/schedules`, { ...time, destination_id: dest.json().id })
      ).json();
      expect(quiet.next_run_at).toBe('2026-03-02T11:00:00.000Z');
      const at = (ms: number) => {
        for (const x of [a, b]) x.clock.set(new Date(Date.parse(quiet.next_run_at) + ms));
      };
      const passes = () =>
        Promise.all([
          runSchedulerPass(a.db),
          runSchedulerPass(b.db),
          runSchedulerPass(b.db),
          runSchedulerPass(a.db),
        ]);
      at(0);
      await passes();
      await passes(); // as after a restart: both find the occurrence taken
      const rows = () => a.db.selectFrom('report_schedule_runs').selectAll().orderBy('schedule_id').execute();
      let runs = await rows();
      expect(runs.map((r) => r.schedule_id).sort()).toEqual([quiet.id, failing.id].sort());
      expect(runs.find((r) => r.schedule_id === quiet.id)).toMatchObject({ state: 'succeeded', attempts: 1 });
      expect(runs.find((r) => r.schedule_id === failing.id)).toMatchObject({
        state: 'retrying',
        attempts: 1,
      });
      const attempts = () =>
        a.db.selectFrom('report_deliveries').select('attempt').orderBy('attempt').execute();
      expect(await attempts()).toEqual([{ attempt: 1 }]);
      // The retry at 30 seconds is taken by one instance only.
      at(30_000);
      await passes();
      expect(await attempts()).toEqual([{ attempt: 1 }, { attempt: 2 }]);
      at(150_000);
      await passes();
      runs = await rows();
      expect(runs.find((r) => r.schedule_id === failing.id)).toMatchObject({ state: 'failed', attempts: 3 });
      expect(await attempts()).toEqual([{ attempt: 1 }, { attempt: 2 }, { attempt: 3 }]);
      const audited = await a.db
        .selectFrom('audit_events')
        .select('action')
        .where('action', '=', 'report_schedule.run_succeeded')
        .execute();
      expect(audited).toHaveLength(1);
      // The next day's occurrence is a run of its own.
      at(24 * 3_600_000);
      await passes();
      expect((await rows()).filter((r) => r.schedule_id === quiet.id)).toHaveLength(2);
    } finally {
      await close();
    }
  });
});

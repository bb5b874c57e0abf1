// What the registry uses of report schedules (docs/report-schedules.md).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ReportIncidentsPort } from '../../ports/report-incidents-port.js';
import type { ApiModule } from '../index.js';
import { destinationRoutes } from './destination-routes.js';
import { passes } from './network.js';
import { routesOf } from './routes.js';

/**
 * Schedules, destinations and deliveries over the incidents module's answer to the reports port,
 * and the scheduler (registered with the schedule routes).
 */
export function reportSchedulesModule(incidents: ReportIncidentsPort): ApiModule {
  return async (app) => {
    await app.register(routesOf(incidents));
    await app.register(destinationRoutes);
  };
}

/** Runs one scheduler pass of the app on this database handle now, at its clock (tests). */
export function runSchedulerPass(db: Kysely<Database>): Promise<void> {
  const pass = passes.get(db);
  if (!pass) throw new Error('the report schedules module is not registered on this app');
  return pass();
}

export { SIGNATURE_HEADER, signatureOf } from './delivery.js';
export { useDeliveryLookup } from './network.js';

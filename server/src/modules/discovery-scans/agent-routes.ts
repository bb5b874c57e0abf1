import { Type } from 'typebox';
import { errorResponses, Uuid } from '../../http/schemas.js';
import { deviceServiceContext } from '../../service-context.js';
import { deviceOf } from '../agents/public.js';
import type { ApiModule } from '../index.js';
import { recordScanReport, type ScanReport } from './report-service.js';
import { ScanReportAnswer, ScanReportBody } from './schemas.js';

/** The signed route an agent reports a scan's progress and findings on (docs/discovery-scans.md). */
export const discoveryScanAgentModule: ApiModule = async (scope) => {
  scope.post(
    '/agent/discovery-scans/:id/report',
    {
      config: { auth: 'agent' },
      // 500 findings with paths of up to 4,096 characters.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        params: Type.Object({ id: Uuid }),
        body: ScanReportBody,
        response: { 200: ScanReportAnswer, ...errorResponses(400, 401, 404, 409, 413, 422, 429) },
      },
    },
    async (request) => {
      const device = deviceOf(request);
      return recordScanReport(
        deviceServiceContext(request, device),
        device,
        request.params.id.toLowerCase(),
        request.body as ScanReport,
      );
    },
  );
};

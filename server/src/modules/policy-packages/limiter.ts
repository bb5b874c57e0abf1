import { AppError } from '../../http/errors.js';

/** Document 1, Limits: concurrent package dry runs or imports per tenant. */
export const MAX_CONCURRENT_PER_TENANT = 4;

/**
 * At most four package dry runs or imports of one tenant at a time on this instance; the fifth
 * is refused with 429 `policy_package.busy` instead of queueing (docs/policy-packages.md).
 * `admitted` runs once a slot is held: tests hold requests there to fill the slots on purpose.
 */
export class TenantSlots {
  private readonly held = new Map<string, number>();

  constructor(
    private readonly limit = MAX_CONCURRENT_PER_TENANT,
    private readonly admitted?: (tenantId: string) => Promise<void>,
  ) {}

  async run<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
    const now = this.held.get(tenantId) ?? 0;
    if (now >= this.limit)
      throw new AppError(
        'policy_package.busy',
        `at most ${this.limit} package dry runs or imports run at once in a tenant; try again shortly`,
      );
    this.held.set(tenantId, now + 1);
    try {
      await this.admitted?.(tenantId);
      return await work();
    } finally {
      const left = (this.held.get(tenantId) ?? 1) - 1;
      if (left === 0) this.held.delete(tenantId);
      else this.held.set(tenantId, left);
    }
  }
}

/**
 * At most `limit` holders at once; the others wait in order. The fleet's uploads take a slot per
 * connection of their pool before they make their batch's body, so an upload waiting for a
 * connection holds no body (docs/deploy.md, Sizing: refused batches are not held). A limit of 0
 * means no bound.
 */
export class Slots {
  private held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async acquire(): Promise<void> {
    if (this.limit === 0 || this.held < this.limit) {
      this.held += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot to the next waiter, or frees it. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held -= 1;
  }
}

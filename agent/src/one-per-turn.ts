/**
 * Lets waiting work go on one piece per turn of the event loop, so that I/O callbacks run between
 * the pieces. Many awaits of one promise resume together in a single burst with nothing between
 * them; when 200 held opens' events waited for the same executable's hash, their event building
 * and queueing ran back to back for ~75 ms while the next held open's callback waited (issue 18).
 * Each `turn()` resolves in its own `setImmediate`, and an immediate scheduled by an immediate runs
 * on the next turn, after the poll phase has delivered what arrived meanwhile.
 */
export class OnePerTurn {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  turn(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.release());
      }
    });
  }

  private release(): void {
    this.waiting.shift()?.();
    if (this.waiting.length > 0) setImmediate(() => this.release());
    else this.scheduled = false;
  }
}

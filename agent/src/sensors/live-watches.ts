import type { WatchHandle } from '../platform/types.js';
import type { DiscoveryRoot } from './discovery.js';
import type { FileActivitySensor } from './file-activity.js';
import type { PathSight } from './path-sight.js';

/**
 * Keeps one live watch per wanted root (monitored paths from the bundle, mounted removable volumes):
 * a root that disappears (bundle change, stick unplugged) is unwatched, a new one is watched. A root
 * that cannot be watched is retried at every sync, recorded in `sight` (health, doctor) and logged
 * once when it starts failing or its cause changes, and once when it is watched again.
 */
export class LiveWatches {
  private readonly watches = new Map<string, WatchHandle>();

  constructor(
    private readonly activity: FileActivitySensor,
    private readonly log: (level: 'info' | 'warn', msg: string, fields: Record<string, unknown>) => void,
    private readonly sight: PathSight,
  ) {}

  sync(roots: DiscoveryRoot[]): void {
    const wanted = new Map(roots.map((r) => [r.path, r]));
    this.sight.retain(new Set(wanted.keys()));
    for (const [path, h] of this.watches) {
      if (!wanted.has(path)) {
        h.close();
        this.watches.delete(path);
        this.log('info', 'stopped watching', { path });
      }
    }
    for (const [path, root] of wanted) {
      if (this.watches.has(path)) continue;
      try {
        this.watches.set(path, this.activity.watch(root));
        this.log('info', 'watching', { path, channel: root.channel });
        this.sight.clear(path, 'watch');
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? null;
        const change = this.sight.set(path, 'watch', code);
        if (change?.problem)
          this.log('warn', 'cannot watch path', {
            path,
            cause: change.problem.cause,
            error: (err as Error).message,
          });
      }
    }
  }

  close(): void {
    for (const h of this.watches.values()) h.close();
    this.watches.clear();
    this.activity.close();
  }
}

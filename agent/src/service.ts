import { join } from 'node:path';
import { capabilityMatrix } from './capabilities.js';
import { renewCertificateIfDue } from './certificate-renewal.js';
import type { AgentConfig } from './config.js';
import { serverCaPem } from './enroll.js';
import { type EnrollmentState, readEnrollment, writeEnrollment } from './enrollment-state.js';
import { EvidenceSpool } from './evidence/spool.js';
import { drainEvidence } from './evidence/upload.js';
import type { DeviceKey } from './identity/device-key.js';
import { loadPinnedDeviceKey } from './identity/select-key.js';
import type { Logger } from './log.js';
import { DecisionPipeline } from './pipeline.js';
import type { Platform } from './platform/types.js';
import { BundleStore } from './policy/bundle-store.js';
import { engineVerifier } from './policy/engine-verify.js';
import { NetworkLocationState } from './policy/network-location-state.js';
import { type PolicyRuntime, prepareRuntime } from './policy/runtime.js';
import { EventQueue } from './queue/event-queue.js';
import { releaseFreedMemory } from './release-memory.js';
import { repeat } from './schedule.js';
import { type DiscoveryRoot, type DiscoveryStats, runDiscovery } from './sensors/discovery.js';
import { FileActivitySensor } from './sensors/file-activity.js';
import { FileStateStore } from './sensors/file-state-store.js';
import { LiveWatches } from './sensors/live-watches.js';
import { PathSight, sightLogger } from './sensors/path-sight.js';
import { AgentApi, type CheckinResponse } from './transport/agent-api.js';
import { AgentTransport } from './transport/client.js';
import { HttpError, RateLimitedError, UnreachableError } from './transport/errors.js';
import { uploadQueued } from './uploader.js';

export interface RunSummary {
  checkin: 'ok' | 'offline' | 'refused' | 'rate_limited';
  bundle_version: number;
  discovery: DiscoveryStats | null;
  uploaded: number;
  queue_depth: number;
  offline: boolean;
}

/**
 * The agent loop: check-in, policy fetch on `policy_update_available`, discovery, live file and
 * removable-media activity, decide, queue, upload. An agent degrades and keeps the last good state:
 * a failed check-in makes it offline (decisions then carry `evaluated_offline: true`), a refused
 * bundle leaves the last verified one in force, a failed renewal is logged and retried later.
 */
export class AgentService {
  readonly queue: EventQueue;
  readonly files: FileStateStore;
  readonly bundles: BundleStore;
  readonly api: AgentApi;
  readonly pipeline: DecisionPipeline;
  readonly location: NetworkLocationState;
  /** Monitored paths and directories the agent cannot watch or open (health, doctor). */
  readonly sight = new PathSight();
  private runtime: PolicyRuntime | null = null;
  private offline = false;
  private revoked = false;
  private live: LiveWatches | null = null;

  private constructor(
    readonly platform: Platform,
    readonly config: AgentConfig,
    readonly log: Logger,
    private enrollment: EnrollmentState,
    private readonly key: DeviceKey,
    readonly transport: AgentTransport,
  ) {
    this.api = new AgentApi(transport, { key, deviceId: enrollment.device_id });
    this.queue = new EventQueue(
      join(config.stateDir, 'queue.db'),
      config.queueCapacity,
      config.queueOverflow,
    );
    this.files = new FileStateStore(join(config.stateDir, 'files.db'));
    this.bundles = new BundleStore(
      join(config.stateDir, 'policy'),
      engineVerifier(
        () => this.enrollment,
        () => transport.now(),
      ),
    );
    this.location = new NetworkLocationState(config.stateDir, platform.network);
    this.pipeline = new DecisionPipeline({
      platform,
      location: () => this.location.current(),
      queue: this.queue,
      runtime: () => this.runtime,
      device: {
        id: enrollment.device_id,
        // Read at each decision: a move in the console arrives with a check-in (adoptGroup).
        agent_group: () => this.enrollment.agent_group,
      },
      offline: () => this.offline,
      log,
      evidence: new EvidenceSpool(join(config.stateDir, 'evidence'), log),
    });
  }

  /** Opens an enrolled agent: pinned device key, transport to the enrolled server, stores. */
  static async open(platform: Platform, config: AgentConfig, log: Logger): Promise<AgentService> {
    const enrollment = await readEnrollment(config.stateDir);
    if (!enrollment) throw new Error('not enrolled');
    const { key, reason } = await loadPinnedDeviceKey(
      config.stateDir,
      config.tcti ? { tcti: config.tcti } : {},
    );
    log('debug', 'device key loaded', { reason });
    // An enrolled agent talks to the server it enrolled with; ServerUrl only matters for enrolment.
    const transport = new AgentTransport({
      baseUrl: enrollment.server_url,
      caPem: await serverCaPem(config),
      timeoutMs: config.requestTimeoutSecs * 1000,
    });
    const svc = new AgentService(platform, config, log, enrollment, key, transport);
    await svc.bundles.load();
    await svc.location.load();
    svc.refreshRuntime();
    return svc;
  }

  get deviceId(): string {
    return this.enrollment.device_id;
  }

  isOffline(): boolean {
    return this.offline;
  }

  private refreshRuntime(): void {
    const payload = this.bundles.payload();
    if (!payload) {
      this.runtime = null;
      return;
    }
    if (this.runtime?.bundle_version === payload.bundle_version) return;
    try {
      this.runtime = prepareRuntime(payload);
    } catch (err) {
      // A verified bundle the engine cannot prepare keeps the previous runtime (degrade, never crash).
      this.log('error', 'verified bundle could not be prepared; previous policy stays in force', {
        error: (err as Error).message,
      });
    }
  }

  bundleVersion(): number {
    return this.runtime?.bundle_version ?? 0;
  }

  private health(): Record<string, unknown> {
    const s = this.queue.stats();
    const b = this.bundles.getStatus();
    return {
      queue_depth: s.depth,
      queue_overflow_refused: s.overflow_refused,
      queue_overflow_dropped: s.overflow_dropped,
      events_rejected: s.rejected,
      bundle_refusal: b.last_refusal
        ? { code: b.last_refusal.code, offered_version: b.last_refusal.offered_version }
        : null,
      clock_offset_ms: this.transport.offsetMs,
      connection_filters: { wanted: 0, in_force: 0, reason: 'not available on this platform' },
      unwatchable_paths: this.sight.health(),
    };
  }

  /**
   * One check-in; fetches the policy when told to (or when none is in force). The server learns
   * the bundle in force from check-ins, so once a new bundle is accepted a second check-in reports
   * it at once instead of an interval later (`GET /agents` would show the previous version).
   */
  async checkin(): Promise<RunSummary['checkin']> {
    const before = this.bundleVersion();
    const first = await this.checkinRound(true);
    if (first !== 'ok' || this.bundleVersion() === before) return first;
    await this.checkinRound(false);
    return first;
  }

  private async checkinRound(mayFetch: boolean): Promise<RunSummary['checkin']> {
    let res: CheckinResponse;
    try {
      res = await this.api.checkin({
        health: { ...this.health(), network_location: await this.location.current() },
        capabilities: capabilityMatrix(this.platform),
        bundle_version: this.bundleVersion(),
        policy_trust_version: this.enrollment.policy_trust_version,
        trusted_policy_key_ids: this.enrollment.policy_signing_keys.map((k) => k.key_id),
        edm_key_ids: [],
      });
    } catch (err) {
      return this.noteFailure('check-in', err);
    }
    this.offline = false;
    if (res.revoked) {
      this.revoked = true;
      this.log('error', 'the server reports this device as revoked; no further uploads');
      return 'refused';
    }
    if (res.agent_group !== undefined && res.agent_group !== this.enrollment.agent_group)
      await this.adoptGroup(res.agent_group);
    for (const cmd of res.commands) {
      // AskPerson needs a notification channel; the Linux agent has none (capabilities say so), so a
      // question is logged as not asked. The payload (the question) is never logged.
      const kind = (cmd as { kind?: unknown }).kind;
      const canAsk = Object.values(this.platform.capabilities.channels()).some((c) => c.notify);
      this.log('warn', 'server command not carried out on this platform', {
        kind: typeof kind === 'string' ? kind : 'unknown',
        reason:
          kind === 'AskPerson' && !canAsk ? 'not_asked: no way to ask a person here' : 'unsupported command',
      });
    }
    try {
      if (await this.location.accept(res.network_indicators))
        this.log('info', 'network indicators updated', { revision: this.location.revision });
    } catch (err) {
      this.log('warn', 'network indicators could not be stored', { error: (err as Error).message });
    }
    if (mayFetch && (res.policy_update_available || this.runtime === null)) await this.fetchPolicy();
    if (res.rotate_certificate) await this.renewCertificate(true);
    return 'ok';
  }

  /**
   * The server moved this endpoint to another group (or out of one): decisions use the new group
   * from now on, and `enrollment.json` keeps it so a restart offline decides with it too.
   */
  private async adoptGroup(group: string | null): Promise<void> {
    const from = this.enrollment.agent_group;
    this.enrollment = { ...this.enrollment, agent_group: group };
    this.log('info', 'endpoint group changed by the server', { from, to: group });
    // Files remembered as decided were decided for the old group: discovery decides them again.
    this.files.redecideAll();
    try {
      await writeEnrollment(this.config.stateDir, this.enrollment);
    } catch (err) {
      this.log(
        'warn',
        'endpoint group could not be stored; in force until restart, then learnt again at check-in',
        {
          error: (err as Error).message,
        },
      );
    }
  }

  private noteFailure(what: string, err: unknown): RunSummary['checkin'] {
    if (err instanceof UnreachableError) {
      if (!this.offline)
        this.log('warn', `${what}: server unreachable; evaluating offline`, { error: err.message });
      this.offline = true;
      return 'offline';
    }
    if (err instanceof RateLimitedError) {
      this.log('warn', `${what}: rate limited`, { retry_after_ms: err.retryAfterMs });
      return 'rate_limited';
    }
    if (err instanceof HttpError) {
      this.log('warn', `${what} refused`, { status: err.status, code: err.code });
      return 'refused';
    }
    this.log('error', `${what} failed`, { error: (err as Error).message });
    return 'refused';
  }

  /** Uninstall tells the server first: a check-in whose health says so. True when the server answered. */
  async checkinUninstalling(): Promise<boolean> {
    try {
      await this.api.checkin({
        health: { ...this.health(), state: 'uninstalling' },
        capabilities: capabilityMatrix(this.platform),
        bundle_version: this.bundleVersion(),
        policy_trust_version: this.enrollment.policy_trust_version,
        trusted_policy_key_ids: this.enrollment.policy_signing_keys.map((k) => k.key_id),
        edm_key_ids: [],
      });
      return true;
    } catch (err) {
      this.noteFailure('uninstall check-in', err);
      return false;
    }
  }

  /** `dlp-agent requests --withdraw REF` (document 2 route; the reference is validated by the CLI). */
  withdrawRequest(reference: string): Promise<unknown> {
    return this.transport.json(
      'POST',
      `/api/v1/agent/exception-requests/${encodeURIComponent(reference)}/withdraw`,
      {},
      { key: this.key, deviceId: this.enrollment.device_id },
    );
  }

  async fetchPolicy(): Promise<void> {
    let res: Awaited<ReturnType<AgentApi['policy']>>;
    try {
      res = await this.api.policy();
    } catch (err) {
      this.noteFailure('policy fetch', err);
      return;
    }
    if (res.bundle === null) {
      const why = res.refused
        ? `${res.refused.code}${res.refused.missing ? `: ${res.refused.missing.join(',')}` : ''}`
        : (res.reason ?? 'no bundle published');
      await this.bundles.noteFetch(why);
      this.log('info', 'no bundle to apply', { reason: why });
      return;
    }
    const outcome = await this.bundles.offer(res.bundle);
    if (outcome.ok) {
      this.log('info', 'bundle verified and in force', { bundle_version: outcome.payload.bundle_version });
      this.refreshRuntime();
      await this.syncWatches();
    } else {
      this.log('warn', 'bundle refused; last verified bundle stays in force', {
        code: outcome.code,
        in_force: this.bundleVersion(),
      });
    }
  }

  async renewCertificate(force = false): Promise<void> {
    try {
      const next = await renewCertificateIfDue(
        this.enrollment,
        this.key,
        this.api,
        this.platform.hostname(),
        this.transport.now(),
        force,
      );
      if (next) {
        this.enrollment = next;
        await writeEnrollment(this.config.stateDir, next);
        this.log('info', 'device certificate renewed', { expires_at: next.certificate_expires_at });
      }
    } catch (err) {
      // Document 2: renewal failure is not fatal; the next check retries.
      this.log('warn', 'certificate renewal failed; will retry', { error: (err as Error).message });
    }
  }

  private skipState = (p: string): boolean =>
    p === this.config.stateDir || p.startsWith(`${this.config.stateDir}/`);

  private async roots(): Promise<DiscoveryRoot[]> {
    const roots: DiscoveryRoot[] = (this.runtime?.monitored_paths ?? []).map((p) => ({
      path: p,
      channel: 'discovery',
    }));
    for (const v of await this.platform.removable.list()) {
      roots.push({ path: v.mount_point, channel: 'removable_storage', removable: v });
    }
    return roots;
  }

  async discover(): Promise<DiscoveryStats | null> {
    if (!this.runtime) return null;
    const roots = await this.roots();
    this.sight.retain(new Set(roots.map((r) => r.path)));
    const stats = await runDiscovery(roots, {
      store: this.files,
      sink: this.pipeline,
      maxReadBytes: this.config.maxReadBytes,
      skip: this.skipState,
      bundleVersion: this.bundleVersion(),
      log: (m) => this.log('debug', m),
      sight: this.sight,
      onSight: sightLogger(this.log),
    });
    this.log('info', 'discovery pass done', { ...stats });
    // A pass reads and hashes many files: give the freed buffers back before the service idles.
    releaseFreedMemory();
    return stats;
  }

  async upload(): Promise<{ sent: number; wait_ms: number }> {
    if (this.revoked) return { sent: 0, wait_ms: 60_000 };
    const r = await uploadQueued(this.queue, this.api, this.log);
    // Evidence copies follow their events (docs/agent.md, Evidence copies).
    if (!r.offline)
      await drainEvidence(
        this.pipeline,
        this.transport,
        { key: this.key, deviceId: this.enrollment.device_id },
        this.log,
      );
    if (r.offline) this.offline = true;
    else if (r.sent > 0) this.offline = false;
    return { sent: r.sent, wait_ms: r.wait_ms };
  }

  /**
   * Learns the clock offset with the probe route before anything else is signed (it changes nothing on
   * the server). An older server answers 404 and a down one nothing: both leave the offset as it is.
   */
  async syncClock(): Promise<void> {
    try {
      await this.api.probe();
    } catch {
      /* unreachable: the check-in that follows reports it */
    }
  }

  /** `dlp-agent run --once`: check-in, discovery over monitored paths and removable volumes, upload. */
  async runOnce(): Promise<RunSummary> {
    this.sight.attach(this.config.stateDir, ['discovery']);
    await this.syncClock();
    await this.renewCertificate();
    const checkin = await this.checkin();
    const discovery = await this.discover();
    const up = await this.upload();
    return {
      checkin,
      bundle_version: this.bundleVersion(),
      discovery,
      uploaded: up.sent,
      queue_depth: this.queue.depth(),
      offline: this.offline,
    };
  }

  /** Starts or restarts live watching of monitored paths and removable volumes. */
  private async syncWatches(): Promise<void> {
    this.live?.sync(await this.roots());
  }

  /** The long-running service loop; resolves when `signal` aborts. */
  async run(signal: AbortSignal): Promise<void> {
    const activity = new FileActivitySensor({
      store: this.files,
      sink: this.pipeline,
      watching: this.platform.files,
      maxReadBytes: this.config.maxReadBytes,
      skip: this.skipState,
      bundleVersion: () => this.bundleVersion(),
      log: (m) => this.log('warn', m),
    });
    this.sight.attach(this.config.stateDir);
    this.live = new LiveWatches(activity, (level, msg, fields) => this.log(level, msg, fields), this.sight);
    this.platform.service.notifyReady();
    const c = this.config;
    const checkinMs =
      (c.sources.CheckinIntervalSecs === 'default' && this.enrollment.checkin_interval_secs
        ? this.enrollment.checkin_interval_secs
        : c.checkinIntervalSecs) * 1000;
    const failed = (name: string) => (err: Error) =>
      this.log('error', `${name} failed`, { error: err.message });
    let uploadWait = 0;
    await this.syncClock();
    await this.checkin();
    await this.syncWatches();
    releaseFreedMemory();
    await Promise.all([
      repeat(
        signal,
        () => checkinMs,
        async () => {
          await this.checkin();
          await this.syncWatches();
          releaseFreedMemory();
        },
        failed('check-in'),
        checkinMs,
      ),
      repeat(
        signal,
        () => Math.max(uploadWait, c.uploadIntervalSecs * 1000),
        async () => {
          uploadWait = (await this.upload()).wait_ms;
        },
        failed('upload'),
      ),
      repeat(
        signal,
        () => c.discoveryIntervalSecs * 1000,
        async () => {
          await this.discover();
        },
        failed('discovery'),
      ),
      // Removable volumes come and go: re-list them every 10 s (mountinfo is cheap to read).
      repeat(
        signal,
        () => 10_000,
        () => this.syncWatches(),
        failed('removable media'),
        10_000,
      ),
      repeat(
        signal,
        () => 6 * 3600_000,
        () => this.renewCertificate(),
        failed('certificate renewal'),
        6 * 3600_000,
      ),
    ]);
  }

  async close(): Promise<void> {
    this.live?.close();
    this.queue.close();
    this.files.close();
    await this.key.close();
    await this.transport.close();
  }
}

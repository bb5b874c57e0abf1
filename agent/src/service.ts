import { join } from 'node:path';
import type { AgentConfig } from './config.js';
import { DiscoveryScanRunner } from './discovery-scan/runner.js';
import { serverCaPem } from './enroll.js';
import { type EnrollmentState, readEnrollment } from './enrollment-state.js';
import { EvidenceSpool } from './evidence/spool.js';
import { drainEvidence } from './evidence/upload.js';
import type { DeviceKey } from './identity/device-key.js';
import { loadPinnedDeviceKey } from './identity/select-key.js';
import type { Logger } from './log.js';
import { BurstMemo } from './people/burst.js';
import { SessionChannel } from './people/channel.js';
import { decisionClock, ExceptionClient } from './people/exception-client.js';
import { ExceptionStore } from './people/exception-store.js';
import { promptTimeoutMs, startSessionChannel } from './people/service-start.js';
import { DecisionPipeline, type PipelineDeps } from './pipeline.js';
import type { Platform } from './platform/types.js';
import { BundleStore } from './policy/bundle-store.js';
import { engineVerifier } from './policy/engine-verify.js';
import { NetworkLocationState } from './policy/network-location-state.js';
import { EventQueue } from './queue/event-queue.js';
import type { Wake } from './schedule.js';
import type { DiscoveryStats } from './sensors/discovery.js';
import { FileActivitySensor } from './sensors/file-activity.js';
import { FileStateStore } from './sensors/file-state-store.js';
import { warmUpHeldOpens } from './sensors/held-open-warm-up.js';
import { type HeldOpenOptions, HeldOpenSensor } from './sensors/held-opens.js';
import { LiveWatches } from './sensors/live-watches.js';
import { PathSight } from './sensors/path-sight.js';
import { checkin, checkinUninstalling } from './service/checkin.js';
import { queueRefusedConnections, syncConnectionFilters } from './service/connection-filters.js';
import { discover, discoveryRoots, heldOpenRoots, insideStateDir } from './service/discovery-pass.js';
import { runLoops, serviceLoops } from './service/loops.js';
import { renewCertificate } from './service/renewal.js';
import { type AgentState, bundleVersion, type CallOutcome, refreshRuntime } from './service/state.js';
import { AgentApi } from './transport/agent-api.js';
import { AgentTransport } from './transport/client.js';
import { uploadQueued } from './uploader.js';

export interface RunSummary {
  checkin: CallOutcome;
  bundle_version: number;
  discovery: DiscoveryStats | null;
  uploaded: number;
  queue_depth: number;
  offline: boolean;
}

/**
 * The agent service: wires every part once (stores, transport, decision pipeline) and runs the jobs
 * in `service/` over them: check-in (`checkin.ts`), policy fetch (`policy-fetch.ts`), renewal
 * (`renewal.ts`), discovery (`discovery-pass.ts`) and the timer loops (`loops.ts`). An agent
 * degrades and keeps the last good state: a failed check-in makes it offline (decisions then carry
 * `evaluated_offline: true`), a refused bundle leaves the last verified one in force, a failed
 * renewal is logged and retried later.
 */
export class AgentService {
  readonly pipeline: DecisionPipeline;
  private readonly pipelineDeps: PipelineDeps;
  /** Discovery scans the server sends at check-in (docs/discovery-scans.md). */
  readonly scans: DiscoveryScanRunner;
  private readonly s: AgentState;
  private live: LiveWatches | null = null;
  private held: HeldOpenSensor | null = null;
  /** The held-open sensor's options until its decision path is warmed up (issue 18). */
  private heldToWarm: HeldOpenOptions | null = null;

  private constructor(
    platform: Platform,
    config: AgentConfig,
    log: Logger,
    enrollment: EnrollmentState,
    key: DeviceKey,
    transport: AgentTransport,
  ) {
    const clock = decisionClock();
    const session = platform.session ? new SessionChannel(platform.session, platform.identity, log) : null;
    const exceptionStore = new ExceptionStore(config.stateDir);
    const s: AgentState = {
      platform,
      config,
      log,
      key,
      transport,
      api: new AgentApi(transport, { key, deviceId: enrollment.device_id }),
      queue: new EventQueue(join(config.stateDir, 'queue.db'), config.queueCapacity, config.queueOverflow),
      files: new FileStateStore(join(config.stateDir, 'files.db')),
      bundles: new BundleStore(
        join(config.stateDir, 'policy'),
        engineVerifier(
          () => s.enrollment,
          () => transport.now(),
        ),
      ),
      location: new NetworkLocationState(config.stateDir, platform.network),
      sight: new PathSight(),
      enrollment,
      runtime: null,
      connectionHealth: { wanted: 0, in_force: 0, reason: null },
      offline: false,
      revoked: false,
      session,
      exceptionStore,
      exceptions: new ExceptionClient({
        store: exceptionStore,
        transport,
        key,
        enrollment: () => s.enrollment,
        session,
        log,
        clock,
      }),
    };
    this.s = s;
    this.pipelineDeps = {
      platform,
      location: () => s.location.current(),
      queue: s.queue,
      runtime: () => s.runtime,
      device: {
        id: enrollment.device_id,
        // Read at each decision: a move in the console arrives with a check-in (adoptGroup).
        agent_group: () => s.enrollment.agent_group,
      },
      offline: () => s.offline,
      log,
      evidence: new EvidenceSpool(join(config.stateDir, 'evidence'), log),
      clock,
      exceptions: exceptionStore,
      ...(s.session
        ? {
            prompts: {
              channel: s.session,
              timeoutMs: promptTimeoutMs(),
              burst: new BurstMemo(Date.now),
              ...(s.exceptions ? { exceptions: s.exceptions } : {}),
            },
          }
        : {}),
    };
    this.pipeline = new DecisionPipeline(this.pipelineDeps);
    this.scans = new DiscoveryScanRunner(s, this.pipeline);
    s.scans = this.scans;
  }

  /** Opens an enrolled agent: pinned device key, transport to the enrolled server, stores. */
  static async open(platform: Platform, config: AgentConfig, log: Logger): Promise<AgentService> {
    const enrollment = await readEnrollment(config.stateDir);
    if (!enrollment) throw new Error('not enrolled');
    const { key, reason } = await loadPinnedDeviceKey(
      config.stateDir,
      platform.deviceKeys,
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
    await svc.s.bundles.load();
    await svc.s.location.load();
    await svc.s.exceptionStore?.load();
    refreshRuntime(svc.s);
    return svc;
  }

  get config(): AgentConfig {
    return this.s.config;
  }
  get queue(): EventQueue {
    return this.s.queue;
  }
  get files(): FileStateStore {
    return this.s.files;
  }
  get bundles(): BundleStore {
    return this.s.bundles;
  }
  get api(): AgentApi {
    return this.s.api;
  }
  get transport(): AgentTransport {
    return this.s.transport;
  }

  bundleVersion(): number {
    return bundleVersion(this.s);
  }

  /** One check-in (and the policy fetch it asks for); see service/checkin.ts. */
  checkin(): Promise<CallOutcome> {
    return checkin(this.s, async () => {
      syncConnectionFilters(this.s);
      await this.syncWatches();
    });
  }

  /** Uninstall tells the server first: a check-in whose health says so. True when the server answered. */
  checkinUninstalling(): Promise<boolean> {
    return checkinUninstalling(this.s);
  }

  /** `dlp-agent requests --withdraw REF` (document 2 route; the reference is validated by the CLI). */
  withdrawRequest(reference: string): Promise<unknown> {
    return this.s.transport.json(
      'POST',
      `/api/v1/agent/exception-requests/${encodeURIComponent(reference)}/withdraw`,
      {},
      { key: this.s.key, deviceId: this.s.enrollment.device_id },
    );
  }

  renewCertificate(force = false): Promise<void> {
    return renewCertificate(this.s, force);
  }

  discover(): Promise<DiscoveryStats | null> {
    return discover(this.s, this.pipeline);
  }

  async upload(): Promise<{ sent: number; wait_ms: number }> {
    if (this.s.revoked) return { sent: 0, wait_ms: 60_000 };
    const r = await uploadQueued(this.s.queue, this.s.api, this.s.log);
    // Evidence copies follow their events (docs/agent.md, Evidence copies).
    if (!r.offline)
      await drainEvidence(
        this.pipeline,
        this.s.transport,
        { key: this.s.key, deviceId: this.s.enrollment.device_id },
        this.s.log,
      );
    if (r.offline) this.s.offline = true;
    else if (r.sent > 0) this.s.offline = false;
    return { sent: r.sent, wait_ms: r.wait_ms };
  }

  /**
   * Learns the clock offset with the probe route before anything else is signed (it changes nothing on
   * the server). An older server answers 404 and a down one nothing: both leave the offset as it is.
   */
  async syncClock(): Promise<void> {
    try {
      await this.s.api.probe();
    } catch {
      /* unreachable: the check-in that follows reports it */
    }
  }

  /** `dlp-agent run --once`: check-in, discovery over monitored paths and removable volumes, upload. */
  async runOnce(): Promise<RunSummary> {
    this.s.sight.attach(this.s.config.stateDir, ['discovery']);
    await this.syncClock();
    await this.renewCertificate();
    const outcome = await this.checkin();
    // A scan the check-in delivered finishes (and is reported) before `--once` exits.
    await this.scans.idle();
    const discovery = await this.discover();
    const up = await this.upload();
    return {
      checkin: outcome,
      bundle_version: this.bundleVersion(),
      discovery,
      uploaded: up.sent,
      queue_depth: this.s.queue.depth(),
      offline: this.s.offline,
    };
  }

  /** Starts or restarts live watching of monitored paths and removable volumes, and held opens. */
  private async syncWatches(): Promise<void> {
    this.live?.sync(await discoveryRoots(this.s));
    const roots = heldOpenRoots(this.s);
    // Before the first opens are held: V8 compiles their decision first (held-open-warm-up.ts).
    if (this.heldToWarm && roots[0] !== undefined) {
      const options = this.heldToWarm;
      this.heldToWarm = null;
      await warmUpHeldOpens(options, this.pipelineDeps, roots[0]).then(
        (w) => this.s.log('info', 'held-open decisions warmed up', { ...w }),
        (err) => this.s.log('warn', 'held-open warm-up failed', { error: (err as Error).message }),
      );
    }
    await this.held?.sync(roots);
  }

  /** One poll of exception decisions (document 2 cadence; also after a check-in while any is pending). */
  pollExceptions(): Promise<void> {
    return this.s.exceptions?.poll() ?? Promise.resolve();
  }

  /** The long-running service; resolves when `signal` aborts. `checkinNow` asks for a check-in at once. */
  async run(signal: AbortSignal, checkinNow?: Wake): Promise<void> {
    const { s } = this;
    const activity = new FileActivitySensor({
      store: s.files,
      sink: this.pipeline,
      watching: s.platform.files,
      maxReadBytes: s.config.maxReadBytes,
      skip: insideStateDir(s),
      bundleVersion: () => this.bundleVersion(),
      log: (m) => s.log('warn', m),
    });
    s.sight.attach(s.config.stateDir);
    this.live = new LiveWatches(activity, (level, msg, fields) => s.log(level, msg, fields), s.sight);
    if (s.platform.heldOpens?.available) {
      this.heldToWarm = {
        heldOpens: s.platform.heldOpens,
        sink: this.pipeline,
        maxReadBytes: s.config.maxReadBytes,
        promptTimeoutMs: promptTimeoutMs(),
        bundleVersion: () => this.bundleVersion(),
        skip: insideStateDir(s),
        log: (level, msg, fields) => s.log(level, msg, fields),
      };
      this.held = new HeldOpenSensor(this.heldToWarm);
    }
    await startSessionChannel(s);
    s.platform.service.notifyReady();
    // The bundle already in force is filtered at once, before the first check-in answers.
    syncConnectionFilters(s);
    const c = s.config;
    const checkinSecs =
      c.sources.CheckinIntervalSecs === 'default' && s.enrollment.checkin_interval_secs
        ? s.enrollment.checkin_interval_secs
        : c.checkinIntervalSecs;
    await this.syncClock();
    await this.checkin();
    await this.syncWatches();
    s.platform.releaseFreedMemory();
    let startPagesReleased = false;
    const loops = serviceLoops(
      {
        checkin: async () => {
          await this.checkin();
          if (s.exceptionStore?.busy(Date.now())) await this.pollExceptions();
          await this.syncWatches();
          s.platform.releaseFreedMemory();
        },
        upload: () => this.upload(),
        discover: async () => {
          await this.discover();
          // Once, after the first pass: start-up's pages of the executable go back (Linux).
          if (startPagesReleased) return;
          startPagesReleased = true;
          const pages = s.platform.releaseStartPages?.();
          if (pages) s.log('info', 'start-up pages of the executable released', { ...pages });
        },
        syncWatches: async () => {
          await this.syncWatches();
          // Refused connections ride the same 10 s beat (one a minute per application and destination).
          queueRefusedConnections(s);
          // Windows: the service keeps a session helper running in the console session.
          await s.session?.keepHelper(Date.now());
        },
        renewCertificate: () => this.renewCertificate(),
        pollExceptions: () => this.pollExceptions(),
        exceptionPollMs: () => s.exceptions?.nextPollMs() ?? 15 * 60_000,
      },
      {
        checkinMs: checkinSecs * 1000,
        uploadMs: c.uploadIntervalSecs * 1000,
        discoveryMs: c.discoveryIntervalSecs * 1000,
        checkinNow,
      },
    );
    await runLoops(signal, loops, s.log);
  }

  async close(): Promise<void> {
    this.scans.stop();
    await this.scans.idle();
    await this.s.session?.stop();
    this.held?.close();
    this.live?.close();
    this.s.platform.connectionFilters?.close();
    this.s.queue.close();
    this.s.files.close();
    await this.s.key.close();
    await this.s.transport.close();
  }
}

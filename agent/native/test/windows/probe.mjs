// Runs INSIDE Windows node.exe under Wine (never on Linux): exercises the real addon through the
// facade and the Windows backend, and prints one JSON line for native-under-wine.test.ts.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as native from '@custos/native';
import { encodeLabel, LABEL_STREAM, parseStoredLabel } from '../../../dist/platform/label-record.js';
import { createWin32Identity } from '../../../dist/platform/win32/identity.js';
import * as win32 from '../../../dist/platform/win32/index.js';
import { createWin32Labels } from '../../../dist/platform/win32/labels.js';
import { createRegistryPolicySource } from '../../../dist/platform/win32/machine-policy.js';
import { createWin32Removable } from '../../../dist/platform/win32/removable.js';
import { createWin32ServiceHooks } from '../../../dist/platform/win32/service-hooks.js';
import { soleSignedInSession, tokenMemberships } from '../../../dist/platform/win32/token-groups.js';
import { ZONE_IDENTIFIER_STREAM } from '../../../dist/platform/win32/zone-identifier.js';

// The agent's platform switch names the host to the addon facade; this probe stands in for it.
native.useNativeHost(process.platform);

function failure(fn) {
  try {
    const value = fn();
    return { threw: false, value };
  } catch (err) {
    return {
      threw: true,
      name: err.constructor?.name,
      code: err.code,
      syscall: err.syscall,
      osCode: err.osCode,
      osCodeKind: err.osCodeKind,
      message: err.message,
      details: err.details,
    };
  }
}

async function failureAsync(fn) {
  try {
    return { threw: false, value: await fn() };
  } catch (err) {
    return { threw: true, code: err.code, syscall: err.syscall, osCode: err.osCode, message: err.message };
  }
}

const scenarios = {
  load() {
    const status = native.nativeStatus();
    return {
      execPath: process.execPath,
      loaded: status.loaded,
      path: status.path,
      functions: status.functions,
      host: native.nativeFunction('hostInfo')(),
    };
  },

  async identity() {
    const token = native.nativeFunction('processTokenIdentity')();
    const sessions = native.nativeFunction('consoleSessions')();
    return {
      token,
      memberships: tokenMemberships(token.groups),
      sessions,
      sole: soleSignedInSession(sessions),
      consoleToken: failure(() =>
        native.nativeFunction('sessionTokenIdentity')(sessions.activeConsoleSessionId ?? 1),
      ),
      admins: await failureAsync(() => native.nativeFunction('lookupSid')('S-1-5-32-544')),
      unknown: await failureAsync(() => native.nativeFunction('lookupSid')('S-1-5-21-1-2-3-987654')),
      malformed: await failureAsync(() => native.nativeFunction('lookupSid')('not-a-sid')),
      platformIdentity: await createWin32Identity().current(),
    };
  },

  errors() {
    const manager = new win32.ConnectionFilterManager(win32.resolveApplicationHere);
    const health = manager.apply([
      {
        policy_id: 'POL-1',
        mode: 'deny',
        applications: ['cmd.exe'],
        destinations: [{ address: '203.0.113.0/24', ports: [443] }],
      },
    ]);
    return {
      wfpOpen: failure(() => native.nativeFunction('wfpOpen')({ collectNetEvents: true })),
      wfpAppId: failure(() => native.nativeFunction('wfpAppId')('C:\\windows\\system32\\cmd.exe')),
      serviceStart: failure(() => native.nativeFunction('serviceStart')('CustosAgentTest', () => {})),
      serviceStatus: failure(() => native.nativeFunction('serviceSetStatus')('running')),
      streamMissingFile: failure(() =>
        native.nativeFunction('streamRead')('C:\\no\\such\\file.txt', 'custos.label'),
      ),
      badHive: failure(() => native.nativeFunction('registryGetValue')('HKXX', 'a', 'b')),
      badLevel: failure(() => native.nativeFunction('reportEvent')('Custos DLP Agent', 'loud', 1, 'x')),
      badStreamName: failure(() => native.nativeFunction('streamRead')('C:\\windows\\win.ini', 'a:b')),
      linuxOnly: failure(() => native.nativeFunction('xattrGet')),
      unknownSession: failure(() => native.nativeFunction('wfpTakeNetEvents')(4242)),
      resolvedCmd: win32.resolveApplicationHere('cmd.exe'),
      health,
      alive: true,
    };
  },

  streams() {
    const dir = mkdtempSync(join(tmpdir(), 'custos-streams-'));
    const file = join(dir, 'report.docx');
    writeFileSync(file, 'content');
    const fn = native.nativeFunction;
    const probeResult = fn('streamProbe')(dir);
    const before = fn('streamRead')(file, LABEL_STREAM);
    fn('streamWrite')(file, LABEL_STREAM, encodeLabel('Confidential'), 'create');
    const again = failure(() => fn('streamWrite')(file, LABEL_STREAM, encodeLabel('Other'), 'create'));
    const after = parseStoredLabel(fn('streamRead')(file, LABEL_STREAM));
    fn('streamWrite')(
      file,
      ZONE_IDENTIFIER_STREAM,
      Buffer.from(
        '[ZoneTransfer]\r\nZoneId=3\r\nReferrerUrl=https://mail.example.com/x\r\nHostUrl=https://files.example.net/a?sig=1\r\n',
      ),
      'any',
    );
    const mark = win32.readMarkOfTheWeb(file);
    const listed = fn('streamList')(file);
    const entries = readdirSync(dir).sort();
    const labels = createWin32Labels(dir);
    const out = {
      probe: probeResult,
      before,
      again,
      after,
      mark,
      listed,
      entries,
      labelsAvailable: labels.available,
      labelsProbeKind: labels.probe?.kind ?? null,
      probeLeftovers: entries.filter((e) => e.startsWith('custos-stream-probe')),
    };
    rmSync(dir, { recursive: true, force: true });
    return out;
  },

  async devices() {
    return {
      volumes: native.nativeFunction('listVolumes')(),
      disks: native.nativeFunction('diskInterfaces')(),
      removable: await createWin32Removable().list(),
      watch: failure(() => native.nativeFunction('watchDevices')(() => {})),
      backendWatch: failure(() => win32.watchVolumeChanges(() => {})),
    };
  },

  eventlog() {
    const hooks = createWin32ServiceHooks();
    hooks.reportEvent(2001, 'info', 'Custos agent enrolled with https://dlp.example.test');
    hooks.reportEvent(3004, 'error', 'Custos agent enrolment failing: enrollment token revoked');
    return { reported: 2 };
  },

  async registry() {
    return {
      policy: await createRegistryPolicySource().read(),
      missingKey: native.nativeFunction('registryGetValue')('HKLM', 'SOFTWARE\\Custos\\NoSuchKey', 'X'),
    };
  },

  async platform() {
    const platform = await win32.createPlatform({});
    const before = platform.capabilities.channels().network_connection;
    // The service loop hands the bundle's connection policies over (service/connection-filters.ts).
    const health = platform.connectionFilters.apply([
      {
        policy_id: 'POL-1',
        mode: 'deny',
        applications: ['cmd.exe'],
        destinations: [{ address: '203.0.113.0/24' }],
      },
    ]);
    return {
      before,
      health,
      refused: platform.connectionFilters.takeRefused(),
      id: platform.id,
      osName: platform.osName,
      machineIdentity: await platform.machineIdentity(),
      stateDir: platform.defaultStateDir(),
      network: platform.capabilities.channels().network_connection,
      labels: platform.labels.available,
      scope: platform.capabilities.scopeAttributes(),
      existsStateParent: existsSync('C:\\ProgramData'),
    };
  },
};

const name = process.argv[2];
if (!scenarios[name]) throw new Error(`unknown scenario ${name}`);
const result = await scenarios[name]();
console.log(JSON.stringify(result));

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_KEY } from '../../src/platform/win32/machine-policy.js';
import { EVENT_SOURCE, SERVICE_NAME } from '../../src/platform/win32/service-hooks.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

// Issue 19: the MSI that wix/build.sh makes with wixl, read back table by table with msiinfo
// (msitools; scripts/install-test-deps.sh wixl msitools). The payload is a stand-in directory:
// what is checked here is the installer's own authoring, not the agent executable.
let msi = '';
const rows = (table: string): string[][] =>
  execFileSync('msiinfo', ['export', msi, table], { encoding: 'utf8' })
    .split('\r\n')
    .join('\n')
    .split('\n')
    .slice(3)
    .filter((l) => l !== '')
    .map((l) => l.split('\t'));
const byKey = (table: string) => new Map(rows(table).map((r) => [r[0]!, r]));

// One build for the file (tempDir() would remove it after the first test).
const dir = mkdtempSync(join(tmpdir(), 'custos-msi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(() => {
  const payload = join(dir, 'payload');
  mkdirSync(join(payload, 'lib'), { recursive: true });
  writeFileSync(join(payload, 'dlp-agent.exe'), 'MZ stand-in');
  writeFileSync(join(payload, 'lib', 'custos_native.node'), 'stand-in');
  msi = join(dir, 'agent.msi');
  execFileSync('bash', ['wix/build.sh', '--payload', payload, '--out', msi, '--version', '1.2.3'], {
    cwd: ROOT,
    stdio: 'ignore',
  });
});

describe('the Windows installer (wixl), table by table', () => {
  it('summary: x64, per machine', () => {
    const summary = execFileSync('msiinfo', ['suminfo', msi], { encoding: 'utf8' });
    expect(summary).toMatch(/Template: x64;1033/);
    expect(byKey('Property').get('ALLUSERS')?.[1]).toBe('1');
    expect(byKey('Property').get('ProductVersion')?.[1]).toBe('1.2.3');
  });

  it('Property: SERVERURL and ENROLLTOKEN secure, the token hidden and never stored', () => {
    const p = byKey('Property');
    const secure = p.get('SecureCustomProperties')![1]!.split(';');
    expect(secure).toEqual(
      expect.arrayContaining([
        'SERVERURL',
        'ENROLLTOKEN',
        'CAFILE',
        'FORCEUNINSTALL',
        'WIX_UPGRADE_DETECTED',
      ]),
    );
    const hidden = p.get('MsiHiddenProperties')![1]!.split(';');
    expect(hidden).toEqual(
      expect.arrayContaining(['ENROLLTOKEN', 'POLICYTOKEN', 'CA_Enroll', 'CA_EnrollRollback']),
    );
    expect(p.has('ENROLLTOKEN')).toBe(false);
    // Where ENROLLTOKEN is named at all: the property lists, the enrol command, conditions. No
    // Registry, IniFile or Environment row takes it (it is never written to disk in clear).
    const dump = join(dir, 'dump');
    mkdirSync(dump, { recursive: true });
    execFileSync('msidump', ['-d', dump, msi]);
    const tables = readdirSync(dump)
      .filter((f) => f.endsWith('.idt') && readFileSync(join(dump, f), 'utf8').includes('ENROLLTOKEN'))
      .sort();
    expect(tables).toEqual([
      'CustomAction.idt',
      'InstallExecuteSequence.idt',
      'LaunchCondition.idt',
      'Property.idt',
    ]);
  });

  it('CustomAction: enrolment deferred as LocalSystem with its target hidden; a rollback action; uninstall tells the server', () => {
    const ca = byKey('CustomAction');
    const type = (id: string) => Number(ca.get(id)![1]);
    const enrol = type('CA_Enroll');
    expect(enrol & 0x3f).toBe(18); // exe from an installed file
    expect(enrol & 1024).toBe(1024); // deferred (in script)
    expect(enrol & 2048).toBe(2048); // no impersonation: LocalSystem
    expect(enrol & 8192).toBe(8192); // HideTarget: the command line never reaches a log
    expect(enrol & 64).toBe(0); // return checked: a refused token fails the install
    expect(ca.get('CA_Enroll')![3]).toBe(
      'enroll --from-installer --server "[SERVERURL]" --token "[ENROLLTOKEN]" [ENROLLCAARG]',
    );
    // CAFILE (a private CA) is passed only when given: a set-property action (51) before it.
    expect(type('CA_SetCaArg') & 0x3f).toBe(51);
    expect(ca.get('CA_SetCaArg')!.slice(2, 4)).toEqual(['ENROLLCAARG', '--ca-file "[CAFILE]"']);
    const rollback = type('CA_EnrollRollback');
    expect(rollback & (256 | 1024 | 2048 | 8192)).toBe(256 | 1024 | 2048 | 8192);
    expect(ca.get('CA_EnrollRollback')![3]).toBe('uninstall --force');
    expect(ca.get('CA_Uninstall')![3]).toBe('uninstall --from-installer');
    expect(type('CA_Uninstall') & (1024 | 2048 | 64)).toBe(1024 | 2048);
    expect(ca.get('CA_UninstallForce')![3]).toBe('uninstall --from-installer --force');
  });

  it('InstallExecuteSequence: enrol after the files and service exist and before the service starts; uninstall after it stops', () => {
    const seq = byKey('InstallExecuteSequence');
    const at = (a: string) => Number(seq.get(a)![2]);
    expect(at('InstallFiles')).toBeLessThan(at('CA_EnrollRollback'));
    expect(at('InstallServices')).toBeLessThan(at('CA_EnrollRollback'));
    expect(at('CA_EnrollRollback')).toBeLessThan(at('CA_Enroll'));
    expect(at('CA_SetCaArg')).toBeLessThan(at('CA_Enroll'));
    expect(seq.get('CA_SetCaArg')![1]).toBe('CAFILE');
    expect(at('CA_Enroll')).toBeLessThan(at('StartServices'));
    expect(seq.get('CA_Enroll')![1]).toBe('ENROLLTOKEN AND NOT Installed AND NOT WIX_UPGRADE_DETECTED');
    expect(at('StopServices')).toBeLessThan(at('CA_Uninstall'));
    expect(at('CA_UninstallForce')).toBeLessThan(at('DeleteServices'));
    expect(at('CA_Uninstall')).toBeLessThan(at('RemoveFiles'));
    expect(seq.get('CA_Uninstall')![1]).toBe(
      'REMOVE="ALL" AND NOT UPGRADINGPRODUCTCODE AND NOT FORCEUNINSTALL',
    );
    expect(seq.has('RemoveExistingProducts')).toBe(true); // MajorUpgrade
    expect(rows('Upgrade').length).toBeGreaterThan(0);
  });

  it('ServiceInstall and ServiceControl: automatic, LocalSystem, started at install, stopped and removed', () => {
    const [svc] = rows('ServiceInstall');
    // ServiceInstall, Name, DisplayName, ServiceType, StartType, ErrorControl, LoadOrderGroup,
    // Dependencies, StartName, Password, Arguments, Component_, Description
    expect(svc!.slice(1, 6)).toEqual([SERVICE_NAME, 'Custos DLP Agent', '16', '2', '1']);
    expect(svc![8]).toBe('LocalSystem');
    expect(svc![10]).toBe('run');
    expect(svc![11]).toBe('AgentExe');
    const [ctl] = rows('ServiceControl');
    // 1 start at install + 2 stop at install + 32 stop at uninstall + 128 delete at uninstall; wait
    expect(ctl!.slice(1, 5)).toEqual([SERVICE_NAME, '163', '', '1']);
  });

  it('Registry: the event log source, nothing of the token', () => {
    const reg = rows('Registry');
    const source = `SYSTEM\\CurrentControlSet\\Services\\EventLog\\Application\\${EVENT_SOURCE}\\`;
    const values = new Map(reg.filter((r) => r[1] === '2' && r[2] === source).map((r) => [r[3], r[4]]));
    expect(values.get('EventMessageFile')).toMatch(/EventLogMessages\.dll$/);
    expect(values.get('TypesSupported')).toBe('#7');
    expect(JSON.stringify(reg)).not.toMatch(/ENROLLTOKEN|EnrollmentToken/);
  });

  it('LaunchCondition and AppSearch: build, architecture, pending restart, https only, a token by one route', () => {
    const lc = rows('LaunchCondition').map((r) => r[0]!);
    expect(lc).toContain('Installed OR VersionNT64');
    expect(lc).toContain(
      'Installed OR (MsiNTProductType = 1 AND WINBUILD >= 19041) OR (MsiNTProductType > 1 AND WINBUILD >= 17763)',
    );
    expect(lc).toContain('Installed OR NOT PENDINGRENAMES');
    expect(lc).toContain('Installed OR NOT SERVERURL OR SERVERURL ~<< "https://"');
    expect(lc).toContain('Installed OR NOT POLICYSERVERURL OR POLICYSERVERURL ~<< "https://"');
    expect(lc).toContain(
      'Installed OR WIX_UPGRADE_DETECTED OR (SERVERURL AND ENROLLTOKEN) OR (NOT SERVERURL AND NOT ENROLLTOKEN AND POLICYTOKEN AND POLICYSERVERURL)',
    );
    expect(lc).toContain('NOT WIX_DOWNGRADE_DETECTED');
    const loc = byKey('RegLocator');
    // Root 2 = HKLM; type 18 = raw value (2) from the 64-bit view (16).
    expect(loc.get('PolicyToken')!.slice(1)).toEqual(['2', POLICY_KEY, 'EnrollmentToken', '18']);
    expect(loc.get('PolicyServerUrl')!.slice(1)).toEqual(['2', POLICY_KEY, 'ServerUrl', '18']);
    expect(loc.get('WinBuild')!.slice(2, 4)).toEqual([
      'SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion',
      'CurrentBuildNumber',
    ]);
    expect(loc.get('PendingRenames')![3]).toBe('PendingFileRenameOperations');
  });

  it('File and Directory: the executable, the payload, the ADMX and one ADML per language under PolicyDefinitions', () => {
    const files = rows('File').map((r) => r[2]!);
    expect(files).toEqual(
      expect.arrayContaining(['dlp-agent.exe', 'custos_native.node', 'custos-agent.admx']),
    );
    expect(files.filter((f) => f === 'custos-agent.adml')).toHaveLength(4);
    const dirs = byKey('Directory');
    expect(dirs.get('PolicyDefinitions')!.slice(1)).toEqual(['WindowsFolder', 'PolicyDefinitions']);
    expect(dirs.get('INSTALLDIR')![2]).toBe('DLP Agent');
    expect(dirs.get('CustosFolder')![1]).toBe('ProgramFiles64Folder');
    expect(dirs.get('PolicyAz')![2]).toBe('az-Latn-AZ');
  });
});

import { spawn } from 'node:child_process';

/**
 * Windows (document 2, issue 22): the update is the release's MSI, installed as a major upgrade
 * by `msiexec`, started detached from the service so the installer can stop and replace the
 * service (the MSI stays the owner of the files) and start the new version. Quiet, no reboot, a
 * verbose log beside the package in the state directory.
 */
export interface MsiexecCommand {
  file: string;
  args: string[];
}

export function msiexecCommand(msi: string, log: string, systemRoot = 'C:\\Windows'): MsiexecCommand {
  return {
    file: `${systemRoot}\\System32\\msiexec.exe`,
    // REINSTALLMODE/REINSTALL are not needed: a higher ProductVersion with the same UpgradeCode is a
    // major upgrade (wix/: MajorUpgrade), which removes the old product after installing the new.
    args: ['/i', msi, '/qn', '/norestart', '/l*v', log],
  };
}

/** Starts the installer outside the service's process tree; the service does not wait for it. */
export function startDetached(cmd: MsiexecCommand): void {
  const child = spawn(cmd.file, cmd.args, {
    detached: true,
    stdio: 'ignore',
    windowsHide: true,
  });
  child.unref();
}

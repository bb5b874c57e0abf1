import { join } from 'node:path';
import { readStateJson, removeStateFile, writeStateJson } from '../state-files.js';

/**
 * The marker an update leaves before the swap (docs/agent-updates.md): which version is on trial,
 * where the previous executable is kept, and the deadline by which the new version must have
 * checked in. The new version removes it at its first successful check-in; a start past the
 * deadline, or the deadline passing while it runs, puts the previous executable back.
 */
export interface PendingUpdate {
  from_version: string;
  to_version: string;
  executable: string;
  previous: string;
  /** RFC 3339. */
  deadline: string;
  /** Windows: the MSI run does the swap; there is no previous file to restore here. */
  method: 'swap' | 'msiexec';
}

export function pendingPath(stateDir: string): string {
  return join(stateDir, 'update', 'pending.json');
}

export function readPending(stateDir: string): Promise<PendingUpdate | undefined> {
  return readStateJson<PendingUpdate>(pendingPath(stateDir)).catch(() => undefined);
}

export function writePending(stateDir: string, p: PendingUpdate): Promise<void> {
  return writeStateJson(pendingPath(stateDir), p);
}

export function clearPending(stateDir: string): Promise<void> {
  return removeStateFile(pendingPath(stateDir));
}

import { existsSync } from 'node:fs';
import { win32 } from 'node:path';

/**
 * Document 1, Connection policies: "Applications are resolved to copies in system folders and
 * the search path, so a copy elsewhere or a renamed one is not covered." System folders are the
 * Windows directory, System32 and SysWOW64; the search path is PATH plus the App Paths
 * registrations the shell uses to start programs by name (docs/native.md).
 */
export interface ResolutionInput {
  systemRoot: string;
  pathDirs: string[];
  /** `App Paths\<name>` default values: a full path per registered executable name. */
  appPaths: Map<string, string>;
  exists?: (path: string) => boolean;
}

const EXE_NAME = /^[^\\/:*?"<>|]+\.exe$/i;

export function resolveApplication(name: string, input: ResolutionInput): string[] {
  if (!EXE_NAME.test(name)) return [];
  const exists = input.exists ?? existsSync;
  const dirs = [
    input.systemRoot,
    win32.join(input.systemRoot, 'System32'),
    win32.join(input.systemRoot, 'SysWOW64'),
    ...input.pathDirs.filter((d) => d.trim() !== ''),
  ];
  const found = new Map<string, string>();
  for (const dir of dirs) {
    const candidate = win32.join(dir.trim().replace(/^"|"$/g, ''), name);
    if (exists(candidate)) found.set(candidate.toLowerCase(), candidate);
  }
  const registered = input.appPaths.get(name.toLowerCase());
  // A registration pointing at a differently named file is a rename: not covered.
  if (registered && win32.basename(registered).toLowerCase() === name.toLowerCase() && exists(registered)) {
    found.set(registered.toLowerCase(), registered);
  }
  return [...found.values()];
}

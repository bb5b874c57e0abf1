import type { PlatformOverrides } from '../../src/platform/index.js';
import { createPlatform } from '../../src/platform/linux/index.js';
import type { Platform } from '../../src/platform/types.js';

/** The real Linux backend pointed at fixture paths (no mocks: the same code reads the files). */
export function linuxPlatform(overrides: PlatformOverrides): Promise<Platform> {
  return createPlatform(overrides);
}

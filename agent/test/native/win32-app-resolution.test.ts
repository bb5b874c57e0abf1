import { describe, expect, it } from 'vitest';
import { resolveApplication } from '../../src/platform/win32/app-resolution.js';

// Document 1: "Applications are resolved to copies in system folders and the search path, so a
// copy elsewhere or a renamed one is not covered."
const files = new Set(
  [
    'C:\\Windows\\System32\\curl.exe',
    'C:\\Windows\\SysWOW64\\curl.exe',
    'C:\\Tools\\curl.exe',
    'C:\\Users\\bob\\Downloads\\curl.exe',
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files\\Renamed\\browser.exe',
  ].map((p) => p.toLowerCase()),
);
const input = {
  systemRoot: 'C:\\Windows',
  pathDirs: ['C:\\Tools', '', '"C:\\Quoted Dir"'],
  appPaths: new Map([
    ['chrome.exe', 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe'],
    ['edge.exe', 'C:\\Program Files\\Renamed\\browser.exe'],
  ]),
  exists: (p: string) => files.has(p.toLowerCase()),
};

describe('application resolution for connection filters', () => {
  it('finds copies in System32, SysWOW64 and PATH, not in a user folder', () => {
    expect(resolveApplication('curl.exe', input)).toEqual([
      'C:\\Windows\\System32\\curl.exe',
      'C:\\Windows\\SysWOW64\\curl.exe',
      'C:\\Tools\\curl.exe',
    ]);
  });
  it('uses the App Paths registration the shell starts programs by', () => {
    expect(resolveApplication('chrome.exe', input)).toEqual([
      'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    ]);
  });
  it('a registration pointing at a differently named file is a rename and is not covered', () => {
    expect(resolveApplication('edge.exe', input)).toEqual([]);
  });
  it('refuses paths and non-executables as names', () => {
    expect(resolveApplication('C:\\Windows\\System32\\curl.exe', input)).toEqual([]);
    expect(resolveApplication('curl', input)).toEqual([]);
  });
});

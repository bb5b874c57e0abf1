// Inside the single executable: the compiled files that cannot live in the JavaScript bundle (the
// agent's native addon, koffi's addon) are SEA assets. Node loads an addon only from a file, so each
// is written once to a content-addressed folder and loaded from there with process.dlopen.
//
// Where (first that applies): DLP_AGENT_RUNTIME_DIR; systemd's CACHE_DIRECTORY (the unit's
// CacheDirectory=); else <temp>/custos-agent-<uid> (Linux) or <temp>\custos-agent (Windows). Below
// it, one folder per build: the first 16 hex digits of the SHA-256 of the build's asset manifest.
// The folders are created owner-only; on Linux a folder that is not ours or that others may write
// is refused. Every file's SHA-256 is checked against the manifest embedded in the executable
// before it is loaded, each start: a changed file is written again. docs/packaging.md says more.
import { createHash } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as sea from 'node:sea';

let manifest;
let folder;

function inSea() {
  return typeof sea.isSea === 'function' && sea.isSea();
}

function notBundled(name) {
  const err = new Error(`${name} is not part of this build`);
  err.code = 'MODULE_NOT_FOUND';
  return err;
}

/** Name → SHA-256 (hex) of every addon asset of this executable. */
function assetManifest() {
  manifest ??= JSON.parse(sea.getAsset('manifest.json', 'utf8'));
  return manifest;
}

function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

function base() {
  if (process.env.DLP_AGENT_RUNTIME_DIR) return process.env.DLP_AGENT_RUNTIME_DIR;
  if (process.platform === 'linux' && process.env.CACHE_DIRECTORY) {
    return join(process.env.CACHE_DIRECTORY.split(':')[0], 'runtime');
  }
  const who = process.platform === 'win32' ? '' : `-${process.getuid()}`;
  return join(tmpdir(), `custos-agent${who}`);
}

/** Creates `dir` owner-only when missing; on Linux refuses one another user owns or may write. */
function privateDir(dir) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return;
  const st = lstatSync(dir);
  if (!st.isDirectory() || st.uid !== process.getuid() || (st.mode & 0o022) !== 0) {
    throw new Error(
      `runtime folder ${dir} is not a private folder of this user (set DLP_AGENT_RUNTIME_DIR to one)`,
    );
  }
}

function runtimeFolder() {
  if (folder) return folder;
  const id = sha256(JSON.stringify(assetManifest())).slice(0, 16);
  const root = base();
  privateDir(root);
  folder = join(root, id);
  privateDir(folder);
  return folder;
}

function currentHash(path) {
  try {
    return sha256(readFileSync(path));
  } catch {
    return null;
  }
}

/** The asset as a file whose bytes match the manifest; answers its path. */
export function assetFile(name) {
  if (!inSea()) throw notBundled(name);
  const want = assetManifest()[name];
  if (!want) throw notBundled(name);
  const path = join(runtimeFolder(), name);
  if (currentHash(path) === want) return path;
  const bytes = new Uint8Array(sea.getRawAsset(name));
  if (sha256(bytes) !== want) throw new Error(`asset ${name} does not match this build's manifest`);
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o700);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  if (currentHash(path) !== want) throw new Error(`asset ${name} changed while being written to ${path}`);
  return path;
}

/** Loads an addon asset (what `require('x.node')` does outside the executable). */
export function loadAddon(name) {
  const mod = { exports: {} };
  process.dlopen(mod, assetFile(name));
  return mod.exports;
}

/**
 * Points the agent's native facade (agent/native: CUSTOS_NATIVE_ADDON is its first candidate) at
 * the extracted addon. An administrator's own CUSTOS_NATIVE_ADDON is left as it is.
 */
export function prepareNativeAddon() {
  if (!inSea() || process.env.CUSTOS_NATIVE_ADDON) return;
  if (!assetManifest()['custos_native.node']) return;
  process.env.CUSTOS_NATIVE_ADDON = assetFile('custos_native.node');
}

import { isNativeError, nativeAvailable, nativeFunction } from '@custos/native';
import {
  applyLabel,
  LABEL_XATTR,
  type LabelStore,
  labelsOf,
  parseStoredLabel,
  validLabel,
} from '../label-record.js';
import type { FileLabels } from '../types.js';

/**
 * Labels on Linux: the `user.custos.label` extended attribute, written through the native addon
 * (Node has no xattr API) with document 1's apply_label rules from @custos/native: additive, a
 * different label is kept unless replace_existing, a customer's label is never written over.
 * A file system without user xattrs answers `unsupported` for that file; nothing is pretended.
 */
export function createLinuxLabels(): FileLabels {
  if (!nativeAvailable('xattrGet') || !nativeAvailable('xattrSet')) {
    return { available: false, read: async () => [], apply: async () => 'unsupported' };
  }
  const get = nativeFunction('xattrGet');
  const set = nativeFunction('xattrSet');
  const store: LabelStore = {
    read: (path) => get(path, LABEL_XATTR),
    write: (path, value, mode) => set(path, LABEL_XATTR, value, mode),
  };
  return {
    available: true,
    async read(path) {
      try {
        return labelsOf(parseStoredLabel(store.read(path)));
      } catch (err) {
        if (isNativeError(err) && err.code === 'native.not_supported') return [];
        throw err;
      }
    },
    async apply(path, value, replaceExisting) {
      if (!validLabel(value))
        throw new TypeError('label must be 1-200 characters without control characters');
      try {
        return applyLabel(store, path, value, replaceExisting);
      } catch (err) {
        if (isNativeError(err) && err.code === 'native.not_supported') return 'unsupported';
        throw err;
      }
    },
  };
}

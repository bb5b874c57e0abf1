import type { MessageKey } from '../../i18n/en.js';

/** The catalogue key of a value from one of the API's lists (unknown values show as themselves). */
export function labelKey(list: string, value: string): MessageKey {
  return `pol.${list}.${value === 'warn' ? 'inform' : value}` as MessageKey;
}

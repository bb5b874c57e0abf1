import { digitsOf } from './normalise.js';

/** Advertised sample numbers that never belong to a person (reference §2.8). */
const SAMPLES = new Set(['078051120', '219099999', '123456789']);

/**
 * US SSN structural check (reference §2.8): area 000, 666 and 900–999, group 00 and serial 0000
 * are never issued; the advertised samples and all-equal digits are refused too.
 */
export function usSsnValid(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 9) return false;
  const area = Number(d.slice(0, 3));
  if (area === 0 || area === 666 || area >= 900) return false;
  if (d.slice(3, 5) === '00' || d.slice(5) === '0000') return false;
  if (SAMPLES.has(d) || /^(\d)\1{8}$/.test(d)) return false;
  return true;
}

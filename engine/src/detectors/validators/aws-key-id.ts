import { shannonEntropy } from './normalise.js';

/**
 * AWS access key id (reference §2.9): a known resource prefix, 16 base32 characters, entropy of
 * at least 3 bits per character, and not AWS's documentation key (suffix EXAMPLE).
 */
export function awsKeyIdValid(value: string): boolean {
  if (!/^(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AIDA|AROA)[A-Z2-7]{16}$/.test(value)) return false;
  if (value.endsWith('EXAMPLE')) return false;
  return shannonEntropy(value) >= 3;
}

/** AWS secret access key: 40 characters of base64 alphabet that look random (≥ 4 bits/char). */
export function awsSecretValid(value: string): boolean {
  if (!/^[A-Za-z0-9/+]{40}$/.test(value)) return false;
  if (!/[A-Z]/.test(value) || !/[a-z]/.test(value) || !/[0-9]/.test(value)) return false;
  if (value.endsWith('EXAMPLEKEY')) return false;
  return shannonEntropy(value) >= 4;
}

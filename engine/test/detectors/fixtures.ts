import { generateKeyPairSync } from 'node:crypto';

/** A throwaway P-256 private key in PKCS#8 PEM, generated per test run (no key is committed). */
export const TEST_EC_KEY: string = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

/** A throwaway RSA key in PKCS#1 PEM (the "BEGIN RSA PRIVATE KEY" form). */
export const TEST_RSA_KEY: string = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .privateKey.export({ type: 'pkcs1', format: 'pem' })
  .toString();

import argon2 from 'argon2';

/**
 * argon2id with the OWASP minimum (19 MiB, two passes, one lane): strong enough against offline
 * guessing, about 30 ms per check here, so a sign-in burst cannot starve the two cores.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A verification against a fixed hash, for an unknown account: the answer then takes as long
 * as for a real one (document 3: every sign-in failure is the same 401).
 */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('custos-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}

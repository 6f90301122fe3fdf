import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP's first argon2id choice (19 MiB, 2 passes, 1 lane); the algorithm is the library's default,
// argon2id (its `Algorithm` is a const enum, which isolated modules cannot name).
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes and checks passwords with argon2id. */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS);
  }

  /**
   * Checks a password against a stored hash. Without a hash (unknown address, or an account that
   * signs in only through Google) it checks against a throw-away hash, so the answer takes as long
   * either way and its timing does not reveal which addresses have accounts.
   */
  async verify(storedHash: string | null | undefined, password: string): Promise<boolean> {
    if (!storedHash) {
      this.dummyHash ??= this.hash(crypto.randomBytes(32).toString('base64url'));
      await verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    return verify(storedHash, password).catch(() => false);
  }
}

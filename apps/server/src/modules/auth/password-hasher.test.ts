import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { PasswordHasher } from './password-hasher';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('hashes with argon2id and the chosen cost', async () => {
    const hash = await hasher.hash('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(parseOptions(hash)).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('accepts the password and nothing else', async () => {
    const hash = await hasher.hash('correct horse battery');
    expect(await hasher.verify(hash, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(hash, 'Correct horse battery')).toBe(false);
  });

  it('refuses without a stored hash or with a damaged one', async () => {
    expect(await hasher.verify(null, 'anything')).toBe(false);
    expect(await hasher.verify(undefined, 'anything')).toBe(false);
    expect(await hasher.verify('not a hash', 'anything')).toBe(false);
  });
});

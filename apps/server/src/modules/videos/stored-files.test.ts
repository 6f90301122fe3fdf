import { describe, expect, it } from 'vitest';
import { StoredFiles } from './stored-files';

describe('stored files', () => {
  it('looks a file up once every few minutes while it is there', async () => {
    let now = 0;
    const looked: string[] = [];
    const files = new StoredFiles(
      async (key) => {
        looked.push(key);
        return true;
      },
      () => now,
    );
    expect(await files.has('a.mp4')).toBe(true);
    now = 60_000;
    expect(await files.has('a.mp4')).toBe(true);
    now = 5 * 60_000 + 1;
    expect(await files.has('a.mp4')).toBe(true);
    expect(looked).toEqual(['a.mp4', 'a.mp4']);
  });

  it('looks again every time for a missing file, and after the product removed one', async () => {
    let there = false;
    let looks = 0;
    const files = new StoredFiles(
      async () => {
        looks += 1;
        return there;
      },
      () => 0,
    );
    expect(await files.has('b.mp4')).toBe(false);
    there = true;
    expect(await files.has('b.mp4')).toBe(true);
    files.forget('b.mp4');
    there = false;
    expect(await files.has('b.mp4')).toBe(false);
    expect(looks).toBe(3);
  });
});

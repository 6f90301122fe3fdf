import { describe, expect, it } from 'vitest';
import { formatStorageSize } from './messages';

describe('formatStorageSize', () => {
  it('shows sizes in the unit that keeps them short, a megabyte being 1024 × 1024 bytes', () => {
    expect(formatStorageSize(0)).toBe('0 bytes');
    expect(formatStorageSize(1)).toBe('1 byte');
    expect(formatStorageSize(1023)).toBe('1023 bytes');
    expect(formatStorageSize(820 * 1024)).toBe('820 KB');
    expect(formatStorageSize(12.54 * 1024 * 1024)).toBe('12.5 MB');
    expect(formatStorageSize(500 * 1024 * 1024)).toBe('500 MB');
    expect(formatStorageSize(1.5 * 1024 ** 3)).toBe('1.5 GB');
    expect(formatStorageSize(50 * 1024 ** 3)).toBe('50 GB');
    expect(formatStorageSize(1024 * 1024 - 10)).toBe('1 MB');
  });
});

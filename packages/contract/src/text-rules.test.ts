import { describe, expect, it } from 'vitest';
import { findForbiddenText } from './text-rules';

describe('findForbiddenText', () => {
  it('names the first forbidden text in document order, keys included', () => {
    expect(findForbiddenText({ a: 'fine', b: ['ok', 'x\u0000'], c: 'y\u0000' })).toEqual(['b', 1]);
    expect(findForbiddenText({ a: { deep: 'x\u0000' }, ['k\u0000']: 'fine' })).toEqual(['a', 'deep']);
    expect(findForbiddenText({ ['k\u0000']: 'fine', a: 'x\u0000' })).toEqual(['k\u0000']);
    expect(findForbiddenText(['\ud800'], ['body'])).toEqual(['body', 0]);
    expect(findForbiddenText({ a: [1, null, true, 'fine'] })).toBeNull();
  });

  it('walks a value nested 100,000 deep without overflowing the stack', () => {
    const deep = JSON.parse('['.repeat(100_000) + '"x\\u0000"' + ']'.repeat(100_000)) as unknown;
    expect(findForbiddenText(deep)).toHaveLength(100_000);
    expect(findForbiddenText(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))).toBeNull();
  });
});

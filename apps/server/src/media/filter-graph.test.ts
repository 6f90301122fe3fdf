import { describe, expect, it } from 'vitest';
import { chain, escapeFilterValue, filter, formatNumber } from './filter-graph';

describe('filter graph helpers', () => {
  it('escapes option and graph separators in a value', () => {
    expect(escapeFilterValue('/tmp/a:b,c')).toBe('/tmp/a\\\\:b\\,c');
    expect(escapeFilterValue("it's")).toBe("it\\\\\\'s");
    expect(escapeFilterValue('[x];y')).toBe('\\[x\\]\\;y');
    expect(escapeFilterValue('plain/path.png')).toBe('plain/path.png');
  });

  it('writes numbers without exponents', () => {
    expect(formatNumber(1e-7)).toBe('0');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(1280)).toBe('1280');
    expect(() => formatNumber(Number.NaN)).toThrow();
  });

  it('writes filters and chains', () => {
    expect(filter('fade', { t: 'in', s: 0, n: 12, alpha: true })).toBe('fade=t=in:s=0:n=12:alpha=1');
    expect(filter('setsar', { r: 1, skip: undefined })).toBe('setsar=r=1');
    expect(filter('null')).toBe('null');
    expect(chain(['0:v', 'b'], ['overlay', 'format=yuv420p'], ['out'])).toBe(
      '[0:v][b]overlay,format=yuv420p[out]',
    );
    expect(() => chain(['a'], [], ['b'])).toThrow();
  });

  it('escapes expressions so commas stay inside the option', () => {
    expect(filter('zoompan', { z: 'if(lt(on,5),1,2)' })).toBe('zoompan=z=if(lt(on\\,5)\\,1\\,2)');
  });
});

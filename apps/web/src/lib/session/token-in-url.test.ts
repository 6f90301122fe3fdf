import { describe, expect, it } from 'vitest';
import { readUrlToken, secondsUntilJwtExpiry, withoutUrlToken } from './token-in-url';

describe('token in the URL', () => {
  it('reads access_token and token_type, with expires_in when given', () => {
    expect(readUrlToken('?access_token=abc&token_type=bearer&expires_in=3600')).toEqual({
      accessToken: 'abc',
      tokenType: 'bearer',
      expiresIn: 3600,
    });
    expect(readUrlToken('?access_token=abc&token_type=bearer')).toMatchObject({ expiresIn: null });
    expect(readUrlToken('?access_token=abc&token_type=bearer&expires_in=soon')).toMatchObject({
      expiresIn: null,
    });
  });

  it('needs both the token and its type', () => {
    expect(readUrlToken('?access_token=abc')).toBeNull();
    expect(readUrlToken('?token_type=bearer')).toBeNull();
    expect(readUrlToken('')).toBeNull();
  });

  it('strips the token parameters and keeps the rest', () => {
    expect(withoutUrlToken('?access_token=abc&token_type=bearer&expires_in=1&tab=2')).toBe('?tab=2');
    expect(withoutUrlToken('?access_token=abc&token_type=bearer')).toBe('');
  });

  it('reads the remaining lifetime of a JWT, and nothing from other strings', () => {
    const now = Date.UTC(2025, 0, 1);
    const payload = btoa(JSON.stringify({ exp: now / 1000 + 90 }))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(secondsUntilJwtExpiry(`h.${payload}.s`, now)).toBe(90);
    expect(secondsUntilJwtExpiry('opaque-token', now)).toBeNull();
    expect(secondsUntilJwtExpiry('h.%%%.s', now)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letters of the first and last names, at most two', () => {
    expect(initialsOf('Ana Lima')).toBe('AL');
    expect(initialsOf('Ana Maria de Souza Lima')).toBe('AL');
    expect(initialsOf('  ana   lima ')).toBe('AL');
  });

  it('uses one letter for one name and handles letters beyond ASCII', () => {
    expect(initialsOf('Madonna')).toBe('M');
    expect(initialsOf('élodie Ørsted')).toBe('ÉØ');
  });

  it('falls back to the part of an email before the @, and to ? for nothing usable', () => {
    expect(initialsOf('ana.lima@example.com')).toBe('AL');
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('--- ***')).toBe('?');
  });
});

import { describe, expect, it } from 'vitest';
import { testUser } from '../test/fake-api';
import type { Session } from '../lib/session';
import { routes } from './routes';
import { signedOutStart } from './signed-out-start';

const signedOut: Session = { status: 'signed-out', endedBy: null };
const url = (path: string) => new URL(path, 'http://localhost');

describe('where a visit starts', () => {
  it.each(['/projects?open=p1#viewer', '/dashboard', '/my-details', '/storyboards/s1', '/chat'])(
    'starts a signed-out visit of %s at /login, remembering the path, before any screen loads',
    (path) => {
      expect(signedOutStart(routes, signedOut, url(path))).toEqual({ redirectAfterLogin: path });
      expect(signedOutStart(routes, { status: 'signed-out', endedBy: 'expired' }, url(path))).toEqual({
        redirectAfterLogin: path,
      });
    },
  );

  it.each(['/', '/login', '/reset-password?token=t', '/verify-email', '/verify/abc', '/no-such-page'])(
    'leaves %s to open where it is: it is not a signed-in screen',
    (path) => {
      expect(signedOutStart(routes, signedOut, url(path))).toBeNull();
    },
  );

  it('leaves a signed-in visit, and one whose session is still being checked, where it is', () => {
    const signedIn: Session = {
      status: 'signed-in',
      user: testUser(),
      token: 't',
      tokenType: 'bearer',
      expiresAt: null,
      destination: '/dashboard',
    };
    expect(signedOutStart(routes, signedIn, url('/projects'))).toBeNull();
    expect(signedOutStart(routes, { status: 'checking' }, url('/projects'))).toBeNull();
  });

  it('leaves a sign-in with a token in the URL to the session gate', () => {
    expect(signedOutStart(routes, signedOut, url('/dashboard?access_token=a&token_type=bearer'))).toBeNull();
  });
});

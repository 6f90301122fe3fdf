import { expect, it } from 'vitest';
import { SOCKET_CLOSE_UNAUTHORIZED } from '@reelcraft/contract';
import { TokenService } from '../../src/platform/auth/token-service';
import { AccountTokensRepository } from '../../src/modules/auth/account-tokens.repository';
import { hashSecretToken, newSecretToken } from '../../src/modules/auth/secret-token';
import { describeEachDatabase } from '../helpers/each-database';
import type { TestServer } from '../helpers/test-platform';
import { createUserWithToken } from '../helpers/users';
import { TestSocket } from '../helpers/ws-client';

const wsUrl = (server: TestServer, token: string) =>
  `${server.baseUrl.replace('http', 'ws')}/ws?token=${encodeURIComponent(token)}`;

async function openSocket(server: TestServer, token: string): Promise<TestSocket> {
  const socket = new TestSocket(wsUrl(server, token));
  await socket.next('ready');
  return socket;
}

/** Resolves with the close code, or rejects when the socket is still open after `ms`. */
function closedWithin(socket: TestSocket, ms: number): Promise<number> {
  return Promise.race([
    socket.waitClosed(),
    new Promise<number>((_, reject) => setTimeout(() => reject(new Error('The socket is still open')), ms)),
  ]);
}

const JWT_SECRET = 'socket-sessions-test-secret-of-32-characters';

describeEachDatabase(
  'a socket lives no longer than its session',
  { listen: true, work: false, env: { JWT_SECRET } },
  (server) => {
    it('closes when its token expires', async () => {
      const { user } = await createUserWithToken(server().platform);
      // A token of the server's own secret that lives 2 s, so the expiry is seen without waiting a day.
      const { access_token } = await new TokenService(JWT_SECRET, 2).issue(user.id);
      const socket = await openSocket(server(), access_token);
      expect(await closedWithin(socket, 5_000)).toBe(SOCKET_CLOSE_UNAUTHORIZED);
    });

    it('closes when the password is reset, and a token issued after it still connects', async () => {
      const { user, token } = await createUserWithToken(server().platform);
      const socket = await openSocket(server(), token);
      const resetToken = newSecretToken();
      await new AccountTokensRepository(server().platform.database.orm).insert({
        userId: user.id,
        purpose: 'reset_password',
        tokenHash: hashSecretToken(resetToken),
        expiresAt: new Date(Date.now() + 60_000),
      });
      const reset = await server().app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { token: resetToken, new_password: 'a brand new password' },
      });
      expect(reset.statusCode).toBe(200);
      expect(await closedWithin(socket, 2_000)).toBe(SOCKET_CLOSE_UNAUTHORIZED);
    });

    it("closes when the account is deleted, and leaves other users' sockets open", async () => {
      const doomed = await createUserWithToken(server().platform);
      const other = await createUserWithToken(server().platform);
      const socket = await openSocket(server(), doomed.token);
      const otherSocket = await openSocket(server(), other.token);
      await server().services.users.deleteAccount(doomed.user.id);
      expect(await closedWithin(socket, 2_000)).toBe(SOCKET_CLOSE_UNAUTHORIZED);
      expect(otherSocket.closeCode).toBeUndefined();
      otherSocket.close();
    });
  },
);

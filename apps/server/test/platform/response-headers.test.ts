import { expect, it } from 'vitest';
import { apiClient } from '../helpers/api-client';
import { describeEachDatabase } from '../helpers/each-database';
import { createUserWithToken } from '../helpers/users';

describeEachDatabase(
  'personal answers and HTTPS headers',
  { listen: true, work: false, env: { TRUST_PROXY: 'true' } },
  (server) => {
    it('never lets a cache keep a signed-in answer', async () => {
      const { token } = await createUserWithToken(server().platform);
      const api = apiClient(server(), token);
      for (const path of ['/auth/me', '/user/video-count', '/notifications', '/videos']) {
        const answer = await api.get(path);
        expect(answer.status, path).toBe(200);
        expect(answer.headers.get('cache-control'), path).toBe('no-store');
      }
    });

    it('sends HSTS only on answers to HTTPS requests', async () => {
      const plain = await fetch(`${server().baseUrl}/api/v1/health`);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
      const proxied = await fetch(`${server().baseUrl}/api/v1/health`, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(proxied.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    });
  },
);

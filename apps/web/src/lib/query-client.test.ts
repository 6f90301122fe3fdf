import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

describe('query client', () => {
  it('hands every failed query and mutation to onError (the session watches for expired tokens)', async () => {
    const onError = vi.fn();
    const client = createQueryClient({ onError });
    const expired = new ApiError({ kind: 'token_expired', status: 401, message: 'Token expired', call: 'x' });

    await expect(
      client.fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(expired), retry: false }),
    ).rejects.toBe(expired);
    await expect(
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(expired) })
        .execute(undefined),
    ).rejects.toBe(expired);

    expect(onError).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledWith(expired);
  });

  it('does not retry what a second try cannot fix', async () => {
    const client = createQueryClient();
    const queryFn = vi.fn(() =>
      Promise.reject(new ApiError({ kind: 'http', status: 401, message: 'no', call: 'x' })),
    );
    await expect(client.fetchQuery({ queryKey: ['y'], queryFn })).rejects.toBeInstanceOf(ApiError);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});

import { beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { onboardingAnswers } from '../../../src/db-schema';
import { describeEachDatabase } from '../../helpers/each-database';
import type { TestServer } from '../../helpers/test-platform';
import { createUserWithToken } from '../../helpers/users';

const answers = {
  business_name: 'Blue Bottle Studio',
  business_category: 'E-commerce',
  business_size: '2-10',
  preferences: { purpose: 'Product videos', role: 'Founder', domains: ['fashion', 'beauty'] },
};

describeEachDatabase('onboarding', {}, (runningServer) => {
  let server: TestServer;

  beforeAll(() => {
    server = runningServer();
  });

  function submit(token: string | undefined, payload: object) {
    return server.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload,
    });
  }

  it('keeps the answers and marks the caller onboarded', async () => {
    const { user, token } = await createUserWithToken(server.platform);
    const other = await createUserWithToken(server.platform);

    const response = await submit(token, answers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: user.email, is_onboarded: true });

    const me = await server.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json()).toMatchObject({ is_onboarded: true });
    const otherMe = await server.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(otherMe.json()).toMatchObject({ id: other.user.id, is_onboarded: false });

    const [stored] = await server.platform.database.orm
      .select()
      .from(onboardingAnswers)
      .where(eq(onboardingAnswers.userId, user.id));
    expect(stored).toMatchObject({
      businessName: 'Blue Bottle Studio',
      businessCategory: 'E-commerce',
      businessSize: '2-10',
      purpose: 'Product videos',
      role: 'Founder',
      domains: ['fashion', 'beauty'],
    });
  });

  it('replaces the answers when sent again', async () => {
    const { user, token } = await createUserWithToken(server.platform);
    await submit(token, answers);
    const again = await submit(token, {
      business_name: 'Blue Bottle Coffee',
      business_category: 'Food',
      business_size: '11-50',
      preferences: {},
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ is_onboarded: true });

    const [stored] = await server.platform.database.orm
      .select()
      .from(onboardingAnswers)
      .where(eq(onboardingAnswers.userId, user.id));
    expect(stored).toMatchObject({
      businessName: 'Blue Bottle Coffee',
      businessSize: '11-50',
      purpose: null,
      role: null,
      domains: [],
    });
  });

  it('answers 422 for missing answers and 401 without a token', async () => {
    const { token } = await createUserWithToken(server.platform);
    const invalid = await submit(token, { business_name: '', preferences: { domains: 'fashion' } });
    expect(invalid.statusCode).toBe(422);
    const locations = invalid
      .json<{ detail: { loc: (string | number)[] }[] }>()
      .detail.map((issue) => issue.loc.join('.'));
    expect(locations).toEqual(
      expect.arrayContaining([
        'body.business_name',
        'body.business_category',
        'body.business_size',
        'body.preferences.domains',
      ]),
    );

    expect((await submit(undefined, answers)).statusCode).toBe(401);
  });
});

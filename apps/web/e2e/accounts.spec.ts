import { loginMessages, passwordMessages, sessionMessages, STORAGE_KEYS } from '@reelcraft/contract';
import { expect, test, type Page } from '@playwright/test';
import {
  onThisServer,
  RESET_LINK,
  signedInAccount,
  signIn,
  storedToken,
  uniqueEmail,
  verifiedAccount,
  VERIFY_LINK,
} from './support/accounts';
import { mailedLink } from './support/mailbox';

// Accounts as a new user meets them, in real Chromium against the real server: sign-up with the mailed
// verification link, sign-in, onboarding, a reload, logout; a forgotten password reset from the mailed
// link; and sign-in with Google against a local OpenID provider (support/oidc-provider.ts).

test.use({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });

test('a new user signs up, verifies the email, signs in, onboards, stays signed in and logs out', async ({
  page,
}) => {
  const email = uniqueEmail('nora');
  const password = 'correct horse battery';

  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
  // Get Started means a new account: the form opens on Create Account.
  await expect(page).toHaveURL('/login?mode=create');
  await expect(page.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Full Name').fill('Nora Quinn');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();

  await expect(page).toHaveURL('/verify-email');
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // Signing in before verifying is refused, with the way to a new link.
  await page.getByRole('link', { name: 'Return to Login' }).click();
  await signIn(page, email, password);
  await expect(page.getByRole('alert')).toContainText(loginMessages.emailNotVerified);
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeVisible();

  await page.goto(onThisServer(await mailedLink(email, VERIFY_LINK)));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await expect(page).toHaveURL('/login', { timeout: 10_000 });
  // A first sign-in is not a return.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to ReelCraft' })).toBeVisible();

  await signIn(page, email, password);
  await expect(page).toHaveURL('/onboarding');
  await expect(page.getByRole('heading', { name: 'Tell us about your business' })).toBeVisible();

  // The questionnaire with the keyboard alone.
  await page.getByLabel('Business name').focus();
  await page.keyboard.type('Quinn & Co');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown'); // Marketing agency
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight'); // 2–10
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'How will you use ReelCraft?' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space'); // Founder or owner
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space'); // Ads & marketing
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'What will your videos be about?' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space'); // Products
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // A new user is not welcomed back: the greeting suits a first visit as well as the next ones.
  await expect(page.getByText('Hi Nora, what will you create today?')).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const accountMenu = page.getByRole('button', { name: /^Nora Quinn\b.*account menu$/ });
  await expect(accountMenu).toBeVisible();
  expect(await storedToken(page)).toBeTruthy();

  await accountMenu.click();
  await page.getByRole('menuitem', { name: 'My Details' }).click();
  await expect(page.getByRole('region', { name: 'Account details' })).toContainText(email);

  // What a session leaves behind for this user: a signed video link, the library's cache and
  // selection, a studio draft. None of it may outlive the logout; the theme may.
  const userId = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { id?: string }).id,
    STORAGE_KEYS.userData,
  );
  const perUserKeys = [
    STORAGE_KEYS.lastVideoUrl,
    STORAGE_KEYS.librarySelectedImages,
    `image_library_cache:${userId}`,
    'studio_workflow',
  ];
  await page.evaluate((keys) => {
    for (const key of keys) localStorage.setItem(key, '"left behind"');
  }, perUserKeys);

  await accountMenu.click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/login');
  expect(await storedToken(page)).toBeNull();
  expect(
    await page.evaluate((keys) => keys.filter((key) => localStorage.getItem(key) !== null), perUserKeys),
  ).toEqual([]);

  await page.goto('/dashboard');
  await expect(page).toHaveURL('/login');
});

test('a user who forgot the password resets it from the mailed link', async ({ page }) => {
  const oldPassword = 'old password 123';
  const newPassword = 'new password 456';
  const email = await verifiedAccount(page, 'Rita Reset', oldPassword);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Need help?' }).click();
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
  await expect(forgot.getByLabel('Email')).toHaveValue(email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot.getByRole('status')).toContainText(passwordMessages.resetEmailSent);
  await forgot.getByRole('button', { name: 'Back to Sign In' }).click();

  await page.goto(onThisServer(await mailedLink(email, RESET_LINK)));
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(reset.getByLabel('Reset token')).not.toHaveValue('');
  await reset.getByLabel('New password').fill(newPassword);
  await reset.getByLabel('Confirm password').fill(`${newPassword}!`);
  await expect(reset.getByText(passwordMessages.passwordsDoNotMatch)).toBeVisible();
  await expect(reset.getByRole('button', { name: 'Reset password' })).toBeDisabled();
  await reset.getByLabel('Confirm password').fill(newPassword);
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(reset.getByRole('status')).toContainText(passwordMessages.resetSucceeded);
  await reset.getByRole('button', { name: 'Back to Sign In' }).click();
  await expect(page).toHaveURL('/reset-password');

  await signIn(page, email, oldPassword);
  await expect(page.getByRole('alert')).toContainText(loginMessages.invalidCredentials);

  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL('/onboarding');
});

test('a signed-in user who opens a reset link gets the reset form, not the sign-in form', async ({
  page,
}) => {
  const account = await signedInAccount(page, 'Sam Signedin');
  const forgot = await page.request.post('/api/v1/auth/forgot-password', { data: { email: account.email } });
  expect(forgot.ok()).toBe(true);

  await page.goto(onThisServer(await mailedLink(account.email, RESET_LINK)));
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveCount(0);
  await expect(page.getByLabel('Reset token')).not.toHaveValue('');
  await page.getByLabel('New password').fill('brand new pass 789');
  await page.getByLabel('Confirm password').fill('brand new pass 789');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status')).toContainText(passwordMessages.resetSucceeded);
  await page.getByRole('button', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('a user signs in with Google through the identity provider', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();

  // The provider's own sign-in and consent pages.
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_OIDC_ISSUER}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill('google-e2e');
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back in the app, signed in, with the token gone from the address.
  await expect(page).toHaveURL('/onboarding');
  expect(await storedToken(page)).toBeTruthy();
  await expect(page.getByRole('button', { name: /^Gabriela Google\b.*account menu$/ })).toBeVisible();

  await page.goto('/my-details');
  await expect(page.getByRole('region', { name: 'Account details' })).toContainText(
    'gabriela.google@example.com',
  );
});

/** Sends the Sign In form and waits for the server's answer to it. */
async function signInAndWait(page: Page, email: string, password: string) {
  const answered = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/auth/login') && response.request().method() === 'POST',
  );
  await signIn(page, email, password);
  return answered;
}

test('a user locked out by wrong passwords is told until when, and a password reset lets them in', async ({
  page,
}) => {
  const password = 'right password 123';
  const email = await verifiedAccount(page, 'Lena Lockout', password);
  await page.goto('/login');
  const alert = page.getByRole('alert');

  for (let attempt = 1; attempt <= 3; attempt += 1) {
    expect((await signInAndWait(page, email, `wrong password ${attempt}`)).status()).toBe(401);
  }
  await expect(alert).toContainText(loginMessages.attemptsLeft(2));
  // The fourth warns that one try is left; the fifth says sign-in is now paused, and until when.
  await signInAndWait(page, email, 'wrong password 4');
  await expect(alert).toContainText(loginMessages.attemptsLeft(1));
  await signInAndWait(page, email, 'wrong password 5');
  await expect(alert).toContainText(loginMessages.invalidCredentials);
  await expect(alert).toContainText(/Sign-in is paused until .+ \(in (14|15) minutes\)\./);

  // The right password is refused too, with the spec's text and the guidance under it.
  expect((await signInAndWait(page, email, password)).status()).toBe(429);
  await expect(alert).toContainText(loginMessages.tooManyAttempts);
  await expect(alert).toContainText(/Sign-in is paused until .+ \(in (14|15) minutes\)\./);
  await expect(alert).toContainText(loginMessages.resetUnlocks);

  // The reset the guidance points to lifts the pause.
  await alert.getByRole('button', { name: loginMessages.resetPasswordAction }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
  await expect(forgot.getByLabel('Email')).toHaveValue(email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot.getByRole('status')).toContainText(passwordMessages.resetEmailSent);
  await forgot.getByRole('button', { name: 'Back to Sign In' }).click();

  const newPassword = 'brand new password 456';
  await page.goto(onThisServer(await mailedLink(email, RESET_LINK)));
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await reset.getByLabel('New password').fill(newPassword);
  await reset.getByLabel('Confirm password').fill(newPassword);
  await reset.getByRole('button', { name: 'Reset password' }).click();
  await expect(reset.getByRole('status')).toContainText(passwordMessages.resetSucceeded);
  await reset.getByRole('button', { name: 'Back to Sign In' }).click();

  expect((await signInAndWait(page, email, newPassword)).status()).toBe(200);
  await expect(page).toHaveURL('/onboarding');
});

test('a session that ended says so on the login screen: an expired token, and a token the server refuses', async ({
  page,
}) => {
  const account = await signedInAccount(page, 'Sid Session');

  // Expired while away: the stored expiry has passed when the app opens. The app is closed first (a
  // same-origin page that is not the app): a request of the open app would otherwise find the token
  // expired itself and end the session before the new page opens, leaving nothing for it to explain.
  await page.goto('/api/v1/health');
  await page.evaluate(
    (key) => localStorage.setItem(key, String(Date.now() - 1000)),
    STORAGE_KEYS.tokenExpiresAt,
  );
  await page.goto('/my-videos');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('alert')).toContainText(sessionMessages.sessionExpired);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();

  // Broken: a token the server does not accept, with a stored user and expiry that look fine.
  await page.evaluate(
    ({ keys, user }) => {
      localStorage.setItem(keys.authToken, 'not-a-token');
      localStorage.setItem(keys.tokenType, 'bearer');
      localStorage.setItem(keys.userData, JSON.stringify(user));
      localStorage.setItem(keys.tokenExpiresAt, String(Date.now() + 3_600_000));
    },
    { keys: STORAGE_KEYS, user: account.user },
  );
  await page.goto('/projects');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('alert')).toContainText(sessionMessages.sessionExpired);
  // It stays until the user acts, and signing in takes them back where they were.
  await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
  await expect(page.getByRole('alert')).toContainText(sessionMessages.sessionExpired);
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL('/projects');
});

test('a signed-out deep link opens the sign-in screen without a blank page or the signed-in screens', async ({
  page,
}) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) chunks.push(pathname);
  });
  // Before each frame is painted: note it when the app's root shows nothing at all.
  await page.addInitScript(() => {
    const frames: { blank: string[]; painted: number } = { blank: [], painted: 0 };
    Object.assign(window, { __frames: frames });
    const look = () => {
      const root = document.getElementById('root');
      // Counted once the parser has reached the root (on a busy machine a frame can come between
      // <body> and it): from then on the page is the app's to fill, with its loading screen first.
      if (root) {
        frames.painted += 1;
        if (root.innerText.trim() === '') frames.blank.push(location.pathname);
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });

  const started = Date.now();
  await page.goto('/projects?open=p1');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  test.info().annotations.push({ type: 'sign-in form after', description: `${Date.now() - started} ms` });
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.redirectAfterLogin)).toBe(
    '/projects?open=p1',
  );

  const frames = await page.evaluate(
    () => (window as unknown as { __frames: { blank: string[]; painted: number } }).__frames,
  );
  expect(frames.painted).toBeGreaterThan(0);
  expect(frames.blank).toEqual([]);
  // The shell and the projects screen are for signed-in users: a visitor does not wait for them.
  expect(chunks.filter((chunk) => /\/(shell|videos|notifications)-[\w-]+\.js$/.test(chunk))).toEqual([]);
});

import { NOTIFICATION_EVENT_TYPES, STORAGE_KEYS, SUBSCRIPTION_EVENT_TYPES } from '@reelcraft/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fake-api';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';
import { testModeConfig, testPlans } from '../../test/subscription-data';
import { shellApi, testNotification, testVideoCount } from '../../test/test-data';
import { watchSession } from '../../lib/watched-sessions';

function sidebar() {
  return within(screen.getByRole('complementary', { name: 'Sidebar' }));
}

function renderSignedIn(path = '/dashboard', api: Parameters<typeof shellApi>[0] = {}) {
  storeSignedIn();
  shellApi(api);
  return renderApp(path);
}

/** Pretends the screen is phone-sized (below the sidebar's breakpoint). */
function phoneScreen() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: false,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

/**
 * The words of a text as axe-core's label-content-name-mismatch rule compares them: letters and digits,
 * lower case. Text of adjacent elements runs together ("Notifications" and a "2" badge read
 * "notifications2") unless the markup puts a space between them.
 */
function words(text: string | null): string[] {
  return (text ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

describe('shell: sidebar', () => {
  it('has Create and the three groups with their links', () => {
    renderSignedIn();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));

    expect(sidebar().getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/text-to-video');
    expect(nav.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Overview',
      'Creation Studio',
      'Library',
    ]);
    const links = nav.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/dashboard',
      '/projects',
      '/studio?reset=1',
      '/text-to-video',
      '/image-to-video',
      '/ppt-to-video',
      '/chat',
      '/my-videos',
      '/image-library',
      '/avatars',
      '/subscription-plans',
      '/notifications',
    ]);
    expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('collapses to icons, keeps the link names, and remembers it across a reload', async () => {
    const { user, unmount } = renderSignedIn();

    await user.click(sidebar().getByRole('button', { name: 'Collapse sidebar' }));

    const aside = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(aside).toHaveClass('w-20');
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebarCollapsed)).toBe('true');
    expect(sidebar().getByRole('link', { name: 'My Projects' })).toHaveAttribute('title', 'My Projects');
    expect(sidebar().getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    unmount();
    renderSignedIn();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toHaveClass('w-20');

    await user.click(sidebar().getByRole('button', { name: 'Expand sidebar' }));
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toHaveClass('w-72');
    expect(window.localStorage.getItem(STORAGE_KEYS.sidebarCollapsed)).toBe('false');
  });

  it('shows the unread count on the Notifications link, capped at 99', async () => {
    const many = Array.from({ length: 100 }, (_, index) => testNotification({ read: index >= 100 }));
    renderSignedIn('/dashboard', { 'GET /notifications': { body: many } });

    expect(await sidebar().findByRole('link', { name: 'Notifications, 99+ unread' })).toHaveTextContent(
      '99+',
    );
  });

  it('shows the exact count under the cap and no badge when all are read', async () => {
    const list = [testNotification(), testNotification(), testNotification({ read: true })];
    renderSignedIn('/dashboard', { 'GET /notifications': { body: list } });

    const link = await sidebar().findByRole('link', { name: 'Notifications, 2 unread' });
    expect(within(link).getByText('2')).toBeInTheDocument();
  });

  it('starts the Notifications name with the words it shows (WCAG 2.5.3, label in name)', async () => {
    renderSignedIn('/dashboard', {
      'GET /notifications': { body: [testNotification(), testNotification()] },
    });

    const link = await sidebar().findByRole('link', { name: 'Notifications, 2 unread' });
    const shown = words(link.textContent);
    expect(shown).toEqual(['notifications', '2']);
    expect(words(link.getAttribute('aria-label')).slice(0, shown.length)).toEqual(shown);
  });

  it('has no badge when nothing is unread', async () => {
    const api = shellApi({ 'GET /notifications': { body: [testNotification({ read: true })] } });
    storeSignedIn();
    renderApp('/dashboard');
    await waitFor(() => expect(api.sent('GET /notifications')).toHaveLength(1));
    expect(sidebar().getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });
});

describe('shell: plan box and upsell', () => {
  it('shows Free, the videos remaining and Upgrade for an unsubscribed user, with the upsell', async () => {
    renderSignedIn('/my-details', {
      'GET /user/video-count': { body: testVideoCount({ remaining_videos: 1 }) },
    });

    const plan = within(await screen.findByRole('region', { name: 'Your plan' }));
    expect(await plan.findByText('Free')).toBeInTheDocument();
    expect(plan.getByText('1 video remaining')).toBeInTheDocument();
    expect(plan.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription-plans');

    const upsell = within(screen.getByRole('region', { name: 'Upgrade your plan' }));
    expect(upsell.getByText('You are on the Free plan.')).toBeInTheDocument();
    expect(upsell.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/subscription-plans');
  });

  it('names the plan and shows no upsell for a subscriber; booleans may arrive as "t"', async () => {
    renderSignedIn('/my-details', {
      'GET /user/video-count': {
        body: {
          ...testVideoCount({
            remaining_videos: 42,
            subscription_status: 'active',
            plan: { id: 'starter', name: 'Starter' },
          }),
          has_subscription: 't',
        },
        offContract: "the spec's server may send booleans as text",
      },
    });

    const plan = within(await screen.findByRole('region', { name: 'Your plan' }));
    expect(await plan.findByText('Starter')).toBeInTheDocument();
    expect(plan.getByText('42 videos remaining')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Upgrade your plan' })).not.toBeInTheDocument();
  });

  it("says Premium, the spec's label, when the server names no plan", async () => {
    const { plan: _plan, ...specCount } = testVideoCount({
      has_subscription: true,
      remaining_videos: 9,
      subscription_status: 'active',
    });
    renderSignedIn('/my-details', {
      'GET /user/video-count': { body: specCount, offContract: "the spec's server sends no plan" },
    });
    const plan = within(await screen.findByRole('region', { name: 'Your plan' }));
    expect(await plan.findByText('Premium')).toBeInTheDocument();
    expect(plan.getByText('9 videos remaining')).toBeInTheDocument();
    expect(plan.getByRole('link', { name: 'Upgrade' })).toBeInTheDocument();
  });

  // Videos carried over from the plan bought before raise max_videos past every plan's allowance:
  // the plan is the one the count names, not one guessed from max_videos (it was "Premium" then).
  it("names a subscriber's plan (Business, not Premium) and offers Upgrade below the top plan", async () => {
    renderSignedIn('/my-details', {
      'GET /user/video-count': {
        body: testVideoCount({
          has_subscription: true,
          max_videos: 100,
          remaining_videos: 100,
          subscription_status: 'active',
          plan: { id: 'business', name: 'Business' },
        }),
      },
      'GET /subscriptions/plans': { body: testPlans() },
    });
    const plan = within(await screen.findByRole('region', { name: 'Your plan' }));
    expect(await plan.findByText('Business')).toBeInTheDocument();
    expect(plan.queryByText('Premium')).not.toBeInTheDocument();
    expect(plan.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscription-plans');
  });

  it('shows the top plan by its name with no Upgrade', async () => {
    renderSignedIn('/my-details', {
      'GET /user/video-count': {
        body: testVideoCount({
          has_subscription: true,
          max_videos: 230,
          remaining_videos: 200,
          subscription_status: 'active',
          plan: { id: 'professional', name: 'Professional' },
        }),
      },
      'GET /subscriptions/plans': { body: testPlans() },
    });
    const plan = within(await screen.findByRole('region', { name: 'Your plan' }));
    expect(await plan.findByText('Professional')).toBeInTheDocument();
    expect(plan.getByText('200 videos remaining')).toBeInTheDocument();
    expect(plan.queryByText('Premium')).not.toBeInTheDocument();
    expect(plan.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('leaves the upsell off the checkout page', async () => {
    renderSignedIn('/payment?plan=starter&amount=19', {
      'GET /subscriptions/plans/starter': { body: testPlans().find((plan) => plan.id === 'starter') },
      'GET /payments/config': { body: testModeConfig },
    });
    expect(await screen.findByRole('region', { name: 'Order summary' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Upgrade your plan' })).not.toBeInTheDocument();
  });

  it('lets the upsell be dismissed', async () => {
    const { user } = renderSignedIn('/my-details');
    const upsell = await screen.findByRole('region', { name: 'Upgrade your plan' });
    await user.click(within(upsell).getByRole('button', { name: 'Dismiss upgrade message' }));
    expect(screen.queryByRole('region', { name: 'Upgrade your plan' })).not.toBeInTheDocument();
  });

  it('remembers the dismissal for that user after a reload, and shows it to another user', async () => {
    const { user, unmount } = renderSignedIn('/my-details');
    const upsell = await screen.findByRole('region', { name: 'Upgrade your plan' });
    await user.click(within(upsell).getByRole('button', { name: 'Dismiss upgrade message' }));
    unmount();

    renderSignedIn('/my-details');
    await within(await screen.findByRole('region', { name: 'Your plan' })).findByText('3 videos remaining');
    expect(screen.queryByRole('region', { name: 'Upgrade your plan' })).not.toBeInTheDocument();
    cleanup();

    const other = testUser({ id: 'user-2', email: 'bo@example.com', full_name: 'Bo Berg' });
    storeSignedIn(other);
    shellApi({ 'GET /auth/me': { body: other } });
    renderApp('/my-details');
    expect(await screen.findByRole('region', { name: 'Upgrade your plan' })).toBeInTheDocument();
  });

  it('follows a subscription.updated event from the socket', async () => {
    const { sockets } = renderSignedIn('/my-details');
    const plan = within(await screen.findByRole('region', { name: 'Your plan' }));
    await plan.findByText('3 videos remaining');

    act(() => {
      sockets.latest().ready();
      sockets.push(
        SUBSCRIPTION_EVENT_TYPES.updated,
        testVideoCount({
          has_subscription: true,
          remaining_videos: 200,
          subscription_status: 'active',
          plan: { id: 'starter', name: 'Starter' },
        }),
      );
    });

    expect(await plan.findByText('200 videos remaining')).toBeInTheDocument();
    expect(plan.getByText('Starter')).toBeInTheDocument();
  });
});

describe('shell: account menu', () => {
  it('is a menu button with My Details, View Plans, Share Feedback and Logout', async () => {
    const { user, router } = renderSignedIn();
    const button = sidebar().getByRole('button', { name: 'Ana Lima, account menu' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);

    const menu = within(screen.getByRole('menu', { name: 'Account' }));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'My Details',
      'View Plans',
      'Share Feedback',
      'Logout',
    ]);
    expect(menu.getByRole('menuitem', { name: 'My Details' })).toHaveFocus();
    await user.click(menu.getByRole('menuitem', { name: 'My Details' }));
    expect(currentUrl(router)).toBe('/my-details');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('works with the keyboard: arrows move, Escape closes and returns focus', async () => {
    const { user } = renderSignedIn();
    const button = sidebar().getByRole('button', { name: 'Ana Lima, account menu' });
    button.focus();

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'My Details' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('opens the feedback dialog from Share Feedback', async () => {
    const { user } = renderSignedIn();
    await user.click(sidebar().getByRole('button', { name: 'Ana Lima, account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Share Feedback' }));
    expect(screen.getByRole('dialog', { name: 'Share feedback' })).toBeInTheDocument();
  });

  it('gives the focus back to the account menu button when the feedback dialog closes', async () => {
    const { user } = renderSignedIn();
    const button = sidebar().getByRole('button', { name: 'Ana Lima, account menu' });
    button.focus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Share Feedback' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const dialog = screen.getByRole('dialog', { name: 'Share feedback' });
    await user.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog', { name: 'Share feedback' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('is named by what it shows, the user name first, with the email as its description', () => {
    renderSignedIn();
    const button = sidebar().getByRole('button', { name: 'Ana Lima, account menu' });
    expect(button).not.toHaveAttribute('aria-label');
    expect(button).toHaveAccessibleDescription('ana@example.com');
  });

  it('shows the picture, and the initials (2 letters at most) when it fails to load', () => {
    storeSignedIn(testUser({ full_name: 'Ana Maria Lima', profile_picture_url: 'https://cdn.test/ana.png' }));
    shellApi({
      'GET /auth/me': {
        body: testUser({ full_name: 'Ana Maria Lima', profile_picture_url: 'https://cdn.test/ana.png' }),
      },
    });
    renderApp('/dashboard');
    const button = sidebar().getByRole('button', { name: 'Ana Maria Lima, account menu' });
    const picture = button.querySelector('img');
    expect(picture).toHaveAttribute('src', 'https://cdn.test/ana.png');

    fireEvent.error(picture as HTMLImageElement);

    expect(button.querySelector('img')).toBeNull();
    expect(within(button).getByText('AL')).toBeInTheDocument();
  });
});

describe('shell: phone-sized screen', () => {
  it('puts the sidebar in a drawer behind a menu button', async () => {
    phoneScreen();
    const { user } = renderSignedIn();
    const aside = screen.getByRole('complementary', { name: 'Sidebar', hidden: true });
    expect(aside).toHaveAttribute('inert');

    const open = screen.getByRole('button', { name: 'Open menu' });
    await user.click(open);

    expect(aside).not.toHaveAttribute('inert');
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(within(aside).getByRole('button', { name: 'Close menu' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(aside).toHaveAttribute('inert');
    expect(open).toHaveFocus();
  });

  it('closes the drawer when a link is followed', async () => {
    phoneScreen();
    const { user, router } = renderSignedIn();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const aside = screen.getByRole('complementary', { name: 'Sidebar' });

    await user.click(within(aside).getByRole('link', { name: 'Notifications' }));

    expect(currentUrl(router)).toBe('/notifications');
    expect(aside).toHaveAttribute('inert');
  });
});

describe('shell: live notifications', () => {
  it('shows a toast and counts a notification pushed on the socket, on any screen', async () => {
    const { sockets } = renderSignedIn('/my-details');
    await sidebar().findByRole('link', { name: 'Notifications' });

    act(() => {
      sockets.latest().ready();
      sockets.push(
        NOTIFICATION_EVENT_TYPES.created,
        testNotification({
          id: 'job-1',
          title: 'Video ready',
          message: 'Beach promo is done.',
          link: '/projects',
        }),
      );
    });

    const toasts = within(screen.getByRole('list', { name: 'Updates' }));
    expect(await toasts.findByText('Video ready')).toBeInTheDocument();
    expect(toasts.getByText('Beach promo is done.')).toBeInTheDocument();
    expect(toasts.getByRole('link', { name: 'View' })).toHaveAttribute('href', '/projects');
    expect(sidebar().getByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('keeps the outcome of a job watched to its end on screen as read: no toast, no count', async () => {
    storeSignedIn();
    const api = shellApi({
      'PATCH /notifications/watched-1/read': {
        body: testNotification({ id: 'watched-1', session_id: 'session-watched', read: true }),
      },
    });
    const { sockets } = renderApp('/my-details');
    await sidebar().findByRole('link', { name: 'Notifications' });
    const stopWatching = watchSession('session-watched');
    try {
      act(() => {
        sockets.latest().ready();
        sockets.push(
          NOTIFICATION_EVENT_TYPES.created,
          testNotification({
            id: 'watched-1',
            session_id: 'session-watched',
            status: 'completed',
            title: 'Your video is ready',
            read: false,
          }),
        );
      });
      await waitFor(() => expect(api.sent('PATCH /notifications/watched-1/read')).toHaveLength(1));
      expect(screen.queryByText('Your video is ready')).not.toBeInTheDocument();
      expect(sidebar().getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    } finally {
      stopWatching();
    }

    // Once no screen shows that job, its outcomes are news again.
    act(() =>
      sockets.push(
        NOTIFICATION_EVENT_TYPES.created,
        testNotification({
          id: 'later-1',
          session_id: 'session-watched',
          status: 'failed',
          title: 'It failed',
        }),
      ),
    );
    expect(await screen.findByText('It failed')).toBeInTheDocument();
    expect(sidebar().getByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('lets the toast go after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { sockets } = renderSignedIn('/my-details');
    await sidebar().findByRole('link', { name: 'Notifications' });
    act(() => {
      sockets.latest().ready();
      sockets.push(NOTIFICATION_EVENT_TYPES.created, testNotification({ title: 'Quick one' }));
    });
    expect(screen.getByText('Quick one')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(screen.getByText('Quick one')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText('Quick one')).not.toBeInTheDocument();
  });

  it('toasts a background job reaching its outcome, not a read-state change', async () => {
    const pending = testNotification({ id: 'job-2', title: 'Rendering', status: 'pending', read: false });
    const { sockets } = renderSignedIn('/my-details', { 'GET /notifications': { body: [pending] } });
    await sidebar().findByRole('link', { name: 'Notifications, 1 unread' });
    act(() => sockets.latest().ready());

    act(() => sockets.push(NOTIFICATION_EVENT_TYPES.updated, { ...pending, read: true }));
    expect(screen.queryByText('Rendering')).not.toBeInTheDocument();

    act(() =>
      sockets.push(NOTIFICATION_EVENT_TYPES.updated, {
        ...pending,
        title: 'Video creation failed',
        status: 'failed',
        read: false,
      }),
    );
    expect(await screen.findByText('Video creation failed')).toBeInTheDocument();
  });

  it('reloads the list after the socket reconnects, since events of the gap are lost', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSignedIn();
    const api = shellApi();
    const { sockets } = renderApp('/my-details');
    await waitFor(() => expect(api.sent('GET /notifications')).toHaveLength(1));
    act(() => sockets.latest().ready());

    act(() => sockets.latest().serverClose(1006));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    act(() => sockets.latest().ready());

    await waitFor(() => expect(api.sent('GET /notifications')).toHaveLength(2));
  });
});

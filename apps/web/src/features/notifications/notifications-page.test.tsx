import { NOTIFICATION_EVENT_TYPES } from '@reelcraft/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';
import { shellApi, testNotification } from '../../test/test-data';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function renderNotifications(api: Parameters<typeof shellApi>[0] = {}) {
  storeSignedIn();
  const server = shellApi(api);
  return { ...renderApp('/notifications'), api: server };
}

function badge() {
  return within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', {
    name: /^Notifications/,
  });
}

async function listItems() {
  const list = await screen.findByRole('list', { name: 'Notifications' });
  return within(list).getAllByRole('listitem');
}

describe('notifications page', () => {
  it('lists notifications newest first with read and unread states and relative times', async () => {
    renderNotifications({
      'GET /notifications': {
        body: [
          testNotification({
            id: 'a',
            title: 'Video ready',
            status: 'completed',
            session_id: 'sess-a',
            timestamp: hoursAgo(0.2),
          }),
          testNotification({
            id: 'b',
            title: 'Video failed',
            status: 'failed',
            session_id: 'sess-b',
            timestamp: hoursAgo(5),
          }),
          testNotification({
            id: 'c',
            title: 'Plan renewed',
            read: true,
            link: null,
            timestamp: hoursAgo(50),
          }),
        ],
      },
    });

    const [ready, failed, renewed] = await listItems();
    expect(ready).toHaveTextContent('Unread: Video ready');
    expect(ready).toHaveTextContent('just now');
    expect(ready).toHaveTextContent('Completed');
    expect(failed).toHaveTextContent('5 hours ago');
    expect(failed).toHaveTextContent('Failed');
    expect(renewed).not.toHaveTextContent('Unread');
    expect(renewed).toHaveTextContent('2 days ago');
    expect(within(renewed as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(within(renewed as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('2 unread')).toBeInTheDocument();
    expect(badge()).toHaveAccessibleName('Notifications, 2 unread');
  });

  it('labels a subscription notice by its title alone, not "Completed", and dates it in words', async () => {
    renderNotifications({
      'GET /notifications': {
        body: [
          testNotification({
            id: 's',
            title: 'Subscription activated',
            message: 'Your Business plan is active.',
            status: 'completed',
            link: '/dashboard',
            timestamp: '2026-12-23T15:05:00.000Z',
          }),
        ],
      },
    });
    const [notice] = await listItems();
    expect(notice).toHaveTextContent('Subscription activated');
    expect(notice).not.toHaveTextContent('Completed');
    expect(
      within(notice as HTMLElement).getByTitle(/^December 2[34], 2026 at \d{1,2}:\d{2} [AP]M$/),
    ).toBeInTheDocument();
  });

  it('marks one read: the server is told and the badge goes down at once', async () => {
    const { user, api } = renderNotifications({
      'GET /notifications': {
        body: [testNotification({ id: 'a', title: 'Video ready' }), testNotification({ id: 'b' })],
      },
      'PATCH /notifications/a/read': {
        body: testNotification({ id: 'a', title: 'Video ready', read: true }),
      },
    });
    await listItems();

    await user.click(screen.getByRole('button', { name: 'Mark “Video ready” as read' }));

    expect(api.sent('PATCH /notifications/a/read')).toHaveLength(1);
    expect(badge()).toHaveAccessibleName('Notifications, 1 unread');
    const [first] = await listItems();
    expect(first).not.toHaveTextContent('Unread');
  });

  it('follows a notification link to what it points at and marks it read', async () => {
    const { user, api, router } = renderNotifications({
      'GET /notifications': {
        body: [testNotification({ id: 'a', title: 'Candidates ready', link: '/studio' })],
      },
      'PATCH /notifications/a/read': { body: testNotification({ id: 'a', read: true, link: '/studio' }) },
    });

    await user.click(await screen.findByRole('link', { name: 'Candidates ready' }));

    expect(currentUrl(router)).toBe('/studio');
    await waitFor(() => expect(api.sent('PATCH /notifications/a/read')).toHaveLength(1));
  });

  it('marks all read and clears the badge', async () => {
    const { user, api } = renderNotifications({
      'GET /notifications': {
        body: [testNotification(), testNotification(), testNotification({ read: true })],
      },
      'PATCH /notifications/read-all': { body: { updated_count: 2 } },
    });
    await listItems();

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    expect(api.sent('PATCH /notifications/read-all')).toHaveLength(1);
    expect(badge()).toHaveAccessibleName('Notifications');
    expect(screen.getByText('You are all caught up.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('puts the list back and says so when marking read fails on the server', async () => {
    const { user } = renderNotifications({
      'GET /notifications': { body: [testNotification({ id: 'a', title: 'Video ready' })] },
      'PATCH /notifications/a/read': { status: 500, body: { detail: 'Boom' } },
    });
    await listItems();

    await user.click(screen.getByRole('button', { name: 'Mark “Video ready” as read' }));

    expect(await screen.findByText('Failed to mark the notification as read')).toBeInTheDocument();
    await waitFor(() => expect(badge()).toHaveAccessibleName('Notifications, 1 unread'));
  });

  it('skips a failed update silently when there is no answer (spec 000 section 8)', async () => {
    const { user } = renderNotifications({
      'GET /notifications': { body: [testNotification({ id: 'a', title: 'Video ready' })] },
      'PATCH /notifications/a/read': 'network-error',
    });
    await listItems();

    await user.click(screen.getByRole('button', { name: 'Mark “Video ready” as read' }));

    await waitFor(() => expect(badge()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(screen.queryByText(/Failed to/)).not.toBeInTheDocument();
  });

  it('shows a notification pushed on the socket without a reload, and read_all from another tab', async () => {
    const { sockets } = renderNotifications({
      'GET /notifications': {
        body: [testNotification({ id: 'old', title: 'Older one', read: true, timestamp: hoursAgo(3) })],
      },
    });
    await listItems();
    act(() => sockets.latest().ready());

    act(() =>
      sockets.push(NOTIFICATION_EVENT_TYPES.created, testNotification({ id: 'new', title: 'Fresh video' })),
    );

    const [first, second] = await listItems();
    expect(first).toHaveTextContent('Fresh video');
    expect(second).toHaveTextContent('Older one');
    expect(badge()).toHaveAccessibleName('Notifications, 1 unread');

    act(() => sockets.push(NOTIFICATION_EVENT_TYPES.readAll, { updated_count: 1 }));
    await waitFor(() => expect(badge()).toHaveAccessibleName('Notifications'));
    expect((await listItems())[0]).not.toHaveTextContent('Unread');
  });

  it('reloads a notification that arrived clipped', async () => {
    const full = testNotification({ id: 'long', title: 'Long one', message: 'The whole message' });
    const { sockets, api } = renderNotifications({ 'GET /notifications': { body: [] } });
    await screen.findByText('No notifications yet');
    act(() => sockets.latest().ready());
    api.fetchMock.mockClear();

    act(() =>
      sockets.push(NOTIFICATION_EVENT_TYPES.created, { ...full, message: 'The wh…', truncated: true }),
    );

    await waitFor(() => expect(api.sent('GET /notifications').length).toBeGreaterThan(1));
  });

  it.each([
    ['a 401', { status: 401, body: { detail: 'Invalid or missing JWT token' } }],
    ['no answer', 'network-error' as const],
  ])('shows an empty list, and no error, on %s (spec 000 section 8)', async (_case, answer) => {
    renderNotifications({ 'GET /notifications': answer });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers to try again when the server fails otherwise', async () => {
    renderNotifications({ 'GET /notifications': { status: 403, body: { detail: 'Forbidden' } } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load notifications');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

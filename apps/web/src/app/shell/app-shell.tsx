import { BellIcon, MenuIcon } from 'lucide-react';
import { useOpenFeedback } from '../../components/feedback-opener';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { iconButtonClasses } from '../../components/button-styles';
import { Logo } from '../../components/logo';
import { badgeText, useLiveNotifications, useUnreadNotificationsCount } from '../../features/notifications';
import { paths } from '../../lib/paths';
import { useCurrentUser, useSessionStore } from '../../lib/session';
import { useMediaQuery } from '../../lib/use-media-query';
import { useVideoCountLiveUpdates } from '../../lib/video-count';
import { Sidebar } from './sidebar';
import { useSidebarCollapsed } from './sidebar-collapsed';
import { UpsellBanner } from './upsell-banner';

/** From this width the sidebar sits beside the content; below it, it is a drawer behind a menu button. */
export const DESKTOP_MEDIA_QUERY = '(min-width: 1024px)';

/**
 * The application shell (spec 000 section 2.5) around every signed-in screen: the sidebar (collapsible
 * on a desktop, remembered; a drawer on a phone), the subscription upsell for unsubscribed users, and
 * the page. It keeps the notifications and the video count live from /ws while signed in, shows a
 * toast when a job notification arrives, and holds the feedback dialog of the account menu.
 */
export function AppShell({ children }: { children?: ReactNode }) {
  const user = useCurrentUser();
  const session = useSessionStore();
  const location = useLocation();
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY, true);
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const unreadCount = useUnreadNotificationsCount();
  const openFeedback = useOpenFeedback();
  // The drawer belongs to the page it was opened on: any navigation closes it.
  const [drawerOpenedOn, setDrawerOpenedOn] = useState<string | null>(null);
  const drawerOpen = !desktop && drawerOpenedOn === location.key;
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLElement>(null);

  useLiveNotifications();
  useVideoCountLiveUpdates();

  const closeDrawer = () => {
    setDrawerOpenedOn(null);
    menuButtonRef.current?.focus();
  };

  useEffect(() => {
    if (!drawerOpen) return;
    sidebarRef.current?.querySelector<HTMLElement>('[data-drawer-close]')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDrawerOpenedOn(null);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  if (!user) return null;

  const sidebarWidth = desktop ? (collapsed ? 'w-20' : 'w-72') : 'w-72';

  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        onClick={(event) => {
          // Moves the focus too, which following the fragment alone does not do in every browser.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70] focus:rounded-full focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-zinc-900 focus:shadow-lg"
      >
        Skip to content
      </a>

      <aside
        ref={sidebarRef}
        id="app-sidebar"
        aria-label="Sidebar"
        inert={!desktop && !drawerOpen}
        data-collapsed={desktop && collapsed ? 'true' : 'false'}
        className={`${sidebarWidth} shrink-0 border-r border-zinc-200 bg-zinc-50/80 dark:border-white/10 dark:bg-zinc-950 ${
          desktop
            ? 'sticky top-0 z-40 h-dvh transition-[width] duration-200'
            : `fixed inset-y-0 left-0 z-50 h-dvh transition-transform duration-200 ${
                drawerOpen ? 'translate-x-0 shadow-2xl' : '-translate-x-full'
              }`
        }`}
      >
        <Sidebar
          user={user}
          mode={desktop ? 'static' : 'drawer'}
          collapsed={collapsed}
          unreadCount={unreadCount}
          onToggleCollapsed={() => setCollapsed(!collapsed)}
          onCloseDrawer={closeDrawer}
          onShareFeedback={() => openFeedback()}
          onLogout={() => session.logout('user')}
        />
      </aside>

      {drawerOpen && (
        <div
          aria-hidden="true"
          onClick={closeDrawer}
          className="fixed inset-0 z-40 bg-zinc-950/60 backdrop-blur-sm"
        />
      )}

      <div className="flex min-w-0 flex-1 flex-col" inert={drawerOpen}>
        {!desktop && (
          <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-zinc-200/80 bg-white/80 px-3 backdrop-blur-lg dark:border-white/10 dark:bg-zinc-950/75">
            <button
              ref={menuButtonRef}
              type="button"
              onClick={() => setDrawerOpenedOn(location.key)}
              aria-label="Open menu"
              aria-expanded={drawerOpen}
              aria-controls="app-sidebar"
              className={iconButtonClasses}
            >
              <MenuIcon />
            </button>
            <Link to={paths.dashboard} aria-label="ReelCraft dashboard" className="rounded-lg p-1">
              <Logo />
            </Link>
            <NotificationsBell unreadCount={unreadCount} />
          </header>
        )}
        <UpsellBanner />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children ?? <Outlet />}
        </main>
      </div>
    </div>
  );
}

/** The phone top bar's way to the notifications, with the same capped badge as the sidebar. */
function NotificationsBell({ unreadCount }: { unreadCount: number }) {
  const badge = badgeText(unreadCount);
  return (
    <Link
      to={paths.notifications}
      className={`${iconButtonClasses} relative ml-auto`}
      aria-label={badge ? `Notifications, ${badge} unread` : 'Notifications'}
    >
      <BellIcon />
      {badge && (
        <span
          aria-hidden="true"
          className="absolute top-0.5 right-0 min-w-5 rounded-full bg-violet-600 px-1 text-center text-[11px] leading-5 font-semibold text-white tabular-nums"
        >
          {badge}
        </span>
      )}
    </Link>
  );
}

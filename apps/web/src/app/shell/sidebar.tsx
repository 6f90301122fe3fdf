import type { User } from '@reelcraft/contract';
import { Link, NavLink } from 'react-router';
import {
  BellIcon,
  ClapperboardIcon,
  CreditCardIcon,
  FilmIcon,
  FolderIcon,
  HouseIcon,
  ImageIcon,
  ImagesIcon,
  MessagesSquareIcon,
  PanelLeftIcon,
  PlusIcon,
  PresentationIcon,
  TypeIcon,
  UsersIcon,
  XIcon,
  type LucideIcon,
} from 'lucide-react';
import { iconButtonClasses } from '../../components/button-styles';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';
import { badgeText } from '../../features/notifications';
import { paths } from '../../lib/paths';
import { AccountMenu } from './account-menu';
import { PlanBox } from './plan-box';

interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  beta?: boolean;
  /** Shows the unread notifications badge. */
  unreadBadge?: boolean;
}

/**
 * The three groups of spec 000 section 2.5, in order; ours join them: My Videos the Library, and Chat (the
 * fourth way to create that the landing page sells) the Creation Studio.
 */
const navGroups: { title: string; items: NavItem[] }[] = [
  {
    title: 'Overview',
    items: [
      { label: 'Dashboard', to: paths.dashboard, icon: HouseIcon },
      { label: 'My Projects', to: paths.projects, icon: FolderIcon },
    ],
  },
  {
    title: 'Creation Studio',
    items: [
      { label: 'AI Studio', to: paths.studioFresh, icon: ClapperboardIcon, beta: true },
      { label: 'Text to Video', to: paths.textToVideo, icon: TypeIcon },
      { label: 'Image to Video', to: paths.imageToVideo, icon: ImagesIcon },
      { label: 'Slides to Video', to: paths.pptToVideo, icon: PresentationIcon },
      { label: 'Chat', to: paths.chat, icon: MessagesSquareIcon },
    ],
  },
  {
    title: 'Library',
    items: [
      { label: 'My Videos', to: paths.myVideos, icon: FilmIcon },
      { label: 'Image Library', to: paths.imageLibrary, icon: ImageIcon },
      { label: 'Avatars', to: paths.avatars, icon: UsersIcon },
      { label: 'Subscription Plans', to: paths.subscriptionPlans, icon: CreditCardIcon },
      { label: 'Notifications', to: paths.notifications, icon: BellIcon, unreadBadge: true },
    ],
  },
];

export interface SidebarProps {
  user: User;
  /** `static` beside the content (desktop), `drawer` over it (phone). */
  mode: 'static' | 'drawer';
  collapsed: boolean;
  unreadCount: number;
  onToggleCollapsed: () => void;
  onCloseDrawer: () => void;
  onShareFeedback: () => void;
  onLogout: () => void;
}

/**
 * What the sidebar holds (spec 000 section 2.5): the logo, the collapse switch, Create, the three
 * groups of links (Notifications with its unread badge, capped at 99), the plan box, the account
 * menu and the dark-mode toggle. Collapsed, links keep their names for assistive technology and
 * show them as tooltips.
 */
export function Sidebar({
  user,
  mode,
  collapsed,
  unreadCount,
  onToggleCollapsed,
  onCloseDrawer,
  onShareFeedback,
  onLogout,
}: SidebarProps) {
  const compact = mode === 'static' && collapsed;
  const badge = badgeText(unreadCount);

  return (
    <div className="flex h-full flex-col">
      <div
        className={`flex shrink-0 items-center gap-2 ${compact ? 'flex-col justify-center gap-1 pt-3 pb-1' : 'h-16 px-4'}`}
      >
        <Link
          to={paths.dashboard}
          aria-label="ReelCraft dashboard"
          className={`rounded-lg p-1 ${compact ? '' : '-ml-1'}`}
        >
          <Logo showWordmark={!compact} />
        </Link>
        {mode === 'static' ? (
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            aria-controls="app-sidebar"
            title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            className={`${iconButtonClasses} size-9 text-zinc-500 dark:text-zinc-400 ${compact ? '' : 'ml-auto'}`}
          >
            <PanelLeftIcon className="size-5" />
          </button>
        ) : (
          <button
            type="button"
            onClick={onCloseDrawer}
            aria-label="Close menu"
            data-drawer-close
            className={`${iconButtonClasses} ml-auto size-9`}
          >
            <XIcon />
          </button>
        )}
      </div>

      <div className={compact ? 'flex justify-center px-0 pb-2' : 'px-4 pb-2'}>
        <Link
          to={paths.textToVideo}
          title={compact ? 'Create' : undefined}
          className={`flex h-10 items-center justify-center gap-2 rounded-full bg-zinc-900 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-zinc-700 dark:bg-white dark:text-zinc-900 dark:hover:bg-zinc-200 ${
            compact ? 'size-10' : 'w-full'
          }`}
        >
          <PlusIcon className="size-4.5" />
          <span className={compact ? 'sr-only' : ''}>Create</span>
        </Link>
      </div>

      <nav aria-label="Main" className="min-h-0 flex-1 overflow-y-auto px-3 pb-4">
        {navGroups.map((group) => (
          <div key={group.title} className="mt-3">
            <h2
              className={
                compact
                  ? 'sr-only'
                  : 'px-3 pb-1 text-[11px] font-semibold tracking-wider text-zinc-500 uppercase dark:text-zinc-400'
              }
            >
              {group.title}
            </h2>
            {compact && (
              <div aria-hidden="true" className="mx-3 mb-2 border-t border-zinc-200 dark:border-white/10" />
            )}
            <ul className="space-y-0.5">
              {group.items.map((item) => (
                <li key={item.to}>
                  <NavItemLink item={item} compact={compact} badge={item.unreadBadge ? badge : ''} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>

      <div
        className={`shrink-0 space-y-2 border-t border-zinc-200 pt-3 pb-3 dark:border-white/10 ${compact ? 'px-2' : 'px-3'}`}
      >
        <PlanBox compact={compact} />
        <div className={`flex items-center gap-1 ${compact ? 'flex-col-reverse' : ''}`}>
          <AccountMenu user={user} compact={compact} onShareFeedback={onShareFeedback} onLogout={onLogout} />
          <ThemeToggle className="shrink-0" />
        </div>
      </div>
    </div>
  );
}

function NavItemLink({ item, compact, badge }: { item: NavItem; compact: boolean; badge: string }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end={item.to === paths.dashboard}
      title={compact ? item.label : undefined}
      aria-label={badge ? `${item.label}, ${badge} unread` : undefined}
      className={({ isActive }) =>
        `relative flex h-9 items-center gap-3 rounded-xl text-sm font-medium whitespace-nowrap transition-colors ${
          compact ? 'justify-center' : 'px-3'
        } ${
          isActive
            ? 'bg-violet-500/10 text-violet-700 dark:bg-violet-500/15 dark:text-violet-200'
            : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-white/5 dark:hover:text-white'
        }`
      }
    >
      <Icon className="size-5 shrink-0" />
      <span className={compact ? 'sr-only' : 'min-w-0 flex-1 truncate'}>{item.label}</span>
      {item.beta && !compact && (
        <span className="rounded-full bg-fuchsia-500/10 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-fuchsia-700 dark:text-fuchsia-300">
          BETA
        </span>
      )}
      {/* The space keeps the shown words apart ("Notifications 3", not "Notifications3"), so they
          match the start of the name "Notifications, 3 unread" (WCAG 2.5.3, label in name). */}
      {badge && ' '}
      {badge && (
        <span
          aria-hidden="true"
          className={`rounded-full bg-violet-600 text-center text-[11px] leading-5 font-semibold text-white tabular-nums ${
            compact ? 'absolute top-0 right-0.5 min-w-5 px-1' : 'min-w-6 px-1.5'
          }`}
        >
          {badge}
        </span>
      )}
    </NavLink>
  );
}

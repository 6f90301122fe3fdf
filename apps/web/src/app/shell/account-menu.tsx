import type { User } from '@reelcraft/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  ChevronsUpDownIcon,
  CreditCardIcon,
  LogOutIcon,
  MessageSquareTextIcon,
  UserIcon,
} from 'lucide-react';
import { UserAvatar } from '../../components/avatar';
import { paths } from '../../lib/paths';

// The focused item shows the app's focus ring (drawn inside, so the menu's edge does not clip it),
// not only a background: a background change alone is too faint to find the focus by.
const itemClasses =
  'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-medium text-zinc-800 transition-colors hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:-outline-offset-2 dark:text-zinc-200 dark:hover:bg-white/10 dark:focus-visible:bg-white/10';

/**
 * The account menu of the sidebar (spec 000 section 2.5): My Details, View Plans, Share Feedback and
 * Logout, behind a menu button with the user's avatar (initials when the picture fails). Keyboard as
 * in the WAI-ARIA menu button pattern: arrows move, Home/End jump, Escape closes and returns focus.
 */
export function AccountMenu({
  user,
  compact,
  onShareFeedback,
  onLogout,
}: {
  user: User;
  /** The collapsed sidebar: the avatar alone, the menu opening to the side. */
  compact: boolean;
  onShareFeedback: () => void;
  onLogout: () => void;
}) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  /** Which item takes the focus when the menu opens: the first, or the last (ArrowUp on the button). */
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const menuId = useId();
  const emailId = useId();
  const name = user.full_name || user.email;

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusOnOpen.current === 'last' ? list.at(-1) : list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const openWith = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowUp' ? 'last' : 'first');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div className="relative min-w-0 flex-1">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-describedby={compact ? undefined : emailId}
        title={compact ? name : undefined}
        onClick={() => (open ? close(false) : openWith('first'))}
        onKeyDown={onButtonKeyDown}
        className={`flex w-full items-center gap-3 rounded-xl p-1.5 text-left transition-colors hover:bg-zinc-100 dark:hover:bg-white/10 ${compact ? 'justify-center' : ''}`}
      >
        <UserAvatar name={name} src={user.profile_picture_url} className="size-9 text-xs" />
        {/* Named by what it shows, the name first (WCAG 2.5.3): "Ana Lima, account menu". An aria-label
            would hide the visible words from speech-input users; the email is its description. */}
        <span className={compact ? 'sr-only' : 'min-w-0 flex-1'}>
          <span className="block truncate text-sm font-medium">
            {name}
            <span className="sr-only">, account menu</span>
          </span>
          {!compact && (
            <span
              id={emailId}
              aria-hidden="true"
              className="block truncate text-xs text-zinc-500 dark:text-zinc-400"
            >
              {user.email}
            </span>
          )}
        </span>
        {!compact && <ChevronsUpDownIcon className="size-4 shrink-0 text-zinc-400" />}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKeyDown}
          className={`absolute z-50 w-60 rounded-2xl border border-zinc-200 bg-white p-1.5 shadow-xl shadow-zinc-900/10 dark:border-white/10 dark:bg-zinc-900 dark:shadow-black/40 ${
            compact ? 'bottom-0 left-full ml-3' : 'bottom-full left-0 mb-2'
          }`}
        >
          <div
            className="border-b border-zinc-200 px-3 pt-1.5 pb-2.5 dark:border-white/10"
            aria-hidden="true"
          >
            <p className="truncate text-sm font-semibold">{name}</p>
            <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{user.email}</p>
          </div>
          <div className="pt-1.5">
            <MenuLink
              to={paths.myDetails}
              icon={<UserIcon className="size-4.5" />}
              onChoose={() => close(false)}
            >
              My Details
            </MenuLink>
            <MenuLink
              to={paths.subscriptionPlans}
              icon={<CreditCardIcon className="size-4.5" />}
              onChoose={() => close(false)}
            >
              View Plans
            </MenuLink>
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                // The button takes the focus before the dialog opens, so closing the dialog returns
                // it there: this item is gone by then, and the focus would fall to the page.
                close(true);
                onShareFeedback();
              }}
              className={itemClasses}
            >
              <MessageSquareTextIcon className="size-4.5 text-zinc-500 dark:text-zinc-400" />
              Share Feedback
            </button>
            <div className="my-1.5 border-t border-zinc-200 dark:border-white/10" role="separator" />
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close(false);
                onLogout();
              }}
              className={itemClasses}
            >
              <LogOutIcon className="size-4.5 text-zinc-500 dark:text-zinc-400" />
              Logout
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

function MenuLink({
  to,
  icon,
  onChoose,
  children,
}: {
  to: string;
  icon: ReactNode;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <Link to={to} role="menuitem" tabIndex={-1} onClick={onChoose} className={itemClasses}>
      <span className="text-zinc-500 dark:text-zinc-400">{icon}</span>
      {children}
    </Link>
  );
}

// Class names shared by buttons and links that look like buttons, so a <Link> and a <button> with the
// same role in the design look the same.

/**
 * `inverse` and `inverse-outline` sit on a dark surface in either theme (the closing banner);
 * `danger` confirms what cannot be undone (a deletion).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'inverse' | 'inverse-outline' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-medium whitespace-nowrap transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-zinc-900 text-white shadow-sm hover:bg-zinc-700 dark:bg-white dark:text-zinc-900 dark:hover:bg-zinc-200',
  secondary:
    'border border-zinc-300 bg-white/60 text-zinc-900 hover:border-zinc-400 hover:bg-zinc-100 ' +
    'dark:border-white/15 dark:bg-white/5 dark:text-white dark:hover:border-white/25 dark:hover:bg-white/10',
  ghost:
    'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-white/10 dark:hover:text-white',
  inverse: 'bg-white text-zinc-900 shadow-sm hover:bg-zinc-200',
  'inverse-outline': 'border border-white/25 bg-white/5 text-white hover:border-white/40 hover:bg-white/10',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-500',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 px-3.5 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** Tailwind classes for a button-looking control; `className` adds layout only (margin, width), never colour or display. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className = '',
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${className}`.trim();
}

/** A square icon-only button (the theme toggle, the menu button). */
export const iconButtonClasses =
  'inline-flex size-10 items-center justify-center rounded-full text-zinc-700 transition-colors ' +
  'hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-white/10 dark:hover:text-white';

/**
 * The title button of a card that opens as a whole: one line, cut with an ellipsis, and an ::before
 * stretched over its nearest positioned ancestor (the card), which takes the focus ring. The card's
 * other buttons need `relative` to stay above it.
 */
export const cardOpenerClasses =
  'block w-full truncate text-left focus-visible:outline-none before:absolute before:inset-0 ' +
  'before:rounded-2xl before:content-[""] focus-visible:before:outline-2 focus-visible:before:outline-offset-2 ' +
  'focus-visible:before:outline-violet-500 focus-visible:before:outline-solid';

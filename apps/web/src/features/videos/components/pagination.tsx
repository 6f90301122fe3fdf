import { PROJECTS_PAGE_WINDOW } from '@reelcraft/contract';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { iconButtonClasses } from '../../../components/button-styles';

/** The page numbers shown around `current` (0-based), at most PROJECTS_PAGE_WINDOW of them. */
export function pageWindow(current: number, pageCount: number): number[] {
  const size = Math.min(PROJECTS_PAGE_WINDOW, pageCount);
  const first = Math.min(Math.max(0, current - Math.floor(PROJECTS_PAGE_WINDOW / 2)), pageCount - size);
  return Array.from({ length: size }, (_, index) => first + index);
}

export function Pagination({
  current,
  pageCount,
  onChange,
}: {
  current: number;
  pageCount: number;
  onChange: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  const pageButton = `${iconButtonClasses} size-9 text-sm font-medium tabular-nums`;
  return (
    <nav aria-label="Projects pages" className="flex items-center justify-center gap-1">
      <button
        type="button"
        onClick={() => onChange(current - 1)}
        disabled={current === 0}
        aria-label="Previous page"
        className={`${iconButtonClasses} size-9 disabled:pointer-events-none disabled:opacity-40`}
      >
        <ChevronLeftIcon className="size-4.5" />
      </button>
      {pageWindow(current, pageCount).map((page) => (
        <button
          key={page}
          type="button"
          onClick={() => onChange(page)}
          aria-label={`Page ${page + 1}`}
          aria-current={page === current ? 'page' : undefined}
          className={
            page === current
              ? 'inline-flex size-9 items-center justify-center rounded-full bg-zinc-900 text-sm font-medium text-white tabular-nums dark:bg-white dark:text-zinc-900'
              : pageButton
          }
        >
          {page + 1}
        </button>
      ))}
      <button
        type="button"
        onClick={() => onChange(current + 1)}
        disabled={current >= pageCount - 1}
        aria-label="Next page"
        className={`${iconButtonClasses} size-9 disabled:pointer-events-none disabled:opacity-40`}
      >
        <ChevronRightIcon className="size-4.5" />
      </button>
    </nav>
  );
}

import { MoonIcon, SunIcon } from 'lucide-react';
import { useTheme } from '../lib/theme';
import { iconButtonClasses } from './button-styles';

/** Switches between the dark and the light theme; its name says what a press will do. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      className={`${iconButtonClasses} ${className}`}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}

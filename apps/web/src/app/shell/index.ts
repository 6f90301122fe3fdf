export { AppShell } from './app-shell';

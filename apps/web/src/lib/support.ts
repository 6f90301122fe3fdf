/**
 * Where users write when something cannot be done in the app (the feedback form failed to load):
 * the operator's address from VITE_SUPPORT_EMAIL at build time, else support@ this instance's host.
 */
export function supportEmail(): string {
  const configured: unknown = import.meta.env.VITE_SUPPORT_EMAIL;
  if (typeof configured === 'string' && configured.includes('@')) return configured.trim();
  return `support@${window.location.hostname || 'localhost'}`;
}

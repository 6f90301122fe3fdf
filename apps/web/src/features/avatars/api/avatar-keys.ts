/** Query keys of the avatars feature. */
export const avatarKeys = {
  list: ['avatars', 'list'] as const,
};

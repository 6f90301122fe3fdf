/** Query keys of slides to video: what the server can import, and one deck as it imports. */
export const slidesKeys = {
  all: ['slides-to-video'] as const,
  capabilities: () => [...slidesKeys.all, 'capabilities'] as const,
  deck: (deckId: string) => [...slidesKeys.all, 'deck', deckId] as const,
};

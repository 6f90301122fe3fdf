/** Query keys of slides to video: what the server can import, one deck as it imports, an estimate. */
export const slidesKeys = {
  all: ['slides-to-video'] as const,
  capabilities: () => [...slidesKeys.all, 'capabilities'] as const,
  deck: (deckId: string) => [...slidesKeys.all, 'deck', deckId] as const,
  estimate: (body: unknown) => [...slidesKeys.all, 'estimate', body] as const,
};

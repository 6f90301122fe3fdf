import { getDeck, type Deck } from '@reelcraft/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { slidesKeys } from './slides-keys';

/** How often an importing deck is read again: its progress moves in steps of a slide or so. */
export const DECK_POLL_INTERVAL_MS = 1_000;

/** GET /ppt-to-video/decks/{id}: the deck, its import progress, and its slides once ready. */
export function fetchDeck(deckId: string, signal?: AbortSignal): Promise<Deck> {
  return callApi(getDeck, { params: { id: deckId }, signal });
}

export function deckQueryOptions(deckId: string) {
  return queryOptions({
    queryKey: slidesKeys.deck(deckId),
    queryFn: ({ signal }) => fetchDeck(deckId, signal),
    // Read every second while it imports; a ready or failed deck does not change any more.
    refetchInterval: (query) =>
      query.state.status !== 'error' && query.state.data?.status === 'processing'
        ? DECK_POLL_INTERVAL_MS
        : false,
    // The slide images are signed URLs that expire: a deck opened again is read again.
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useDeck(deckId: string | null) {
  return useQuery({ ...deckQueryOptions(deckId ?? ''), enabled: deckId !== null });
}

import { uploadDeck, type Deck } from '@reelcraft/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { slidesKeys } from './slides-keys';

/** POST /ppt-to-video/decks (multipart `file`): stores the deck and queues its import (202). */
export function postDeck(file: File): Promise<Deck> {
  return callApi(uploadDeck, { files: { file } });
}

export function useUploadDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDeck,
    // The answer is the deck's first state: the screen follows it from there without a second read.
    onSuccess: (deck) => queryClient.setQueryData(slidesKeys.deck(deck.deck_id), deck),
  });
}

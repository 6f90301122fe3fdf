import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFeedbackQuestions, type FeedbackQuestion } from '@reelcraft/contract';
import { callApi } from '../../lib/api-client';

/** GET /feedback/questions: the questions of the feedback form, in their order. Open to guests. */
export async function fetchFeedbackQuestions(signal?: AbortSignal): Promise<FeedbackQuestion[]> {
  const answer = await callApi(getFeedbackQuestions, { signal });
  return answer.questions;
}

export function feedbackQuestionsQueryOptions() {
  return queryOptions({
    queryKey: ['feedback', 'questions'],
    queryFn: ({ signal }) => fetchFeedbackQuestions(signal),
    // The questions change with a deployment, not during a visit.
    staleTime: 10 * 60 * 1000,
    // A failure shows the contact panel at once, with its own Try again.
    retry: false,
  });
}

export function useFeedbackQuestions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...feedbackQuestionsQueryOptions(), enabled });
}

import { serverDetailMessages, studioMessages, type StudioJobStatus } from '@reelcraft/contract';
import { badRequest } from '../../platform/http/http-error';

/**
 * What a user may ask of a studio job, and in which states (docs/decisions/017). The jobs move the
 * job on themselves: CREATED → CANDIDATES_GENERATING → CANDIDATES_READY on generation,
 * LIPSYNC_GENERATING → LIPSYNC_READY → COMPLETE on lip-sync, FAILED when candidate generation fails.
 */
export const STUDIO_REQUESTS = {
  /** Choose (or change) the candidate: the spec's client retries on this text. */
  select: {
    from: ['CANDIDATES_READY', 'VIDEO_READY', 'VOICEOVER_READY', 'LIPSYNC_READY'],
    refusal: serverDetailMessages.candidatesNotReady,
  },
  extend: { from: ['VIDEO_READY', 'VOICEOVER_READY'], refusal: studioMessages.invalidExtension },
  voiceover: {
    from: ['VIDEO_READY', 'VOICEOVER_READY'],
    refusal: serverDetailMessages.videoNotReadyForVoiceover,
  },
  recordedVoiceover: {
    from: ['VIDEO_READY', 'VOICEOVER_READY'],
    refusal: studioMessages.invalidRecordedAudio,
  },
  lipsync: { from: ['VOICEOVER_READY', 'VIDEO_READY'], refusal: serverDetailMessages.noAudioForLipsync },
} as const satisfies Record<string, { from: readonly StudioJobStatus[]; refusal: string }>;

export type StudioRequest = keyof typeof STUDIO_REQUESTS;

/** The one place a request out of turn is refused: 400 with the spec's text. */
export function requireTurn(request: StudioRequest, status: StudioJobStatus): void {
  const rule = STUDIO_REQUESTS[request];
  if (!(rule.from as readonly StudioJobStatus[]).includes(status)) throw badRequest(rule.refusal);
}

/** The status a job goes back to after its chosen video or voiceover changed. */
export function readyStatus(job: { voiceoverUri: string | null }): StudioJobStatus {
  return job.voiceoverUri ? 'VOICEOVER_READY' : 'VIDEO_READY';
}

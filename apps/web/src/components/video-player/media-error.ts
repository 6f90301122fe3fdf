import { playerMessages } from '@reelcraft/contract';

/** The text for an HTMLMediaElement error code (1 aborted, 2 network, 3 decode, 4 format). */
export function mediaErrorMessage(code: number | null | undefined): string {
  switch (code) {
    case 1:
      return playerMessages.mediaErrorAborted;
    case 2:
      return playerMessages.mediaErrorNetwork;
    case 3:
      return playerMessages.mediaErrorDecode;
    case 4:
      return playerMessages.mediaErrorFormat;
    default:
      return playerMessages.loadFailed;
  }
}

import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { buttonClasses } from '../button-styles';
import { useSendGenerationToBackground } from './api/send-generation-to-background';

/**
 * "Send to background and notify me": the server records that the user wants to hear how the job
 * ends (it turns into the outcome notification), then the user goes to the dashboard.
 */
export function useSendToBackground() {
  const navigate = useNavigate();
  const { mutate, isPending } = useSendGenerationToBackground();
  const send = useCallback(
    (sessionId: string) =>
      mutate(sessionId, {
        // The job goes on either way; the projects list shows it when it is done.
        onSettled: () => void navigate(paths.dashboard),
      }),
    [mutate, navigate],
  );
  return { send, sending: isPending };
}

/** The button of a running job's progress panel that hands the job to the background. */
export function SendToBackgroundButton({ sessionId }: { sessionId: string }) {
  const { send, sending } = useSendToBackground();
  return (
    <button
      type="button"
      className={buttonClasses({ variant: 'secondary' })}
      disabled={sending}
      onClick={() => send(sessionId)}
    >
      Send to background and notify me
    </button>
  );
}

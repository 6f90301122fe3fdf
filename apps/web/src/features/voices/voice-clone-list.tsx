import { voiceMessages, type VoiceClone } from '@reelcraft/contract';
import { CircleAlertIcon, RefreshCwIcon, Trash2, Volume2 } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses, iconButtonClasses } from '../../components/button-styles';
import { ConfirmDialog } from '../../components/dialog';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/relative-time';
import { useDeleteVoiceClone } from './api/delete-voice-clone';
import { deleteCloneErrorMessage } from './api/voice-errors';
import { useVoiceClones } from './api/list-voice-clones';

const statusLabels: Record<VoiceClone['status'], string> = {
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
};

/** The user's clones (name, date, status), each to hear or delete after a confirmation. */
export function VoiceCloneList({ onHear }: { onHear: (clone: VoiceClone) => void }) {
  const clones = useVoiceClones();
  const remove = useDeleteVoiceClone();
  const toast = useToast();
  const [confirming, setConfirming] = useState<VoiceClone | null>(null);

  function confirmDelete() {
    if (!confirming) return;
    const clone = confirming;
    remove.mutate(clone.voice_id, {
      onSuccess: () => {
        setConfirming(null);
        toast.show({ title: `Deleted the voice "${clone.name}"`, tone: 'success' });
      },
      onError: (error) => {
        setConfirming(null);
        toast.show({ title: deleteCloneErrorMessage(error), tone: 'error' });
      },
    });
  }

  if (clones.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <Spinner />
        Loading your voices…
      </p>
    );
  }
  if (clones.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <CircleAlertIcon aria-hidden="true" className="size-5 text-red-500" />
        {errorMessage(clones.error, { fallback: voiceMessages.loadFailed })}
        <button
          type="button"
          onClick={() => void clones.refetch()}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <RefreshCwIcon aria-hidden="true" className="size-4" />
          Try Again
        </button>
      </div>
    );
  }
  if (clones.data.length === 0) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        No voice clones yet. The voices you clone appear here and in every voiceover.
      </p>
    );
  }

  return (
    <>
      <ul aria-label="Your voice clones" className="divide-y divide-zinc-200 dark:divide-white/10">
        {clones.data.map((clone) => (
          <li key={clone.voice_id} className="flex items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium" title={clone.name}>
                {clone.name}
              </p>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                <time dateTime={clone.created_at}>{formatDate(clone.created_at)}</time>
                {clone.status === 'ready' ? null : ` · ${statusLabels[clone.status]}`}
                {clone.status === 'failed' && clone.message ? ` · ${clone.message}` : null}
              </p>
            </div>
            <button
              type="button"
              disabled={clone.status !== 'ready'}
              onClick={() => onHear(clone)}
              className={buttonClasses({ variant: 'ghost', size: 'sm' })}
              aria-label={`Hear ${clone.name}`}
            >
              <Volume2 aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">Hear</span>
            </button>
            <button
              type="button"
              onClick={() => setConfirming(clone)}
              aria-label={`Delete ${clone.name}`}
              className={`${iconButtonClasses} size-9 shrink-0 hover:text-red-600 dark:hover:text-red-400`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ul>

      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Delete this voice?"
        description={
          confirming
            ? `"${confirming.name}" and its recorded sample will be deleted. Voiceovers already made with it stay.`
            : undefined
        }
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </>
  );
}

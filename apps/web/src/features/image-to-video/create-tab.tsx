import { zodResolver } from '@hookform/resolvers/zod';
import {
  generationMessages,
  IMAGE_VIDEO_ESTIMATE_BASE_S,
  IMAGE_VIDEO_ESTIMATE_PER_IMAGE_S,
  imageToVideoMessages,
  imageVideoSettingsSchema,
} from '@reelcraft/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { buttonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import {
  Confetti,
  GenerationFailedPanel,
  ResumingNotice,
  useFormDraft,
  useGenerationJob,
  useKeepFormDraft,
} from '../../components/generations';
import { errorMessage } from '../../lib/api-client';
import { postImageToVideoSession, type ImageToVideoStart } from './api/create-image-to-video-session';
import { fetchImageToVideoState } from './api/get-image-to-video-state';
import type { CreationParts } from './creation-parts';
import {
  createVideoFormDefaults,
  createVideoFormSchema,
  imageToVideoStart,
  type CreateVideoFormInput,
  type CreateVideoFormValues,
} from './create-video-form';
import { GenerationPanel } from './generation-panel';
import { ImageSlotsSection } from './image-slots-section';
import { libraryRecordsFor } from './library-records';
import { PromptSection } from './prompt-section';
import type { ImageSlot } from './slots';
import { VideoResult } from './video-result';
import { VideoSettingsSection } from './video-settings-section';

/**
 * The fields kept across a reload (issue 36 item 4): the text and the choices. Picked files (closing
 * frame, voice sample) cannot be kept by a browser, and a saved voice is picked again.
 */
const createVideoDraftSchema = imageVideoSettingsSchema.extend({ prompt: z.string(), seed: z.string() });

/** What a start sends, and what it keeps in the library once it has its session. */
interface CreateStart {
  call: ImageToVideoStart;
  slots: readonly ImageSlot[];
  values: CreateVideoFormValues;
}

/** 30 s plus 15 s per image (spec 001 section 4). */
export function estimatedSeconds(images: number): number {
  return IMAGE_VIDEO_ESTIMATE_BASE_S + IMAGE_VIDEO_ESTIMATE_PER_IMAGE_S * images;
}

/** The Create Video tab: the form, then the job's progress, then its video or its failure. */
export function CreateTab({
  slots,
  setSlots,
  onBusyChange,
  completedUrl,
  onClearCompleted,
  parts,
}: {
  slots: ImageSlot[];
  setSlots: (update: (slots: ImageSlot[]) => ImageSlot[]) => void;
  onBusyChange: (busy: boolean) => void;
  /** A finished session picked from Recent Videos. */
  completedUrl: string | null;
  onClearCompleted: () => void;
  parts: CreationParts;
}) {
  const imagesErrorId = useId();
  const toast = useToast();
  const saveToLibrary = parts.library.useSave();
  const draft = useFormDraft('image-to-video', createVideoDraftSchema);
  const form = useForm<CreateVideoFormInput, unknown, CreateVideoFormValues>({
    resolver: zodResolver(createVideoFormSchema),
    defaultValues: { ...createVideoFormDefaults, ...draft.initial },
  });
  useKeepFormDraft(draft.keep, form);
  const job = useGenerationJob({
    kind: 'image-to-video',
    start: async ({ call, slots: used, values }: CreateStart) => {
      const started = await postImageToVideoSession(call);
      // The video is under way: keeping its images in the library must not hold it up or fail it.
      const records = libraryRecordsFor(used, values, started);
      if (records.length > 0) {
        saveToLibrary(records).catch((error: unknown) =>
          toast.show({
            title: 'Your images were not saved to the library',
            message: errorMessage(error, { fallback: 'Your video is still being created.' }),
            tone: 'error',
          }),
        );
      }
      return started;
    },
    readState: fetchImageToVideoState,
    // Spec 001 section 8: the server's detail arrays are flattened into one message, not put on fields.
    describeStartError: (error) => errorMessage(error, { fallback: generationMessages.createFailed }),
    titleOf: ({ values }) => values.prompt,
  });
  const [imagesError, setImagesError] = useState<string | null>(null);
  const changeSlots = (update: (current: ImageSlot[]) => ImageSlot[]) => {
    setImagesError(null);
    setSlots(update);
  };

  const busy = job.phase === 'starting' || job.phase === 'running';
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  function submit(event: FormEvent) {
    const noImages = slots.length === 0;
    setImagesError(noImages ? imageToVideoMessages.atLeastOneImage : null);
    void form.handleSubmit((values) => {
      if (noImages || busy) return;
      const call = imageToVideoStart(values, slots);
      if (call === null) {
        setImagesError(imageToVideoMessages.filesFieldRequired);
        return;
      }
      job.start({ call, slots, values });
    })(event);
  }

  function reset() {
    job.reset();
    onClearCompleted();
  }

  if (completedUrl && job.phase === 'idle') {
    return <VideoResult videoUrl={completedUrl} title={null} autoPlay onReset={reset} />;
  }

  return (
    <div className="flex flex-col gap-6">
      <Confetti burst={job.burst} />
      {job.phase === 'completed' ? (
        <VideoResult
          videoUrl={job.videoUrl}
          title={job.title}
          autoPlay={!job.fromEarlierVisit}
          onReset={reset}
        />
      ) : job.phase === 'failed' ? (
        <GenerationFailedPanel error={job.error} onRetry={job.reset} />
      ) : job.phase === 'running' ? (
        <GenerationPanel
          progress={job.state.progress}
          stage={job.state.stage}
          retrying={job.state.retrying}
          sessionId={job.state.session_id}
        />
      ) : job.phase === 'resuming' ? (
        <ResumingNotice />
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-6">
          <ImageSlotsSection
            slots={slots}
            setSlots={changeSlots}
            uploads={parts.uploads}
            disabled={busy}
            error={imagesError}
            errorId={imagesErrorId}
          />
          <PromptSection form={form} renderEnhancePrompt={parts.renderEnhancePrompt} />
          <VideoSettingsSection form={form} />
          <div className="flex flex-col items-start gap-1">
            <button type="submit" className={buttonClasses({ size: 'lg' })} disabled={busy}>
              {busy ? <Spinner /> : null}
              {busy ? 'Creating...' : 'Create Video'}
            </button>
            <span className="text-xs text-zinc-500 dark:text-zinc-400">
              Estimated time: ~{estimatedSeconds(Math.max(slots.length, 1))} seconds
            </span>
          </div>
        </form>
      )}
    </div>
  );
}

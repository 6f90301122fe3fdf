import { createSlidesVideoBodySchema, generationMessages } from '@reelcraft/contract';
import { TriangleAlertIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../components/spinner';
import {
  BackToDashboard,
  Confetti,
  GenerationFailedPanel,
  ResumingNotice,
  useGenerationJob,
} from '../../components/generations';
import { ApiError, errorMessage } from '../../lib/api-client';
import { postSlidesVideo } from './api/create-slides-video';
import { useDeck } from './api/get-deck';
import { useSlidesCapabilities } from './api/get-slides-capabilities';
import { fetchSlidesVideoState } from './api/get-slides-video-state';
import { useUploadDeck } from './api/upload-deck';
import { DeckDropZone } from './deck-drop-zone';
import { DeckImportPanel } from './deck-import-panel';
import {
  deckFileProblem,
  draftsFor,
  importableFormats,
  slidesVideoBody,
  type SlidesFormValues,
} from './slide-plan';
import { readDrafts, saveDrafts } from './slide-drafts';
import { SlidesEditor, slidesFormDefaults } from './slides-editor';
import { SlidesProgressOverlay } from './slides-progress-overlay';
import { SlidesResult } from './slides-result';

const DECK_PARAM = 'deck';

const uploadErrors = {
  // The server's words when it gives them: a full storage allowance is a 413 too (issue 37).
  413: { fallback: 'This deck is larger than 50 MB. Please upload a smaller file.' },
  network: 'The deck could not be sent: check your connection and try again.',
  fallback: 'The deck could not be uploaded. Please try again.',
} as const;

const DECK_GONE = 'This deck is no longer available. Please choose the file again.';
const DECK_UNREADABLE = 'The deck could not be opened. Please try again or choose the file again.';

/**
 * Slides to Video (/ppt-to-video): a PDF or PowerPoint deck is imported on the server, the user
 * reviews one narration per slide, picks a voice, aspect and music, and renders a narrated video,
 * followed as every creation screen follows its job (gate, progress, background mode, result).
 * The deck's id is kept in the URL, so a reload comes back to the same slides.
 */
export function SlidesToVideoPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The router applies a new URL in a transition: until it has, the deck just uploaded is the one
  // shown (else the drop zone would flash between the upload and the import).
  // (undefined: none waiting; null: the deck just left).
  const [openingDeckId, setOpeningDeckId] = useState<string | null | undefined>(undefined);
  const urlDeckId = searchParams.get(DECK_PARAM);
  const deckId = openingDeckId === undefined ? urlDeckId : openingDeckId;
  // Once the URL has caught up, it leads again (set while rendering: no extra pass of stale state).
  if (openingDeckId !== undefined && urlDeckId === openingDeckId) setOpeningDeckId(undefined);
  const capabilities = useSlidesCapabilities();
  const formats = importableFormats(capabilities.data);
  const upload = useUploadDeck();
  const deck = useDeck(deckId);
  const [pickError, setPickError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const form = useForm<SlidesFormValues>({ defaultValues: slidesFormDefaults });
  const job = useGenerationJob({
    kind: 'slides',
    start: postSlidesVideo,
    readState: fetchSlidesVideoState,
    describeStartError: (error) => errorMessage(error, { fallback: generationMessages.startFailed }),
  });
  const busy = job.phase === 'starting' || job.phase === 'running';

  // A deck that has just become ready fills the form once: all slides kept, the proposed narrations
  // (or what the user had written before a reload).
  const filledFor = useRef<string | null>(null);
  const ready = deck.data?.status === 'ready' ? deck.data : null;
  useEffect(() => {
    if (!ready || filledFor.current === ready.deck_id) return;
    filledFor.current = ready.deck_id;
    form.reset({
      ...form.getValues(),
      slides: readDrafts(ready.deck_id, ready.slides) ?? draftsFor(ready.slides),
    });
  }, [ready, form]);

  // Edits outlive a reload of the tab (they are the user's work; the deck is on the server).
  const drafts = useWatch({ control: form.control, name: 'slides' });
  useEffect(() => {
    if (filledFor.current && ready?.deck_id === filledFor.current) saveDrafts(filledFor.current, drafts);
  }, [drafts, ready]);

  function openDeck(id: string | null) {
    setOpeningDeckId(id);
    setSearchParams(
      (params) => {
        if (id) params.set(DECK_PARAM, id);
        else params.delete(DECK_PARAM);
        return params;
      },
      { replace: id === null },
    );
  }

  function pickFile(file: File) {
    const problem = deckFileProblem(file, formats, capabilities.data?.message ?? null);
    setPickError(problem);
    if (problem) return;
    upload.mutate(file, { onSuccess: (answer) => openDeck(answer.deck_id) });
  }

  function newDeck() {
    upload.reset();
    setPickError(null);
    setSubmitError(null);
    filledFor.current = null;
    form.reset(slidesFormDefaults);
    openDeck(null);
  }

  function generate(values: SlidesFormValues) {
    if (!ready || busy) return;
    const body = createSlidesVideoBodySchema.safeParse(slidesVideoBody(ready.deck_id, values));
    if (!body.success) {
      setSubmitError(body.error.issues[0]?.message ?? generationMessages.startFailed);
      return;
    }
    setSubmitError(null);
    job.start(body.data);
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <title>Create Video from Slides · ReelCraft</title>
      <Confetti burst={job.burst} />
      <header className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <BackToDashboard busy={busy} />
        </div>
        <h1 className="font-display text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          Create Video from Slides
        </h1>
        <p className="max-w-2xl text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          Import a PDF or PowerPoint deck, review what the voice says on each slide, and get a narrated video
          with captions, gentle motion and music.
        </p>
      </header>

      {job.phase === 'completed' ? (
        <SlidesResult
          videoUrl={job.videoUrl}
          onEditAgain={job.reset}
          onNewDeck={() => {
            job.reset();
            newDeck();
          }}
        />
      ) : job.phase === 'failed' ? (
        <GenerationFailedPanel error={job.error} onRetry={job.reset} />
      ) : job.phase === 'resuming' ? (
        <ResumingNotice />
      ) : (
        <DeckStep
          deckId={deckId}
          deck={deck}
          upload={upload}
          formats={formats}
          capabilitiesMessage={capabilities.data?.message ?? null}
          pickError={pickError}
          onFile={pickFile}
          onNewDeck={newDeck}
          renderEditor={(readyDeck) => (
            <SlidesEditor
              deck={readyDeck}
              form={form}
              busy={busy}
              submitError={submitError}
              onSubmit={generate}
              onNewDeck={newDeck}
            />
          )}
        />
      )}

      {job.phase === 'running' ? (
        <SlidesProgressOverlay state={job.state} sessionId={job.state.session_id} />
      ) : null}
    </div>
  );
}

interface DeckStepProps {
  deckId: string | null;
  deck: ReturnType<typeof useDeck>;
  upload: ReturnType<typeof useUploadDeck>;
  formats: ReturnType<typeof importableFormats>;
  capabilitiesMessage: string | null;
  pickError: string | null;
  onFile: (file: File) => void;
  onNewDeck: () => void;
  renderEditor: (deck: NonNullable<ReturnType<typeof useDeck>['data']>) => ReactNode;
}

/** Where the deck stands: none yet (the drop zone), on its way in, failed, or ready for review. */
function DeckStep({
  deckId,
  deck,
  upload,
  formats,
  capabilitiesMessage,
  pickError,
  onFile,
  onNewDeck,
  renderEditor,
}: DeckStepProps) {
  const notice = capabilitiesMessage ? (
    <div
      role="note"
      className="flex gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm leading-6 text-amber-900 dark:border-amber-500/25 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="min-w-0">{capabilitiesMessage}</p>
    </div>
  ) : null;

  if (upload.isPending && upload.variables) {
    return (
      <DeckImportPanel filename={upload.variables.name} step="uploading" progress={0} onCancel={onNewDeck} />
    );
  }

  if (deckId !== null) {
    if (deck.data?.status === 'ready') return renderEditor(deck.data);
    if (deck.data?.status === 'processing') {
      return (
        <DeckImportPanel
          filename={deck.data.filename}
          step="importing"
          progress={deck.data.progress}
          onCancel={onNewDeck}
        />
      );
    }
    if (deck.isPending) {
      return (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <Spinner />
          Opening your deck…
        </p>
      );
    }
  }

  // No deck, or one that failed (its reason shown, another file welcome).
  const deckError =
    deckId === null
      ? null
      : deck.data?.status === 'failed'
        ? (deck.data.error ?? 'This deck could not be imported. Please choose another file.')
        : deck.error instanceof ApiError && deck.error.status === 404
          ? DECK_GONE
          : deck.isError
            ? DECK_UNREADABLE
            : null;
  const uploadError = upload.isError ? errorMessage(upload.error, uploadErrors) : null;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      {notice}
      <DeckDropZone formats={formats} onFile={onFile} error={pickError ?? uploadError ?? deckError} />
    </div>
  );
}

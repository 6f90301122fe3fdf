import {
  imageEnhancerMessages,
  imageToVideoMessages,
  MAX_IMAGE_SLOTS,
  type EnhanceImageAnswer,
} from '@reelcraft/contract';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/button-styles';
import { Dialog } from '../../components/dialog';
import { BackToDashboard, useCreationDraft } from '../../components/generations';
import { useToast } from '../../components/toast';
import { useRecentImageToVideoSessions } from './api/list-image-to-video-sessions';
import { CreateTab } from './create-tab';
import type { CreationParts } from './creation-parts';
import { RecentVideosDialog } from './recent-videos-dialog';
import {
  clearLibrarySelection,
  keptSlots,
  keptSlotsSchema,
  readLibrarySelection,
  restoredSlots,
  slotId,
  type ImageSlot,
} from './slots';

type Tab = 'create' | 'enhance';

/** Create Video from Images (spec 001 section 2); `parts` are the other features' pieces it shows. */
export function ImageToVideoPage(parts: CreationParts) {
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'enhance' ? 'enhance' : 'create';
  // The stored images of the last visit come back (a reload keeps them); back from the library, its
  // picks fill the empty slots, then the hand-over is cleared.
  const slotsDraft = useCreationDraft('image-to-video', 'slots', keptSlotsSchema);
  const [slots, setSlotsState] = useState<ImageSlot[]>(() =>
    [...restoredSlots(slotsDraft.initial), ...readLibrarySelection()].slice(0, MAX_IMAGE_SLOTS),
  );
  useEffect(() => clearLibrarySelection(), []);
  const saveSlots = slotsDraft.save;
  useEffect(() => saveSlots(keptSlots(slots)), [slots, saveSlots]);
  const [busy, setBusy] = useState(false);
  const [tipsOpen, setTipsOpen] = useState(false);
  const [recentOpen, setRecentOpen] = useState(false);
  const [completedUrl, setCompletedUrl] = useState<string | null>(null);

  const recent = useRecentImageToVideoSessions();

  const setSlots = useCallback((update: (slots: ImageSlot[]) => ImageSlot[]) => setSlotsState(update), []);

  function selectTab(next: Tab) {
    setSearchParams(
      (params) => {
        params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  }

  function addEnhancedImage(image: EnhanceImageAnswer, name: string) {
    if (slots.length >= MAX_IMAGE_SLOTS) {
      toast.show({
        title: imageEnhancerMessages.addEnhancedImageFailed,
        message: imageToVideoMessages.maxImagesReached,
        tone: 'error',
      });
      return;
    }
    setSlotsState((current) => [
      ...current,
      {
        id: slotId(),
        name: `Enhanced ${name}`,
        type: 'image',
        size: 0,
        url: image.enhanced_image_url,
        objectKey: image.enhanced_image_gcs_uri,
        file: null,
        fromLibrary: false,
        uploading: false,
      },
    ]);
    selectTab('create');
  }

  const sessions = recent.data ?? [];

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <BackToDashboard busy={busy} />
          <div className="flex flex-wrap justify-end gap-2">
            {sessions.length > 0 ? (
              <button
                type="button"
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                onClick={() => setRecentOpen(true)}
              >
                Recent Videos
              </button>
            ) : null}
            <button
              type="button"
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              onClick={() => setTipsOpen(true)}
            >
              Tips
            </button>
          </div>
        </div>
        {/* A line of its own: squeezed between the buttons it wrapped to four lines on a phone. */}
        <h1 className="font-display text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          Create Video from Images
        </h1>
      </header>

      <div
        role="tablist"
        aria-label="Image to video"
        className="flex gap-2 border-b border-zinc-200 dark:border-white/10"
      >
        {(
          [
            ['enhance', 'Image Enhancement'],
            ['create', 'Create Video'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            disabled={busy && tab !== value}
            onClick={() => selectTab(value)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
              tab === value ? 'border-violet-500' : 'border-transparent text-zinc-600 dark:text-zinc-400'
            }`}
          >
            {label}
          </button>
        ))}
      </div>

      {/* Both panels stay mounted, the other one hidden: a trip to Image Enhancement and back keeps
          the prompt, the settings and a running job's progress. */}
      <div role="tabpanel" aria-label="Create Video" hidden={tab !== 'create'}>
        <CreateTab
          slots={slots}
          setSlots={setSlots}
          onBusyChange={setBusy}
          completedUrl={completedUrl}
          onClearCompleted={() => setCompletedUrl(null)}
          parts={parts}
        />
      </div>
      <div role="tabpanel" aria-label="Image Enhancement" hidden={tab !== 'enhance'}>
        {parts.renderImageEnhancer({ onUseForVideo: addEnhancedImage })}
      </div>

      <Dialog open={tipsOpen} onClose={() => setTipsOpen(false)} title="Tips for better results" size="lg">
        <ul className="list-disc space-y-2 pl-5 text-sm text-zinc-600 dark:text-zinc-300">
          <li>Use up to {MAX_IMAGE_SLOTS} sharp, well-lit images of the same subject or story.</li>
          <li>Put the images in the order the video should show them.</li>
          <li>Describe the motion and mood in the prompt: 10-50 words works best.</li>
          <li>Enhance product photos first in the Image Enhancement tab for a clean look.</li>
          <li>Choose 9:16 for stories and reels, 16:9 for YouTube and websites, 1:1 for feeds.</li>
        </ul>
      </Dialog>

      <RecentVideosDialog
        open={recentOpen}
        onClose={() => setRecentOpen(false)}
        sessions={sessions}
        onView={(url) => {
          setCompletedUrl(url);
          setRecentOpen(false);
          selectTab('create');
        }}
      />
    </div>
  );
}

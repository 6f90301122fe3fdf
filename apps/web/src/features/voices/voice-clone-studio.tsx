import { voiceMessages, type VoiceClone } from '@reelcraft/contract';
import { Info, Lightbulb } from 'lucide-react';
import { useRef, useState } from 'react';
import { BackToOptionsHeader } from '../../components/generations';
import { isLocalSpeechEngine, useVoices } from '../../lib/voices';
import { useVoiceClones } from './api/list-voice-clones';
import { VoiceCloneForm } from './voice-clone-form';
import { VoiceCloneList } from './voice-clone-list';
import { VoicePreview } from './voice-preview';

const cardClasses =
  'flex flex-col gap-4 rounded-2xl border border-zinc-200 bg-white p-5 sm:p-6 dark:border-white/10 dark:bg-white/5';

/**
 * The studio's Voice Clone mode (spec 001 section 2): make a clone from a recorded or uploaded
 * sample, hear any clone say a typed sentence, and keep or delete the clones. Clones join the voice
 * list of every voiceover.
 */
export function VoiceCloneStudio({ onBackToOptions }: { onBackToOptions: () => void }) {
  const voices = useVoices();
  const clones = useVoiceClones();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const hearRef = useRef<HTMLElement>(null);
  const readyClones = (clones.data ?? []).filter((clone) => clone.status === 'ready');
  // The clone to hear: the one chosen (or just made) while it exists, else the newest.
  const hearId = readyClones.some((clone) => clone.voice_id === chosenId)
    ? (chosenId ?? '')
    : (readyClones[0]?.voice_id ?? '');

  function hear(clone: VoiceClone) {
    setChosenId(clone.voice_id);
    // The sentence field is where the user goes next (keyboard and screen reader users too).
    hearRef.current?.querySelector('textarea')?.focus();
  }

  return (
    <section aria-labelledby="voice-clone-heading" className="flex flex-col gap-6">
      <BackToOptionsHeader
        headingId="voice-clone-heading"
        title="Voice Clone"
        description="Clone your voice from a short sample, then use it in any voiceover."
        onBackToOptions={onBackToOptions}
      />

      {voices.data && isLocalSpeechEngine(voices.data) ? (
        <p className="flex gap-2.5 rounded-xl border border-sky-200 bg-sky-50 px-3.5 py-3 text-sm leading-6 text-sky-900 dark:border-sky-400/25 dark:bg-sky-400/10 dark:text-sky-100">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {voiceMessages.localCloneNotice}
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className={cardClasses}>
          <h3 className="text-base font-semibold">New voice clone</h3>
          <VoiceCloneForm onCreated={(clone) => setChosenId(clone.voice_id)} />
        </div>
        <aside aria-labelledby="clone-tips-heading" className={`${cardClasses} self-start`}>
          <h3 id="clone-tips-heading" className="flex items-center gap-2 text-base font-semibold">
            <Lightbulb aria-hidden="true" className="size-4.5 text-amber-500" />
            Tips for a good clone
          </h3>
          <ul className="flex list-disc flex-col gap-2 pl-5 text-sm leading-6 text-zinc-700 dark:text-zinc-300">
            {voiceMessages.cloneTips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </aside>
      </div>

      {readyClones.length > 0 ? (
        <section ref={hearRef} aria-labelledby="hear-heading" className={cardClasses}>
          <h3 id="hear-heading" className="text-base font-semibold">
            Hear your voice
          </h3>
          <VoicePreview clones={readyClones} voiceId={hearId} onVoiceChange={setChosenId} />
        </section>
      ) : null}

      <section aria-labelledby="clones-heading" className={cardClasses}>
        <h3 id="clones-heading" className="text-base font-semibold">
          Your voice clones
        </h3>
        <VoiceCloneList onHear={hear} />
      </section>
    </section>
  );
}

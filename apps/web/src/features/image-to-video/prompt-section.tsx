import { useId, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ChevronDownIcon, LightbulbIcon, SparklesIcon } from 'lucide-react';
import { buttonClasses } from '../../components/button-styles';
import { inputClasses } from '../../components/text-field';
import { PromptMeter } from '../../components/generations';
import type { CreationParts } from './creation-parts';
import type { CreateVideoFormInput, CreateVideoFormValues } from './create-video-form';

export const SUGGESTED_PROMPTS = [
  'Slow cinematic pan across the scene with soft golden-hour light and gentle camera movement',
  'Bring the product to life with a smooth 360° rotation, studio lighting and subtle reflections',
  'Energetic montage with quick zooms, dynamic transitions and vibrant colours',
  'Dreamy parallax motion with floating particles and a calm, atmospheric mood',
  'Travel-story style: gentle drone-like movement revealing each scene one after another',
] as const;

// A suggestion is a button that fills the prompt: drawn as a chip (border, pointer, hover and focus
// states) so it reads as one, not as a line of text.
const suggestionClasses =
  'flex w-full cursor-pointer items-start gap-2 rounded-2xl border border-zinc-200 bg-white px-3 py-2 text-left text-sm text-zinc-700 shadow-xs transition-colors ' +
  'hover:border-violet-400 hover:bg-violet-50 hover:text-zinc-900 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 ' +
  'dark:border-white/10 dark:bg-white/[0.04] dark:text-zinc-300 dark:hover:border-violet-400/60 dark:hover:bg-violet-500/10 dark:hover:text-white';

/** The text prompt: its counter and strength, Enhance Prompt and the suggested prompts. */
export function PromptSection({
  form,
  renderEnhancePrompt,
}: {
  form: UseFormReturn<CreateVideoFormInput, unknown, CreateVideoFormValues>;
  renderEnhancePrompt: CreationParts['renderEnhancePrompt'];
}) {
  const promptId = useId();
  const errorId = useId();
  const meterId = useId();
  const suggestionsId = useId();
  const [suggestionsOpen, setSuggestionsOpen] = useState(false);
  const prompt = useWatch({ control: form.control, name: 'prompt' });
  const error = form.formState.errors.prompt?.message;
  const applyPrompt = (text: string) =>
    form.setValue('prompt', text, { shouldValidate: error !== undefined });

  return (
    <section aria-label="Prompt" className="flex flex-col gap-2">
      <label htmlFor={promptId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Text Prompt
      </label>
      <textarea
        id={promptId}
        rows={4}
        placeholder="Describe how your images should come to life…"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${meterId}` : meterId}
        {...form.register('prompt')}
        className={`${inputClasses} h-auto min-h-24 resize-y py-2.5`}
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <PromptMeter text={prompt} id={meterId} />
      <div className="flex flex-wrap items-start gap-2">
        {renderEnhancePrompt({ prompt, onEnhanced: applyPrompt })}
        <button
          type="button"
          aria-expanded={suggestionsOpen}
          aria-controls={suggestionsOpen ? suggestionsId : undefined}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          onClick={() => setSuggestionsOpen((open) => !open)}
        >
          <LightbulbIcon aria-hidden="true" className="size-4" />
          Suggested prompts
          <ChevronDownIcon
            aria-hidden="true"
            className={`size-4 transition-transform ${suggestionsOpen ? 'rotate-180' : ''}`}
          />
        </button>
      </div>
      {suggestionsOpen ? (
        <ul id={suggestionsId} aria-label="Suggested prompts" className="grid gap-2 sm:grid-cols-2">
          {SUGGESTED_PROMPTS.map((suggestion) => (
            <li key={suggestion}>
              <button
                type="button"
                className={suggestionClasses}
                onClick={() => {
                  applyPrompt(suggestion);
                  setSuggestionsOpen(false);
                }}
              >
                <SparklesIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-violet-500" />
                {suggestion}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

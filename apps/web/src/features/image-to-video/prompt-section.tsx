import { useId, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { buttonClasses } from '../../components/button-styles';
import { PromptMeter } from '../../components/video-creation';
import type { CreationParts } from './creation-parts';
import type { CreateVideoFormInput, CreateVideoFormValues } from './create-video-form';

export const SUGGESTED_PROMPTS = [
  'Slow cinematic pan across the scene with soft golden-hour light and gentle camera movement',
  'Bring the product to life with a smooth 360° rotation, studio lighting and subtle reflections',
  'Energetic montage with quick zooms, dynamic transitions and vibrant colours',
  'Dreamy parallax motion with floating particles and a calm, atmospheric mood',
  'Travel-story style: gentle drone-like movement revealing each scene one after another',
] as const;

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
  const [suggestionsOpen, setSuggestionsOpen] = useState(false);
  const prompt = useWatch({ control: form.control, name: 'prompt' });
  const error = form.formState.errors.prompt?.message;
  const applyPrompt = (text: string) =>
    form.setValue('prompt', text, { shouldValidate: error !== undefined });

  return (
    <section aria-label="Prompt" className="flex flex-col gap-2">
      <label htmlFor={promptId} className="text-sm font-medium">
        Text Prompt
      </label>
      <textarea
        id={promptId}
        rows={4}
        placeholder="Describe how your images should come to life…"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${meterId}` : meterId}
        {...form.register('prompt')}
        className="w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-white/15 dark:bg-white/5"
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
          className={buttonClasses({ variant: 'ghost', size: 'sm' })}
          onClick={() => setSuggestionsOpen((open) => !open)}
        >
          Suggested prompts
        </button>
      </div>
      {suggestionsOpen ? (
        <ul aria-label="Suggested prompts" className="flex flex-col gap-1">
          {SUGGESTED_PROMPTS.map((suggestion) => (
            <li key={suggestion}>
              <button
                type="button"
                className="w-full rounded-lg px-3 py-2 text-left text-sm hover:bg-zinc-100 dark:hover:bg-white/10"
                onClick={() => {
                  applyPrompt(suggestion);
                  setSuggestionsOpen(false);
                }}
              >
                {suggestion}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

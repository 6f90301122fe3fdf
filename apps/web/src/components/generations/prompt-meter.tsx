import { PROMPT_STRENGTH_MIN_WORDS, PROMPT_WORD_COUNTER_MAX_WORDS } from '@reelcraft/contract';

// The word counter and strength label under a prompt field (text, image and slides screens).

export type PromptStrength = 'Weak' | 'Good' | 'Strong' | 'Excellent' | 'Too long';

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/**
 * Weak under 10 words, Good under 30, Strong under 50, else Excellent (spec 001 section 5), up to the
 * counter's cap: past it the prompt is Too long, never Excellent (issue 17: "260/200 words — Excellent").
 */
export function promptStrength(words: number): PromptStrength {
  if (words > PROMPT_WORD_COUNTER_MAX_WORDS) return 'Too long';
  if (words < PROMPT_STRENGTH_MIN_WORDS.good) return 'Weak';
  if (words < PROMPT_STRENGTH_MIN_WORDS.strong) return 'Good';
  if (words < PROMPT_STRENGTH_MIN_WORDS.excellent) return 'Strong';
  return 'Excellent';
}

const strengthColours: Record<PromptStrength, string> = {
  Weak: 'text-red-600 dark:text-red-400',
  Good: 'text-amber-600 dark:text-amber-400',
  Strong: 'text-emerald-600 dark:text-emerald-400',
  Excellent: 'text-violet-600 dark:text-violet-400',
  'Too long': 'text-amber-700 dark:text-amber-400',
};

/**
 * "12/200 words" and the strength label under a prompt field, and past the cap a warning with what to
 * do. The cap is not enforced (spec 001): a long prompt is still sent as it is. Give the field
 * `aria-describedby={id}` so the count and the warning are read with it.
 */
export function PromptMeter({ text, id }: { text: string; id?: string }) {
  const words = countWords(text);
  const strength = promptStrength(words);
  const overCap = words > PROMPT_WORD_COUNTER_MAX_WORDS;
  return (
    <div id={id} className="flex flex-col gap-1 text-xs">
      <div className="flex items-center justify-between gap-3 text-zinc-500 dark:text-zinc-400">
        <span
          data-testid="word-counter"
          className={overCap ? 'font-medium text-amber-700 tabular-nums dark:text-amber-400' : 'tabular-nums'}
        >
          {words}/{PROMPT_WORD_COUNTER_MAX_WORDS} words
        </span>
        <span className={`font-medium ${strengthColours[strength]}`} data-testid="prompt-strength">
          {strength}
        </span>
      </div>
      {overCap ? (
        <p role="status" className="text-amber-700 dark:text-amber-400">
          Over {PROMPT_WORD_COUNTER_MAX_WORDS} words. Descriptions of 10-50 words work best: shorten it to the
          subject, the setting, the lighting and the camera movement.
        </p>
      ) : null}
    </div>
  );
}

import { PROMPT_ENHANCE_MIN_CHARS, promptEnhancementMessages } from '@reelcraft/contract';
import { useState } from 'react';
import { buttonClasses } from '../../components/button-styles';
import { Spinner } from '../../components/spinner';
import { InvalidEnhancementError, useEnhancePrompt } from './api/enhance-prompt';

export interface EnhancePromptButtonProps {
  prompt: string;
  onEnhanced: (prompt: string) => void;
}

/** "Enhance Prompt" (spec 001 section 5): checks the prompt, asks the model, hands back the result. */
export function EnhancePromptButton({ prompt, onEnhanced }: EnhancePromptButtonProps) {
  const enhancement = useEnhancePrompt();
  const [problem, setProblem] = useState<string | null>(null);

  function enhance() {
    const text = prompt.trim();
    if (text === '') return setProblem(promptEnhancementMessages.promptRequired);
    if (text.length < PROMPT_ENHANCE_MIN_CHARS) return setProblem(promptEnhancementMessages.promptTooShort);
    setProblem(null);
    enhancement.mutate(text, {
      onSuccess: onEnhanced,
      onError: (error) =>
        setProblem(
          error instanceof InvalidEnhancementError
            ? promptEnhancementMessages.invalidResponse
            : promptEnhancementMessages.failed,
        ),
    });
  }

  return (
    <span className="flex flex-col gap-1">
      <button
        type="button"
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        disabled={enhancement.isPending}
        onClick={enhance}
      >
        {enhancement.isPending ? <Spinner /> : null}
        Enhance Prompt
      </button>
      {problem ? (
        <span role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problem}
        </span>
      ) : null}
    </span>
  );
}

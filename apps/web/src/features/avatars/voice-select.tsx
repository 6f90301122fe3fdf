import type { VoiceOption } from '@reelcraft/contract';
import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { inputClasses } from '../../components/text-field';
import { groupVoices } from '../../lib/voices';

type VoiceSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> & {
  label: string;
  voices: readonly VoiceOption[];
  /** A first option meaning "no voice" (its value is empty). */
  emptyOption?: string;
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled voice picker: the user's clones ("Your voices") above the built-in voices. */
export function VoiceSelect({
  label,
  voices,
  emptyOption,
  className = '',
  ...selectProps
}: VoiceSelectProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <select id={id} className={`${inputClasses} mt-1.5`} {...selectProps}>
        {emptyOption !== undefined ? <option value="">{emptyOption}</option> : null}
        {groupVoices(voices).map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.voices.map((voice) => (
              <option key={voice.id} value={voice.id}>
                {[voice.name, voice.accent].filter(Boolean).join(' · ')}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { VoiceOption } from '@reelcraft/contract';
import { VoiceoverStep } from './voiceover-step';

function voice(id: string, name: string, category: string): VoiceOption {
  return {
    id,
    name,
    gender: 'female',
    accent: 'american',
    category,
    preview_url: null,
    description: null,
    labels: {},
  };
}

describe('Voiceover step', () => {
  it('lists the user\'s clones first, as "Your voices", then the built-in voices', () => {
    const onGenerate = vi.fn();
    render(
      <VoiceoverStep
        voices={[voice('adam', 'Adam', 'premade'), voice('clone-1', 'My narrator', 'cloned')]}
        voicesLoading={false}
        voicesFailed={false}
        defaultVoiceId="clone-1"
        voiceoverUrl={null}
        busy={false}
        error={null}
        onGenerate={onGenerate}
        onUseAudio={vi.fn()}
      />,
    );
    const yours = screen.getByRole('group', { name: 'Your voices' });
    const builtIn = screen.getByRole('group', { name: 'Built-in voices' });
    expect(within(yours).getByRole('radio', { name: /My narrator/ })).toBeChecked();
    expect(within(builtIn).getByRole('radio', { name: /Adam/ })).not.toBeChecked();
    expect(within(yours).queryByRole('radio', { name: /Adam/ })).not.toBeInTheDocument();
  });

  it('leaves out "Your voices" when the user has no clone', () => {
    render(
      <VoiceoverStep
        voices={[voice('adam', 'Adam', 'premade')]}
        voicesLoading={false}
        voicesFailed={false}
        defaultVoiceId="adam"
        voiceoverUrl={null}
        busy={false}
        error={null}
        onGenerate={vi.fn()}
        onUseAudio={vi.fn()}
      />,
    );
    expect(screen.queryByRole('group', { name: 'Your voices' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Built-in voices' })).toBeInTheDocument();
  });
});

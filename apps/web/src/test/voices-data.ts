import type { VoiceClone, VoiceListAnswer, VoiceOption } from '@reelcraft/contract';
import { shellApi } from './test-data';

// Answers of the voice calls, as the server sends them, for the voices feature's component tests.

export function builtInVoice(id: string, name: string, engine: string | null = 'espeak-ng'): VoiceOption {
  return {
    id,
    name,
    gender: 'female',
    accent: 'american',
    category: 'premade',
    preview_url: `/media/voices/${id}.mp3`,
    description: null,
    labels: engine ? { engine } : {},
  };
}

export function clonedVoice(id: string, name: string): VoiceOption {
  return {
    id,
    name,
    gender: 'male',
    accent: 'british',
    category: 'cloned',
    preview_url: null,
    description: null,
    labels: { accent: 'british', gender: 'male' },
  };
}

export function voiceList(voices: VoiceOption[]): VoiceListAnswer {
  return { voices, total_count: voices.length, has_more: false };
}

export function testClone(overrides: Partial<VoiceClone> = {}): VoiceClone {
  return {
    voice_id: 'clone-1',
    name: 'My narrator',
    status: 'ready',
    message: 'Voice clone ready',
    created_at: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

/** The shell's calls and the voice calls of the voice mode, plus `overrides`. */
export function voicesApi(overrides: Parameters<typeof shellApi>[0] = {}) {
  return shellApi({
    'GET /elevenlabs/voices': { body: voiceList([builtInVoice('rachel', 'Rachel')]) },
    'GET /elevenlabs/voice-clones': { body: { voice_clones: [] } },
    ...overrides,
  });
}

/** A WAV file's first bytes: enough for the client, which checks the type and size only. */
export function wavFile(name = 'sample.wav', type = 'audio/wav'): File {
  return new File([new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45])], name, {
    type,
  });
}

import type { Avatar, AvatarPortrait } from '@reelcraft/contract';
import { shellApi } from './test-data';

// Answers of the avatar calls, as the server sends them, for the avatars feature's component tests.

export function testAvatar(overrides: Partial<Avatar> = {}): Avatar {
  return {
    id: 'avatar-1',
    name: 'Ana presenter',
    image_url: '/media/avatars/avatar-1.png?sig=1',
    gcs_uri: 'local://avatars/user-1/avatar-1.png',
    voice_id: null,
    created_at: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

const STYLES = ['Studio light', 'Warm office', 'Soft daylight', 'Night city'];

export function testPortraits(): AvatarPortrait[] {
  return STYLES.map((style, index) => ({
    id: `portrait-${index + 1}`,
    image_url: `/media/portraits/portrait-${index + 1}.png?sig=1`,
    gcs_uri: `local://studio/user-1/portraits/portrait-${index + 1}.png`,
    style,
  }));
}

/** The answer to an uploaded reference photo: the studio's own. */
export { uploadAnswer as photoUploadAnswer } from './studio-data';

const voices = {
  voices: [
    {
      id: 'rachel',
      name: 'Rachel',
      gender: 'female' as const,
      accent: 'american',
      category: 'premade',
      preview_url: null,
      description: null,
      labels: {},
    },
    {
      id: 'clone-1',
      name: 'My narrator',
      gender: 'male' as const,
      accent: null,
      category: 'cloned',
      preview_url: null,
      description: null,
      labels: {},
    },
  ],
  total_count: 2,
  has_more: false,
};

/** The shell's calls, the voice list and the avatar list, plus `overrides`. */
export function avatarsApi(overrides: Parameters<typeof shellApi>[0] = {}) {
  return shellApi({
    'GET /elevenlabs/voices': { body: voices },
    'GET /avatars': { body: [] },
    ...overrides,
  });
}

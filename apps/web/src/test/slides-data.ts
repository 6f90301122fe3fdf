import type {
  CreateSlidesVideoBody,
  Deck,
  DeckSlide,
  SlidesCapabilities,
  SlidesVideoEstimate,
  SlidesVideoSession,
  VoiceOption,
} from '@reelcraft/contract';
import type { fakeApi, FakeHandler } from './fake-api';
import { shellApi } from './test-data';

// Answers of the slides calls, as the server sends them, for this feature's component tests.

export const ALL_FORMATS: SlidesCapabilities = { pdf: true, pptx: true, missing: [], message: null };

export const NO_LIBREOFFICE: SlidesCapabilities = {
  pdf: true,
  pptx: false,
  missing: ['libreoffice-impress'],
  message:
    'PDF decks work. Importing PowerPoint files needs LibreOffice on the server: ask your administrator to install libreoffice-impress (apt-get install libreoffice-impress), or export the deck as PDF.',
};

export function testSlide(index: number, overrides: Partial<DeckSlide> = {}): DeckSlide {
  return {
    index,
    image_url: `/media/decks/deck-1/slide-${index}.png?sig=abc`,
    text: `Slide ${index} title\nA point about topic ${index}`,
    notes: '',
    narration: `This is the narration of slide ${index}.`,
    ...overrides,
  };
}

export function testDeck(overrides: Partial<Deck> = {}): Deck {
  return {
    deck_id: 'deck-1',
    filename: 'Quarterly review.pdf',
    format: 'pdf',
    status: 'ready',
    progress: 100,
    error: null,
    slides: [
      testSlide(1, { notes: 'Welcome everyone.', narration: 'Welcome everyone.' }),
      testSlide(2),
      testSlide(3),
    ],
    created_at: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function testSlidesSession(overrides: Partial<SlidesVideoSession> = {}): SlidesVideoSession {
  return {
    session_id: 'sess-1',
    status: 'processing',
    progress: 10,
    current_stage: 'file_processing',
    final_video_url: null,
    error: null,
    retrying: false,
    ...overrides,
  };
}

export function testVoice(id: string, name: string, overrides: Partial<VoiceOption> = {}): VoiceOption {
  return {
    id,
    name,
    gender: 'female',
    accent: 'american',
    category: 'premade',
    preview_url: `/media/voices/${id}.mp3`,
    description: null,
    labels: { engine: 'espeak-ng' },
    ...overrides,
  };
}

export const TEST_VOICES: VoiceOption[] = [
  testVoice('adam', 'Adam', { gender: 'male' }),
  testVoice('rachel', 'Rachel'),
  testVoice('clone-1', 'My narrator', { category: 'cloned', preview_url: null }),
];

/**
 * POST /ppt-to-video/estimate as a made-up server works it out, so a test can tell its answer from
 * anything the screen could count itself: a narrated slide lasts a second a word plus one, at
 * Adam's pace 1.5 times that; a silent one 3 s.
 */
export const fakeEstimate: FakeHandler = (request) => {
  const body = request.body as CreateSlidesVideoBody;
  const pace = body.voice_id === 'adam' ? 1.5 : 1;
  const slides = body.slides.map((slide) => {
    const words = slide.narration.split(/\s+/).filter(Boolean).length;
    return { index: slide.index, duration_seconds: words === 0 ? 3 : (words + 1) * pace };
  });
  const answer: SlidesVideoEstimate = {
    duration_seconds: slides.reduce((sum, slide) => sum + slide.duration_seconds, 0),
    slides,
  };
  return { body: answer };
};

/** The shell's calls and the slides screen's, plus `overrides`. */
export function slidesApi(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return shellApi({
    'GET /ppt-to-video/capabilities': { body: ALL_FORMATS },
    'POST /ppt-to-video/estimate': fakeEstimate,
    'GET /elevenlabs/voices': {
      body: { voices: TEST_VOICES, total_count: TEST_VOICES.length, has_more: false },
    },
    ...overrides,
  });
}

/** A file the client sees as a PDF (the server checks the content; the client the type and size). */
export function pdfFile(name = 'Quarterly review.pdf', size?: number): File {
  const file = new File(['%PDF-1.7\n'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

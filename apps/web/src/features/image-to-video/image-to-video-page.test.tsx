import {
  generationGateMessages,
  imageEnhancerMessages,
  imageToVideoMessages,
  promptEnhancementMessages,
  STORAGE_KEYS,
  type ImageToVideoSession,
  type UploadedImage,
  VIDEO_EVENT_TYPES,
} from '@reelcraft/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/relative-time';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';
import { shellApi, testVideoCount } from '../../test/test-data';
import { testGeneration, testNotification } from '../../test/test-data';
import { estimatedSeconds } from './create-tab';
import { stageMessage } from './generation-panel';

beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:local';
  URL.revokeObjectURL ??= () => undefined;
});

function uploaded(index: number): UploadedImage {
  return {
    id: `img-${index}`,
    signed_url: `https://storage.test/img-${index}.png`,
    gcs_uri: `local://uploads/img-${index}.png`,
    public_url: `https://storage.test/img-${index}.png`,
    source: 'image-to-video',
    metadata: {
      original_filename: `photo-${index}.png`,
      content_type: 'image/png',
      size_bytes: 10,
      width: 10,
      height: 10,
    },
  };
}

function uploadAnswer(count: number) {
  const images = Array.from({ length: count }, (_, index) => uploaded(index + 1));
  return { images, uploaded_count: count, errors: [], warning: null, message: 'ok' };
}

function imageSession(overrides: Partial<ImageToVideoSession> = {}): ImageToVideoSession {
  return {
    session_id: 'img-sess',
    status: 'processing',
    current_stage: 'scene_generation',
    progress: 40,
    error_message: null,
    output_video_url: null,
    video_urls: [],
    user_id: 'user-1',
    created_at: new Date().toISOString(),
    file_count: 1,
    stage_progress: {},
    stages: {
      file_processing: 'completed',
      scene_generation: 'processing',
      video_generation: 'pending',
      final_combination: 'pending',
    },
    model_platform: 'veo',
    extra_params: { quality: 'standard', mode: 'cinematic', aspect_ratio: '16:9', duration: 15 },
    elapsed_time: 12,
    message: null,
    retrying: false,
    ...overrides,
  };
}

function png(name: string, size = 10): File {
  const file = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function renderPage(path = '/image-to-video', api: Parameters<typeof shellApi>[0] = {}) {
  storeSignedIn();
  const fake = shellApi({
    'GET /image-to-video/sessions': { body: [] },
    'POST /upload/signed-url': (request) => {
      const form = request.body as FormData;
      return { status: 201, body: uploadAnswer(form.getAll('files').length) };
    },
    'POST /image-to-video/sessions': { status: 201, body: { session_id: 'img-sess' } },
    'GET /image-to-video/sessions/img-sess': { body: imageSession() },
    ...api,
  });
  return { ...renderApp(path), fake };
}

function pickImages(files: File[]) {
  fireEvent.change(screen.getByLabelText('Upload images'), { target: { files } });
}

describe('image-to-video helpers', () => {
  it('estimates 30 s plus 15 s per image and words each stage', () => {
    expect(estimatedSeconds(1)).toBe(45);
    expect(estimatedSeconds(3)).toBe(75);
    expect(stageMessage('file_processing', 5)).toBe('Processing your images...');
    expect(stageMessage('scene_generation', 30)).toBe('Generating scenes from your images...');
    expect(stageMessage('video_generation', 60)).toBe('Creating your video...');
    expect(stageMessage('final_combination', 90)).toBe('Finalizing your video...');
    expect(stageMessage('completed', 100)).toBe('Video generation complete!');
    expect(stageMessage(null, 42.4)).toBe('Processing... 42%');
  });
});

describe('image-to-video create tab', () => {
  it('fills up to 5 slots, uploads them, then refuses more', async () => {
    const { fake } = renderPage();
    await screen.findByRole('tab', { name: 'Create Video', selected: true });
    // The form replaces the check for a running job once the server has answered.
    await screen.findByLabelText('Upload images');
    pickImages([png('a.png'), png('b.png'), png('c.png')]);
    expect(await screen.findByRole('listitem', { name: 'Image 3: c.png' })).toBeInTheDocument();
    pickImages([png('d.png'), png('e.png'), png('f.png')]);
    expect(screen.getByText(imageToVideoMessages.maxImagesAllowed(5))).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Image 5: e.png' })).toBeInTheDocument();
    expect(screen.queryByText('f.png')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(fake.sent('POST /upload/signed-url')).toHaveLength(2));
    expect((fake.sent('POST /upload/signed-url')[0]!.body as FormData).get('source')).toBe('image-to-video');

    fireEvent.click(screen.getByRole('button', { name: 'Add More Images' }));
    expect(screen.getByText(imageToVideoMessages.maxImagesReached)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(screen.queryByRole('listitem', { name: /a\.png/ })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Empty slot 5' })).toBeInTheDocument();
  });

  it('leaves no slot for an upload the server refused', async () => {
    renderPage('/image-to-video', {
      'POST /upload/signed-url': { status: 400, body: { detail: 'All uploads failed' } },
    });
    await screen.findByLabelText('Upload images');
    pickImages([png('broken.png')]);
    expect(await screen.findByText(imageToVideoMessages.uploadImageFailed)).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: /broken\.png/ })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Empty slot 1' })).toBeInTheDocument();
  });

  it('keeps only the stored images when the server refuses some of them', async () => {
    renderPage('/image-to-video', {
      'POST /upload/signed-url': () => {
        const kept = { ...uploaded(1), metadata: { ...uploaded(1).metadata, original_filename: 'good.png' } };
        return { status: 201, body: { ...uploadAnswer(0), images: [kept], uploaded_count: 1 } };
      },
    });
    await screen.findByLabelText('Upload images');
    pickImages([png('bad.png'), png('good.png')]);
    expect(await screen.findByText(imageToVideoMessages.uploadImageFailed)).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Image 1: good.png' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: /bad\.png/ })).not.toBeInTheDocument();
  });

  it('keeps the prompt and the settings across a trip to Image Enhancement', async () => {
    const { user } = renderPage();
    await screen.findByLabelText('Upload images');
    await user.type(screen.getByLabelText('Text Prompt'), 'A red running shoe');
    await user.click(screen.getByRole('radio', { name: '9:16' }));
    await user.click(screen.getByRole('tab', { name: 'Image Enhancement' }));
    await user.click(screen.getByRole('tab', { name: 'Create Video' }));
    expect(screen.getByLabelText('Text Prompt')).toHaveValue('A red running shoe');
    expect(screen.getByRole('radio', { name: '9:16' })).toBeChecked();
  });

  it('offers each setting as a radio group of option cards, no native select or file button', async () => {
    const { user } = renderPage();
    await screen.findByLabelText('Upload images');
    const settings = within(screen.getByRole('region', { name: 'Settings' }));
    const groups = {
      Quality: ['Standard Recommended', 'HD', '4K'],
      Mode: ['Cinematic — smooth transitions', 'Dynamic — energetic effects'],
      'Aspect ratio': ['16:9 Recommended', '9:16', '1:1'],
      Duration: ['15 seconds', '30 seconds'],
    };
    for (const [legend, names] of Object.entries(groups)) {
      const group = within(settings.getByRole('radiogroup', { name: legend }));
      expect(group.getAllByRole('radio')).toHaveLength(names.length);
      for (const name of names) expect(group.getByRole('radio', { name })).toBeInTheDocument();
    }
    expect(settings.getByRole('radio', { name: 'Standard Recommended' })).toBeChecked();
    expect(settings.getByRole('radio', { name: '15 seconds' })).toBeChecked();
    expect(settings.queryByRole('combobox')).not.toBeInTheDocument();

    // The file fields are buttons in the app's style around a hidden input, named by the field.
    const lastFrame = settings.getByLabelText('Last frame image (optional)');
    expect(lastFrame).toHaveAttribute('type', 'file');
    expect(lastFrame).toHaveClass('sr-only');
    expect(lastFrame.closest('label')).toHaveTextContent('Choose image');
    const voice = settings.getByLabelText('Voice sample (optional)');
    expect(voice).toHaveClass('sr-only');
    expect(voice.closest('label')).toHaveTextContent('Choose audio');

    await user.upload(lastFrame, png('end.png'));
    expect(settings.getByText('end.png')).toBeInTheDocument();
    await user.click(settings.getByRole('button', { name: 'Remove last frame' }));
    expect(settings.queryByText('end.png')).not.toBeInTheDocument();
    expect(lastFrame.closest('label')).toHaveTextContent('Choose image');
  });

  it('warns past 200 words on the prompt and never calls it Excellent there', async () => {
    const { user } = renderPage();
    await screen.findByLabelText('Upload images');
    await user.click(screen.getByLabelText('Text Prompt'));
    await user.paste(Array.from({ length: 260 }, () => 'shoe').join(' '));
    const prompt = within(screen.getByRole('region', { name: 'Prompt' }));
    expect(prompt.getByTestId('word-counter')).toHaveTextContent('260/200 words');
    expect(prompt.getByTestId('prompt-strength')).toHaveTextContent('Too long');
    expect(prompt.queryByText('Excellent')).not.toBeInTheDocument();
    expect(prompt.getByRole('status')).toHaveTextContent(
      /Over 200 words\. Descriptions of 10-50 words work best/,
    );
    // The warning is read with the field.
    const meterId = screen.getByLabelText('Text Prompt').getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(meterId)).toHaveTextContent(/Over 200 words/);
  });

  it('shows the suggested prompts as buttons that fill the prompt', async () => {
    const { user } = renderPage();
    await screen.findByLabelText('Upload images');
    const toggle = screen.getByRole('button', { name: 'Suggested prompts' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Suggested prompts' });
    const suggestions = within(list).getAllByRole('button');
    expect(suggestions).toHaveLength(5);
    expect(toggle).toHaveAttribute('aria-controls', list.id);
    await user.click(suggestions[1]!);
    expect(screen.getByLabelText('Text Prompt')).toHaveValue(
      'Bring the product to life with a smooth 360° rotation, studio lighting and subtle reflections',
    );
    expect(screen.queryByRole('list', { name: 'Suggested prompts' })).not.toBeInTheDocument();
  });

  it('refuses non-images and files over 10MB with the spec texts', async () => {
    renderPage();
    await screen.findByRole('tab', { name: 'Create Video' });
    // The form replaces the check for a running job once the server has answered.
    await screen.findByLabelText('Upload images');
    pickImages([new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    expect(screen.getByText(imageToVideoMessages.invalidImageFiles)).toBeInTheDocument();
    pickImages([png('huge.png', 11 * 1024 * 1024)]);
    expect(screen.getByText('File size exceeds 10MB limit')).toBeInTheDocument();
  });

  it('links to the library and, back from it, puts the picked images into the slots and clears them', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.librarySelectedImages,
      JSON.stringify([
        {
          url: 'https://s.test/1.png',
          filename: 'lib-1.png',
          gcs_uri: 'local://lib/1.png',
          public_url: 'https://s.test/1.png',
        },
        {
          url: 'https://s.test/2.png',
          filename: 'lib-2.png',
          gcs_uri: 'local://lib/2.png',
          public_url: 'https://s.test/2.png',
        },
      ]),
    );
    renderPage('/image-to-video?tab=create');
    expect(await screen.findByRole('listitem', { name: 'Image 1: lib-1.png' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Image 2: lib-2.png' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.librarySelectedImages)).toBeNull();
    expect(screen.getByRole('link', { name: 'From Library' })).toHaveAttribute(
      'href',
      '/image-library?returnTo=image-to-video&tab=create',
    );
  });

  it('checks images and prompt before creating, each message next to its field', async () => {
    const { user, fake } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create Video' }));
    expect(await screen.findByText(imageToVideoMessages.atLeastOneImage)).toBeInTheDocument();
    expect(screen.getByLabelText('Upload images')).toHaveAccessibleDescription(
      imageToVideoMessages.atLeastOneImage,
    );
    pickImages([png('a.png')]);
    expect(screen.queryByText(imageToVideoMessages.atLeastOneImage)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Video' }));
    const prompt = screen.getByLabelText('Text Prompt');
    await vi.waitFor(() => expect(prompt).toHaveAttribute('aria-invalid', 'true'));
    expect(prompt).toHaveAccessibleDescription(expect.stringContaining(imageToVideoMessages.promptRequired));
    expect(fake.sent('POST /image-to-video/sessions')).toHaveLength(0);
  });

  it('resumes an image job still running after a reload, with its stage', async () => {
    renderPage('/image-to-video', {
      'GET /generations/active': {
        body: {
          generation: testGeneration({
            session_id: 'img-sess',
            project_type: 'image-to-video',
            progress: 62,
            stage: 'video_generation',
          }),
        },
      },
    });
    const panel = within(await screen.findByRole('region', { name: 'Generating your video' }));
    expect(panel.getByTestId('stage-message')).toHaveTextContent('Creating your video...');
    expect(screen.queryByLabelText('Text Prompt')).not.toBeInTheDocument();
  });

  it('applies the enhance-prompt rules and uses the enhanced text', async () => {
    let reply = 'short';
    const { user, fake } = renderPage('/image-to-video', {
      'POST /llm/generate/text': () => ({ body: { generated_text: reply } }),
    });
    const enhance = await screen.findByRole('button', { name: 'Enhance Prompt' });
    await user.click(enhance);
    expect(screen.getByText(promptEnhancementMessages.promptRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Text Prompt'), 'abcd');
    await user.click(enhance);
    expect(screen.getByText(promptEnhancementMessages.promptTooShort)).toBeInTheDocument();
    expect(fake.sent('POST /llm/generate/text')).toHaveLength(0);

    await user.type(screen.getByLabelText('Text Prompt'), 'e beach');
    await user.click(enhance);
    expect(await screen.findByText(promptEnhancementMessages.invalidResponse)).toBeInTheDocument();
    expect((fake.sent('POST /llm/generate/text')[0]!.body as { prompt: string }).prompt).toMatch(
      /20-50 words/,
    );

    reply = 'A sunlit beach with gentle waves rolling in and a slow pan across golden sand';
    await user.click(enhance);
    await vi.waitFor(() => expect(screen.getByLabelText('Text Prompt')).toHaveValue(reply));
  });

  it('stops at the generation gate', async () => {
    const { user, router, fake } = renderPage('/image-to-video', {
      'GET /user/video-count': { body: testVideoCount({ remaining_videos: 0 }) },
    });
    await screen.findByRole('tab', { name: 'Create Video' });
    // The form replaces the check for a running job once the server has answered.
    await screen.findByLabelText('Upload images');
    pickImages([png('a.png')]);
    await user.type(screen.getByLabelText('Text Prompt'), 'A beach');
    await user.click(screen.getByRole('button', { name: 'Create Video' }));
    expect(await screen.findByText(generationGateMessages.noVideosRemaining)).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/subscription-plans');
    expect(fake.sent('POST /image-to-video/sessions')).toHaveLength(0);
  });

  it("offers the user's saved voices as the voice sample and sends the chosen one", async () => {
    const { user, fake } = renderPage('/image-to-video', {
      'GET /elevenlabs/voice-clones': {
        body: {
          voice_clones: [
            {
              voice_id: 'clone-1',
              name: 'My narrator',
              status: 'ready',
              message: null,
              created_at: '2026-11-01T10:00:00Z',
            },
          ],
        },
      },
    });
    await screen.findByLabelText('Upload images');
    pickImages([png('a.png')]);
    await vi.waitFor(() => expect(fake.sent('POST /upload/signed-url')).toHaveLength(1));
    await user.type(screen.getByLabelText('Text Prompt'), 'A mug on a table');
    const saved = await screen.findByRole('combobox', { name: 'Or narrate with one of your voices' });
    await user.selectOptions(saved, 'My narrator');
    await user.click(screen.getByRole('button', { name: 'Create Video' }));
    await vi.waitFor(() => expect(fake.sent('POST /image-to-video/sessions')).toHaveLength(1));
    const form = fake.sent('POST /image-to-video/sessions')[0]!.body as FormData;
    expect(form.get('voice_clone_id')).toBe('clone-1');
    expect(form.get('voice_sample_file')).toBeNull();
  });

  it('creates the job with stored images and settings, shows the stages, polls, and goes to the background', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, fake, router } = renderPage('/image-to-video', {
      'POST /generations/img-sess/background': {
        body: testNotification({ status: 'pending', session_id: 'img-sess' }),
      },
    });
    await screen.findByRole('tab', { name: 'Create Video' });
    // The form replaces the check for a running job once the server has answered.
    await screen.findByLabelText('Upload images');
    pickImages([png('a.png'), png('b.png'), png('c.png')]);
    await vi.waitFor(() => expect(fake.sent('POST /upload/signed-url')).toHaveLength(1));
    await user.type(screen.getByLabelText('Text Prompt'), 'A beach at sunset');
    expect(screen.getByText('Estimated time: ~75 seconds')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '9:16' }));
    await user.click(screen.getByRole('radio', { name: 'Dynamic — energetic effects' }));
    expect(screen.getByRole('radio', { name: '16:9 Recommended' })).not.toBeChecked();
    await user.click(screen.getByRole('radio', { name: '30 seconds' }));
    await user.click(screen.getByRole('button', { name: 'Create Video' }));

    const panel = within(await screen.findByRole('region', { name: 'Generating your video' }));
    const form = fake.sent('POST /image-to-video/sessions')[0]!.body as FormData;
    expect(form.get('prompt')).toBe('A beach at sunset');
    expect(form.get('model_platform')).toBe('veo');
    expect(form.get('source')).toBe('image-to-video');
    expect(form.get('seed')).toBe('42');
    expect(JSON.parse(String(form.get('existing_gcs_uris')))).toEqual([
      'local://uploads/img-1.png',
      'local://uploads/img-2.png',
      'local://uploads/img-3.png',
    ]);
    expect(form.getAll('files')).toHaveLength(0);
    expect(JSON.parse(String(form.get('extra_params')))).toEqual({
      quality: 'standard',
      mode: 'dynamic',
      aspect_ratio: '9:16',
      duration: 30,
    });
    expect(panel.getByTestId('stage-message')).toHaveTextContent('Processing your images...');
    // The stage icons are drawn, not emoji (an empty box where no emoji font is installed).
    const stages = panel.getByRole('list', { name: 'Stages' });
    expect(stages.querySelectorAll('svg')).toHaveLength(5);
    expect(stages.textContent).toMatch(/^[A-Za-z ]+$/);

    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(fake.sent('GET /image-to-video/sessions/img-sess')).toHaveLength(1);
    expect(panel.getByTestId('stage-message')).toHaveTextContent('Generating scenes from your images...');
    expect(panel.getByRole('listitem', { name: 'Upload (complete)' })).toBeInTheDocument();
    expect(panel.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );

    await user.click(panel.getByRole('button', { name: 'Send to background and notify me' }));
    await vi.waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
    expect(fake.sent('POST /generations/img-sess/background')).toHaveLength(1);
  });

  it('shows the result on completion with its actions and stores lastVideoUrl', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderPage('/image-to-video', {
      'GET /image-to-video/sessions/img-sess': {
        body: imageSession({
          status: 'completed',
          current_stage: 'completed',
          progress: 100,
          output_video_url: 'https://cdn.test/out.mp4',
        }),
      },
    });
    await screen.findByRole('tab', { name: 'Create Video' });
    // The form replaces the check for a running job once the server has answered.
    await screen.findByLabelText('Upload images');
    pickImages([png('a.png')]);
    await user.type(screen.getByLabelText('Text Prompt'), 'A beach');
    await user.click(screen.getByRole('button', { name: 'Create Video' }));
    await screen.findByRole('region', { name: 'Generating your video' });
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    const result = within(await screen.findByRole('region', { name: 'Your video' }));
    expect(result.getByRole('button', { name: 'Download Video' })).toBeInTheDocument();
    expect(result.getByRole('button', { name: 'Copy Video URL' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.lastVideoUrl)).toBe('https://cdn.test/out.mp4');
    await user.click(result.getByRole('button', { name: 'Create Another Video' }));
    expect(screen.getByRole('button', { name: 'Create Video' })).toBeInTheDocument();
  });

  it('shows the result as soon as the completed event arrives, without waiting for a poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, fake, sockets } = renderPage();
    await screen.findByLabelText('Upload images');
    act(() => sockets.latest().ready());
    pickImages([png('a.png')]);
    await user.type(screen.getByLabelText('Text Prompt'), 'A beach');
    await user.click(screen.getByRole('button', { name: 'Create Video' }));
    await screen.findByRole('region', { name: 'Generating your video' });
    act(() =>
      sockets.push(VIDEO_EVENT_TYPES.progress, {
        session_id: 'img-sess',
        project_type: 'image-to-video',
        status: 'completed',
        progress: 100,
        stage: 'completed',
        message: null,
        video_id: 'v1',
        video_url: 'https://cdn.test/out.mp4',
        error: null,
        retrying: false,
        storyboard_id: null,
      }),
    );
    expect(await screen.findByRole('region', { name: 'Your video' })).toBeInTheDocument();
    expect(fake.sent('GET /image-to-video/sessions/img-sess')).toHaveLength(0);
  });

  it('flattens a server detail array into one failure message', async () => {
    const { user } = renderPage('/image-to-video', {
      'POST /image-to-video/sessions': {
        status: 422,
        body: {
          detail: [
            { loc: ['body', 'prompt'], msg: 'Missing required field: prompt is required', type: 'x' },
            { loc: ['body'], msg: 'Second issue', type: 'y' },
          ],
        },
      },
    });
    await screen.findByRole('tab', { name: 'Create Video' });
    // The form replaces the check for a running job once the server has answered.
    await screen.findByLabelText('Upload images');
    pickImages([png('a.png')]);
    await user.type(screen.getByLabelText('Text Prompt'), 'A beach');
    await user.click(screen.getByRole('button', { name: 'Create Video' }));
    const failure = within(await screen.findByRole('alert', { name: 'Generation failed' }));
    expect(failure.getByText('Video creation failed')).toBeInTheDocument();
    expect(failure.getByText('Missing required field: prompt is required; Second issue')).toBeInTheDocument();
    await user.click(failure.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByLabelText('Text Prompt')).toHaveValue('A beach');
  });

  it('shows Recent Videos only when sessions exist', async () => {
    renderPage('/image-to-video', {
      'GET /image-to-video/sessions': {
        body: [
          {
            session_id: 's1',
            created_at: new Date().toISOString(),
            status: 'completed',
            videos: [
              { status: 'completed', message: null, error: null, output_video_url: 'https://cdn.test/a.mp4' },
            ],
            video_id: 'v1',
            title: 'Sunset over the bay',
            thumbnail_url: null,
          },
        ],
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Recent Videos' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Recent Videos' })).getByRole('button', {
        name: 'View video',
      }),
    );
    expect(await screen.findByRole('region', { name: 'Your video' })).toBeInTheDocument();
  });

  it('names each recent video with its thumbnail and when it was made, to the minute', async () => {
    const fortyMinutesAgo = new Date(Date.now() - 40 * 60_000);
    renderPage('/image-to-video', {
      'GET /image-to-video/sessions': {
        body: [
          {
            session_id: 's1',
            created_at: fortyMinutesAgo.toISOString(),
            status: 'completed',
            videos: [
              { status: 'completed', message: null, error: null, output_video_url: 'https://cdn.test/a.mp4' },
            ],
            video_id: 'v1',
            title: 'Sunset over the bay',
            thumbnail_url: 'https://cdn.test/a.jpg',
          },
          {
            session_id: 's2',
            created_at: fortyMinutesAgo.toISOString(),
            status: 'processing',
            videos: [],
            video_id: 'v2',
            title: 'Three product shots',
            thumbnail_url: null,
          },
        ],
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Recent Videos' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Recent Videos' }));

    const [done, running] = dialog.getAllByRole('listitem');
    expect(done).toHaveTextContent('Sunset over the bay');
    // The picture is decoration beside the title (alt=""): it is there, not announced.
    expect(done!.querySelector('img')).toHaveAttribute('src', 'https://cdn.test/a.jpg');
    // The moment itself: the spec's relative time says "just now" for anything under an hour.
    expect(done).toHaveTextContent(`Completed · ${formatDateTime(fortyMinutesAgo)}`);
    expect(done).not.toHaveTextContent('just now');
    expect(running).toHaveTextContent('Three product shots');
    expect(running).toHaveTextContent('Processing');
    expect(within(running!).queryByRole('button', { name: 'View video' })).not.toBeInTheDocument();
  });

  it('has no Recent Videos button without sessions', async () => {
    renderPage();
    await screen.findByRole('tab', { name: 'Create Video' });
    // The form replaces the check for a running job once the server has answered.
    await screen.findByLabelText('Upload images');
    await act(() => Promise.resolve());
    expect(screen.queryByRole('button', { name: 'Recent Videos' })).not.toBeInTheDocument();
  });
});

describe('image enhancement tab', () => {
  it('checks the file, enhances through upload + enhance-image, and uses the result for a video', async () => {
    const { user, fake, router } = renderPage('/image-to-video?tab=enhance', {
      'POST /upload/signed-url': { status: 201, body: uploadAnswer(1) },
      'POST /product-videos/enhance-image': {
        body: {
          enhanced_image_url: 'https://storage.test/enhanced.png',
          enhanced_image_gcs_uri: 'local://uploads/enhanced.png',
        },
      },
    });
    const input = await screen.findByLabelText(/Product image/);
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText(imageEnhancerMessages.invalidFormat)).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [png('big.png', 21 * 1024 * 1024)] } });
    expect(await screen.findByText(imageEnhancerMessages.tooLarge)).toBeInTheDocument();

    fireEvent.change(input, { target: { files: [png('shoe.png')] } });
    await user.click(screen.getByRole('button', { name: 'Enhance Image' }));
    expect(await screen.findByText(imageEnhancerMessages.instructionsRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Enhancement instructions')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Enhancement instructions'), 'white background');
    await user.click(screen.getByRole('button', { name: 'Enhance Image' }));

    expect(await screen.findByRole('img', { name: 'Enhanced image' })).toHaveAttribute(
      'src',
      'https://storage.test/enhanced.png',
    );
    expect(screen.getByRole('img', { name: 'Original image' })).toBeInTheDocument();
    expect((fake.sent('POST /upload/signed-url')[0]!.body as FormData).get('source')).toBe(
      'image-enhancement',
    );
    expect(fake.sent('POST /product-videos/enhance-image')[0]!.body).toEqual({
      object_key: 'local://uploads/img-1.png',
      prompt: 'white background',
      // The library keeps the enhanced copy under the uploaded file's own name.
      original_filename: 'photo-1.png',
    });

    await user.click(screen.getByRole('button', { name: 'Use for Video' }));
    expect(currentUrl(router)).toBe('/image-to-video?tab=create');
    expect(await screen.findByRole('listitem', { name: 'Image 1: Enhanced shoe.png' })).toBeInTheDocument();
  });

  it('words a failed enhancement with the server reason', async () => {
    const { user } = renderPage('/image-to-video?tab=enhance', {
      'POST /upload/signed-url': { status: 201, body: uploadAnswer(1) },
      'POST /product-videos/enhance-image': { status: 502, body: { detail: 'provider down' } },
    });
    fireEvent.change(await screen.findByLabelText(/Product image/), { target: { files: [png('shoe.png')] } });
    await user.type(screen.getByLabelText('Enhancement instructions'), 'white background');
    await user.click(screen.getByRole('button', { name: 'Enhance Image' }));
    expect(
      await screen.findByText(imageEnhancerMessages.enhancementFailed('provider down')),
    ).toBeInTheDocument();
  });
});

describe('image-to-video: the library and reloads (issue 36 items 4 and 5)', () => {
  it('keeps the uploads in the library under their names once the video has started', async () => {
    const { user, fake } = renderPage('/image-to-video', {
      'POST /user/library/images/save': { status: 201, body: [] },
    });
    await screen.findByLabelText('Upload images');
    pickImages([png('Beach day.png', 2048), png('Sunset over the pier.png', 4096)]);
    await vi.waitFor(() => expect(fake.sent('POST /upload/signed-url')).toHaveLength(1));
    await user.type(screen.getByLabelText('Text Prompt'), 'A beach at sunset');
    await user.click(screen.getByRole('radio', { name: '9:16' }));
    expect(fake.sent('POST /user/library/images/save')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Create Video' }));

    await vi.waitFor(() => expect(fake.sent('POST /user/library/images/save')).toHaveLength(1));
    const metadata = {
      session_id: 'img-sess',
      prompt: 'A beach at sunset',
      mode: 'cinematic',
      aspect_ratio: '9:16',
      duration: 15,
      from_library: false,
    };
    expect(fake.sent('POST /user/library/images/save')[0]!.body).toEqual({
      images: [
        {
          gcs_uri: 'local://uploads/img-1.png',
          public_url: 'https://storage.test/img-1.png',
          original_filename: 'Beach day.png',
          content_type: 'image/png',
          size_bytes: 2048,
          source: 'image-to-video',
          metadata,
        },
        {
          gcs_uri: 'local://uploads/img-2.png',
          public_url: 'https://storage.test/img-2.png',
          original_filename: 'Sunset over the pier.png',
          content_type: 'image/png',
          size_bytes: 4096,
          source: 'image-to-video',
          metadata,
        },
      ],
    });
    // The video goes on whatever the library answers.
    expect(await screen.findByRole('region', { name: 'Generating your video' })).toBeInTheDocument();
  });

  it('saves no library image again, and nothing when the start is refused', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.librarySelectedImages,
      JSON.stringify([{ url: 'https://s.test/1.png', filename: 'lib-1.png', gcs_uri: 'local://lib/1.png' }]),
    );
    const { user, fake } = renderPage('/image-to-video', {
      'POST /image-to-video/sessions': { status: 400, body: { detail: 'No.' } },
    });
    await screen.findByRole('listitem', { name: 'Image 1: lib-1.png' });
    pickImages([png('mine.png')]);
    await vi.waitFor(() => expect(fake.sent('POST /upload/signed-url')).toHaveLength(1));
    await user.type(screen.getByLabelText('Text Prompt'), 'A beach');
    await user.click(screen.getByRole('button', { name: 'Create Video' }));
    expect(await screen.findByRole('alert', { name: 'Generation failed' })).toBeInTheDocument();
    expect(fake.sent('POST /user/library/images/save')).toHaveLength(0);
  });

  it('keeps the prompt, the settings and the stored images through a reload, to create another', async () => {
    let job: 'running' | 'done' | null = null;
    const api = {
      'GET /generations/active': () => ({
        body: {
          generation:
            job === 'running'
              ? testGeneration({ session_id: 'img-sess', project_type: 'image-to-video', progress: 40 })
              : null,
        },
      }),
      'GET /image-to-video/sessions/img-sess': () => ({
        body:
          job === 'done'
            ? imageSession({
                status: 'completed',
                current_stage: 'completed',
                progress: 100,
                output_video_url: 'https://cdn.test/out.mp4',
              })
            : imageSession(),
      }),
      'POST /user/library/images/save': { status: 201, body: [] },
    };
    const first = renderPage('/image-to-video', api);
    await screen.findByLabelText('Upload images');
    pickImages([png('Beach day.png')]);
    await vi.waitFor(() => expect(first.fake.sent('POST /upload/signed-url')).toHaveLength(1));
    await first.user.type(screen.getByLabelText('Text Prompt'), 'A beach at sunset');
    await first.user.click(screen.getByRole('radio', { name: '1:1' }));
    await first.user.click(screen.getByRole('button', { name: 'Create Video' }));
    await screen.findByRole('region', { name: 'Generating your video' });
    job = 'running';
    first.unmount();

    const second = renderPage('/image-to-video', api);
    expect(await screen.findByRole('region', { name: 'Generating your video' })).toBeInTheDocument();
    expect(second.fake.sent('POST /image-to-video/sessions')).toHaveLength(0);
    job = 'done';
    second.unmount();

    // Back after the render ended: its result, named by its prompt; then a fresh start from the same work.
    const third = renderPage('/image-to-video', api);
    const result = within(await screen.findByRole('region', { name: 'Your video' }));
    expect(result.getByTestId('video-title')).toHaveTextContent('A beach at sunset');
    await third.user.click(result.getByRole('button', { name: 'Create Another Video' }));
    expect(await screen.findByLabelText('Text Prompt')).toHaveValue('A beach at sunset');
    expect(screen.getByRole('radio', { name: '1:1' })).toBeChecked();
    const slot = screen.getByRole('listitem', { name: 'Image 1: Beach day.png' });
    expect(within(slot).getByRole('img')).toHaveAttribute('src', 'https://storage.test/img-1.png');
  });
});

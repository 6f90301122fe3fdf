import {
  studioMessages,
  UPLOAD_MAX_BYTES,
  userLimitMessages,
  VOICE_CLONE_ADVISED_MIN_SECONDS,
  voiceMessages,
} from '@reelcraft/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeHandler } from '../../test/fake-api';
import { renderApp, storeSignedIn } from '../../test/render-app';
import { builtInVoice, clonedVoice, testClone, voiceList, voicesApi, wavFile } from '../../test/voices-data';

beforeEach(() => {
  // jsdom has no object URLs: the sample player gets a stand-in.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:sample'), revokeObjectURL: vi.fn() }),
  );
});

async function openVoiceMode(handlers: Parameters<typeof voicesApi>[0] = {}) {
  storeSignedIn();
  const fake = voicesApi(handlers);
  const view = renderApp('/studio');
  await view.user.click(await screen.findByRole('button', { name: /Voice Clone/ }));
  await screen.findByRole('heading', { level: 2, name: 'Voice Clone' });
  return { ...view, fake };
}

describe('Voice Clone mode of AI Studio', () => {
  it('clones a voice from an uploaded sample, then lets the user hear it say a typed sentence', async () => {
    let clones = [] as ReturnType<typeof testClone>[];
    const { user, fake } = await openVoiceMode({
      'GET /elevenlabs/voice-clones': () => ({ body: { voice_clones: clones } }),
      'POST /elevenlabs/voice-clone': () => {
        clones = [testClone()];
        return { status: 201, body: testClone() };
      },
      'POST /elevenlabs/voices/clone-1/preview': {
        body: { audio_url: '/media/previews/clone-1.wav', duration_seconds: 2.5 },
      },
    });

    // The tips, and the honest notice: the built-in voices say the local engine speaks.
    for (const tip of voiceMessages.cloneTips) expect(screen.getByText(tip)).toBeInTheDocument();
    expect(screen.getByText(voiceMessages.localCloneNotice)).toBeInTheDocument();
    expect(
      screen.getByText('No voice clones yet. The voices you clone appear here and in every voiceover.'),
    ).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Upload a sample'), wavFile('my-voice.wav'));
    expect(screen.getByLabelText('Your voice sample')).toHaveAttribute('src', 'blob:sample');
    await user.type(screen.getByLabelText('Name'), 'My narrator');
    await user.type(screen.getByLabelText('Description (optional)'), 'Calm and warm');
    await user.type(screen.getByLabelText('Accent (optional)'), 'British');
    await user.click(screen.getByRole('button', { name: 'Create clone' }));

    expect(await screen.findByText('Your voice "My narrator" is ready. Hear it below.')).toBeInTheDocument();
    const sent = fake.sent('POST /elevenlabs/voice-clone')[0]!.body as FormData;
    expect(sent.get('name')).toBe('My narrator');
    expect(sent.get('description')).toBe('Calm and warm');
    expect(JSON.parse(sent.get('labels') as string)).toEqual({ accent: 'British' });
    const audio = sent.get('audio_file') as File;
    expect(audio.name).toBe('my-voice.wav');
    expect(audio.type).toBe('audio/wav');
    // The voice list is read again: the clone joins every voiceover's list.
    await vi.waitFor(() => expect(fake.sent('GET /elevenlabs/voices').length).toBeGreaterThanOrEqual(2));

    const clonesList = await screen.findByRole('list', { name: 'Your voice clones' });
    expect(within(clonesList).getByText('My narrator')).toBeInTheDocument();
    expect(within(clonesList).getByText('March 2, 2026')).toBeInTheDocument();

    const hear = screen.getByRole('form', { name: 'Hear your voice' });
    expect(within(hear).getByLabelText('Voice')).toHaveValue('clone-1');
    await user.click(within(hear).getByRole('button', { name: 'Hear it' }));
    expect(await within(hear).findByText(voiceMessages.previewTextRequired)).toBeInTheDocument();
    expect(fake.sent('POST /elevenlabs/voices/clone-1/preview')).toHaveLength(0);

    await user.type(within(hear).getByLabelText('Sentence to say'), 'Welcome to my channel.');
    expect(within(hear).getByText('22/300')).toBeInTheDocument();
    await user.click(within(hear).getByRole('button', { name: 'Hear it' }));
    expect(await within(hear).findByLabelText('Preview of My narrator')).toHaveAttribute(
      'src',
      '/media/previews/clone-1.wav',
    );
    expect(fake.sent('POST /elevenlabs/voices/clone-1/preview')[0]!.body).toEqual({
      text: 'Welcome to my channel.',
    });
  });

  it('says in customer words that true cloning is not on for this server, and who can turn it on', async () => {
    await openVoiceMode();
    const notice = screen.getByText(voiceMessages.localCloneNotice);
    expect(notice).toHaveTextContent(/not available on this server/);
    expect(notice).toHaveTextContent(/whoever runs ReelCraft for you can turn on/i);
    expect(notice).not.toHaveTextContent(/ElevenLabs|provider|configure/i);
  });

  it('warns when an uploaded sample is shorter than the advised length, and not when it is long enough', async () => {
    const { user } = await openVoiceMode();
    expect(voiceMessages.cloneTips[0]).toContain(`${VOICE_CLONE_ADVISED_MIN_SECONDS} seconds`);

    await user.upload(screen.getByLabelText('Upload a sample'), wavFile('short.wav'));
    // The browser reads the file's length when the player loads it.
    const player = screen.getByLabelText('Your voice sample');
    Object.defineProperty(player, 'duration', { configurable: true, value: 12.4 });
    fireEvent.loadedMetadata(player);
    expect(await screen.findByText(voiceMessages.sampleShort(12))).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Upload a sample'), wavFile('long.wav'));
    const longPlayer = screen.getByLabelText('Your voice sample');
    Object.defineProperty(longPlayer, 'duration', { configurable: true, value: 45 });
    fireEvent.loadedMetadata(longPlayer);
    expect(screen.queryByText(/Your sample is/)).not.toBeInTheDocument();
    // A warning, not a refusal: the short sample could still be sent.
  });

  it('says nothing about approximation when a vendor makes the clones', async () => {
    await openVoiceMode({
      'GET /elevenlabs/voices': { body: voiceList([builtInVoice('rachel', 'Rachel', null)]) },
    });
    await vi.waitFor(() => expect(screen.getByText(voiceMessages.cloneTips[0])).toBeInTheDocument());
    expect(screen.queryByText(voiceMessages.localCloneNotice)).not.toBeInTheDocument();
  });

  it('refuses a file of another type or over 10 MB before sending it', async () => {
    const { user, fake } = await openVoiceMode();
    const upload = screen.getByLabelText('Upload a sample');

    // The picker's accept list is a hint a user can override ("All files"): the check does not rely on it.
    await userEvent
      .setup({ applyAccept: false })
      .upload(upload, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(voiceMessages.cloneUnsupportedFormat)).toBeInTheDocument();

    const big = new File([new Uint8Array(UPLOAD_MAX_BYTES + 1)], 'long.wav', { type: 'audio/wav' });
    await user.upload(upload, big);
    expect(await screen.findByText(voiceMessages.cloneTooLarge)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your voice sample')).not.toBeInTheDocument();

    // Without a sample, Create clone asks for one and sends nothing.
    await user.type(screen.getByLabelText('Name'), 'Me');
    await user.click(screen.getByRole('button', { name: 'Create clone' }));
    expect(await screen.findByText('Record or upload a sample of your voice first.')).toBeInTheDocument();
    expect(fake.sent('POST /elevenlabs/voice-clone')).toHaveLength(0);
  });

  it('asks for a name', async () => {
    const { user, fake } = await openVoiceMode();
    await user.upload(screen.getByLabelText('Upload a sample'), wavFile());
    await user.click(screen.getByRole('button', { name: 'Create clone' }));
    expect(await screen.findByText('Please give your voice a name.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.sent('POST /elevenlabs/voice-clone')).toHaveLength(0);
  });

  it.each([
    [413, voiceMessages.cloneTooLarge, voiceMessages.cloneTooLarge],
    [422, voiceMessages.cloneUnsupportedFormat, voiceMessages.cloneUnsupportedFormat],
    [400, voiceMessages.cloneInvalid, voiceMessages.cloneInvalid],
    // Ours (issue 37): the storage allowance and the per-user clone limit say what happened.
    [
      413,
      userLimitMessages.storageFull('499 MB', '500 MB'),
      userLimitMessages.storageFull('499 MB', '500 MB'),
    ],
    [429, userLimitMessages.voiceClones, userLimitMessages.voiceClones],
  ])('shows the spec text of a refused clone (%i)', async (status, detail, shown) => {
    const { user } = await openVoiceMode({
      'POST /elevenlabs/voice-clone': { status, body: { detail } },
    });
    await user.upload(screen.getByLabelText('Upload a sample'), wavFile());
    await user.type(screen.getByLabelText('Name'), 'Me');
    await user.click(screen.getByRole('button', { name: 'Create clone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    // The sample stays for another try.
    expect(screen.getByLabelText('Your voice sample')).toBeInTheDocument();
  });

  it('shows the progress of a clone being made', async () => {
    const { user } = await openVoiceMode({ 'POST /elevenlabs/voice-clone': 'hang' });
    await user.upload(screen.getByLabelText('Upload a sample'), wavFile());
    await user.type(screen.getByLabelText('Name'), 'Me');
    await user.click(screen.getByRole('button', { name: 'Create clone' }));
    expect(await screen.findByRole('button', { name: 'Creating clone…' })).toBeDisabled();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'Measuring your voice from the sample. This takes a few seconds.',
    );
  });

  it('deletes a clone after a confirmation', async () => {
    let clones = [testClone(), testClone({ voice_id: 'clone-2', name: 'Podcast voice' })];
    const deleted: FakeHandler = () => {
      clones = clones.filter((clone) => clone.voice_id !== 'clone-2');
      return { body: { voice_id: 'clone-2', deleted_at: '2026-03-03T10:00:00.000Z' } };
    };
    const { user, fake } = await openVoiceMode({
      'GET /elevenlabs/voice-clones': () => ({ body: { voice_clones: clones } }),
      'DELETE /elevenlabs/voice-clone/clone-2': deleted,
    });
    const list = await screen.findByRole('list', { name: 'Your voice clones' });

    await user.click(within(list).getByRole('button', { name: 'Delete Podcast voice' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this voice?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.sent('DELETE /elevenlabs/voice-clone/clone-2')).toHaveLength(0);

    await user.click(within(list).getByRole('button', { name: 'Delete Podcast voice' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this voice?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await vi.waitFor(() => expect(within(list).queryByText('Podcast voice')).not.toBeInTheDocument());
    expect(within(list).getByText('My narrator')).toBeInTheDocument();
    expect(fake.sent('DELETE /elevenlabs/voice-clone/clone-2')).toHaveLength(1);
  });

  it('says so when the clone to delete is gone already', async () => {
    const { user } = await openVoiceMode({
      'GET /elevenlabs/voice-clones': { body: { voice_clones: [testClone()] } },
      'DELETE /elevenlabs/voice-clone/clone-1': {
        status: 404,
        body: { detail: voiceMessages.cloneNotFound },
      },
    });
    const list = await screen.findByRole('list', { name: 'Your voice clones' });
    await user.click(within(list).getByRole('button', { name: 'Delete My narrator' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this voice?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(voiceMessages.cloneNotFound)).toBeInTheDocument();
  });

  it('says clearly when the microphone cannot be used, and upload still works', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    const { user } = await openVoiceMode();
    await user.click(screen.getByRole('button', { name: 'Record a sample' }));
    expect(await screen.findByText(studioMessages.microphoneUnavailable)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Upload a sample'), wavFile());
    expect(screen.queryByText(studioMessages.microphoneUnavailable)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your voice sample')).toBeInTheDocument();
  });

  it('records a sample in the browser with a running timer and a Stop button', async () => {
    const tracks = [{ stop: vi.fn() }];
    class FakeRecorder extends EventTarget {
      state: 'inactive' | 'recording' = 'inactive';
      mimeType = 'audio/webm;codecs=opus';
      start() {
        this.state = 'recording';
      }
      stop() {
        this.state = 'inactive';
        const data = new Blob(['opus'], { type: 'audio/webm' });
        this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
        this.dispatchEvent(new Event('stop'));
      }
    }
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => tracks })) },
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await openVoiceMode();

    await user.click(screen.getByRole('button', { name: 'Record a sample' }));
    const timer = await screen.findByRole('timer', { name: 'Recording time' });
    expect(timer).toHaveTextContent('0:00');
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    expect(timer).toHaveTextContent('0:03');

    await user.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(await screen.findByLabelText('Your voice sample')).toBeInTheDocument();
    expect(screen.getByText('voice-sample.webm')).toBeInTheDocument();
    // A browser recording reports no length of its own: the timer's is the one warned about.
    expect(screen.getByText(voiceMessages.sampleShort(3))).toBeInTheDocument();
    expect(tracks[0]!.stop).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Record again' })).toBeInTheDocument();
  });

  it('offers the clones before the built-in voices in the studio, as "Your voices"', async () => {
    // The studio reads the same voice list: a new clone is a voice of every voiceover.
    storeSignedIn();
    voicesApi({
      'GET /elevenlabs/voices': {
        body: voiceList([builtInVoice('rachel', 'Rachel'), clonedVoice('clone-1', 'My narrator')]),
      },
    });
    const { user } = renderApp('/studio');
    await user.click(await screen.findByRole('button', { name: /Create Personalized Video/ }));
    const voice = await screen.findByRole('combobox', { name: 'Voice' });
    const groups = within(voice).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual(['Your voices', 'Built-in voices']);
    expect(within(groups[0]!).getByRole('option', { name: 'My narrator' })).toHaveValue('clone-1');
  });
});

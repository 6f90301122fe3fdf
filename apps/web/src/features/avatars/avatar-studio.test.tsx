import { avatarMessages } from '@reelcraft/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';
import { avatarsApi, photoUploadAnswer, testAvatar, testPortraits } from '../../test/avatars-data';

async function openAvatarMode(handlers: Parameters<typeof avatarsApi>[0] = {}, path = '/studio') {
  storeSignedIn();
  const fake = avatarsApi(handlers);
  const view = renderApp(path);
  if (path === '/studio') {
    await view.user.click(await screen.findByRole('button', { name: /Create an Avatar/ }));
  }
  await screen.findByRole('heading', { level: 2, name: 'Create an Avatar' });
  return { ...view, fake };
}

describe('Avatar mode of AI Studio', () => {
  it('makes four portraits from a photo, lets the user pick one by keyboard, and saves it', async () => {
    const { user, fake, router } = await openAvatarMode({
      'POST /upload/signed-url': (request) => {
        const file = (request.body as FormData).get('files') as File;
        return { body: photoUploadAnswer(file.name) };
      },
      'POST /avatars/portraits': { status: 201, body: { portraits: testPortraits() } },
      'POST /avatars': {
        status: 201,
        body: testAvatar({ name: 'Ana', gcs_uri: testPortraits()[2]!.gcs_uri, voice_id: 'clone-1' }),
      },
    });
    expect(screen.getByRole('button', { name: 'Step 1: Prompt & References' })).toHaveAttribute(
      'aria-current',
      'step',
    );

    // Without a photo nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Generate 4 portraits' }));
    expect(await screen.findByText('Upload a reference photo of the person first.')).toBeInTheDocument();
    expect(fake.sent('POST /avatars/portraits')).toHaveLength(0);

    await user.upload(
      screen.getByLabelText('Upload reference photo'),
      new File(['png'], 'face.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('listitem', { name: 'Reference photo 1: face.png' })).toBeInTheDocument();
    expect((fake.sent('POST /upload/signed-url')[0]!.body as FormData).get('source') as string).toBe(
      'ai-studio',
    );
    await user.upload(
      screen.getByLabelText('Upload style reference'),
      new File(['png'], 'mood.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('listitem', { name: 'Style reference 1: mood.png' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Prompt (optional)'), 'Friendly host, bright studio');
    await user.click(screen.getByRole('button', { name: 'Generate 4 portraits' }));

    const pick = await screen.findByRole('group', { name: 'Pick a portrait' });
    expect(fake.sent('POST /avatars/portraits')[0]!.body).toEqual({
      prompt: 'Friendly host, bright studio',
      subject_ref: 'local://uploads/user-1/face.png',
      style_ref: 'local://uploads/user-1/mood.png',
    });
    expect(screen.getByRole('button', { name: 'Step 2: Pick & Save' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    const radios = within(pick).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      'Portrait 1: Studio light',
      'Portrait 2: Warm office',
      'Portrait 3: Soft daylight',
      'Portrait 4: Night city',
    ]);

    // Saving without a pick or a name says what is missing.
    await user.click(screen.getByRole('button', { name: 'Save avatar' }));
    expect(await screen.findByText('Pick one of the portraits.')).toBeInTheDocument();
    expect(screen.getByText('Please name your avatar.')).toBeInTheDocument();

    // Radios: a click picks, the arrow keys move the pick.
    await user.click(radios[1]!);
    expect(radios[1]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(radios[2]).toBeChecked();
    await user.type(screen.getByLabelText('Avatar name'), 'Ana');
    await user.selectOptions(screen.getByLabelText('Voice (optional)'), 'clone-1');
    await user.click(screen.getByRole('button', { name: 'Save avatar' }));

    const saved = await screen.findByRole('status', { name: 'Avatar saved' });
    expect(within(saved).getByText('Saved “Ana” to your avatars.')).toBeInTheDocument();
    expect(fake.sent('POST /avatars')[0]!.body).toEqual({
      name: 'Ana',
      gcs_uri: 'local://studio/user-1/portraits/portrait-3.png',
      voice_id: 'clone-1',
    });
    await user.click(within(saved).getByRole('link', { name: 'Open Avatars' }));
    expect(currentUrl(router)).toBe('/avatars');
  });

  it('goes back to the references and keeps them', async () => {
    const { user } = await openAvatarMode({
      'POST /upload/signed-url': { body: photoUploadAnswer() },
      'POST /avatars/portraits': { status: 201, body: { portraits: testPortraits() } },
    });
    // Step 2 is locked until portraits exist.
    await user.click(screen.getByRole('button', { name: 'Step 2: Pick & Save' }));
    expect(screen.getByText('Generate the 4 portraits first.')).toBeInTheDocument();

    await user.upload(
      screen.getByLabelText('Upload reference photo'),
      new File(['png'], 'face.png', { type: 'image/png' }),
    );
    await screen.findByRole('listitem', { name: 'Reference photo 1: face.png' });
    await user.click(screen.getByRole('button', { name: 'Generate 4 portraits' }));
    await screen.findByRole('group', { name: 'Pick a portrait' });
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('listitem', { name: 'Reference photo 1: face.png' })).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Step 1: Prompt & References (completed)' }),
    ).toBeInTheDocument();
  });

  it('says why the portraits could not be made', async () => {
    const { user } = await openAvatarMode({
      'POST /upload/signed-url': { body: photoUploadAnswer() },
      'POST /avatars/portraits': { status: 500, body: { detail: 'Internal Server Error' } },
    });
    await user.upload(
      screen.getByLabelText('Upload reference photo'),
      new File(['png'], 'face.png', { type: 'image/png' }),
    );
    await screen.findByRole('listitem', { name: 'Reference photo 1: face.png' });
    await user.click(screen.getByRole('button', { name: 'Generate 4 portraits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal Server Error');
  });

  it('uses the contract text when the photo is not the user’s', async () => {
    const { user } = await openAvatarMode({
      'POST /upload/signed-url': { body: photoUploadAnswer() },
      'POST /avatars/portraits': { status: 404, body: { detail: avatarMessages.imageNotYours } },
    });
    await user.upload(
      screen.getByLabelText('Upload reference photo'),
      new File(['png'], 'face.png', { type: 'image/png' }),
    );
    await screen.findByRole('listitem', { name: 'Reference photo 1: face.png' });
    await user.click(screen.getByRole('button', { name: 'Generate 4 portraits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(avatarMessages.imageNotYours);
  });

  it('opens straight in avatar mode from a link (/studio?mode=avatar)', async () => {
    const { router } = await openAvatarMode({}, '/studio?mode=avatar');
    expect(currentUrl(router)).toBe('/studio');
    expect(screen.getByLabelText('Upload reference photo')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, storeSignedIn } from '../../test/render-app';
import { avatarsApi, photoUploadAnswer, testPortraits } from '../../test/avatars-data';

describe('Avatar mode of AI Studio across a reload (issue 36 item 4)', () => {
  it('brings back the portraits, the uploaded photo and the description', async () => {
    storeSignedIn();
    const fake = avatarsApi({
      'POST /upload/signed-url': (request) => {
        const file = (request.body as FormData).get('files') as File;
        return { body: photoUploadAnswer(file.name) };
      },
      'POST /avatars/portraits': { status: 201, body: { portraits: testPortraits() } },
    });
    const first = renderApp('/studio');
    await first.user.click(await screen.findByRole('button', { name: /Create an Avatar/ }));
    await first.user.upload(
      await screen.findByLabelText('Upload reference photo'),
      new File(['png'], 'face.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('listitem', { name: 'Reference photo 1: face.png' })).toBeInTheDocument();
    await first.user.type(screen.getByLabelText('Prompt (optional)'), 'Friendly host');
    await first.user.click(screen.getByRole('button', { name: 'Generate 4 portraits' }));
    expect(await screen.findByRole('group', { name: 'Pick a portrait' })).toBeInTheDocument();
    first.unmount();

    // The page loads again: the same step, the same four portraits, nothing generated again.
    const second = renderApp('/studio');
    const pick = await screen.findByRole('group', { name: 'Pick a portrait' });
    expect(within(pick).getAllByRole('radio')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Step 2: Pick & Save' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(fake.sent('POST /avatars/portraits')).toHaveLength(1);
    await second.user.click(screen.getByRole('button', { name: /Step 1: Prompt & References/ }));
    expect(screen.getByRole('listitem', { name: 'Reference photo 1: face.png' })).toBeInTheDocument();
    expect(screen.getByLabelText('Prompt (optional)')).toHaveValue('Friendly host');
  });
});

import {
  LIBRARY_LOAD_TIMEOUT_MS,
  libraryMessages,
  STORAGE_KEYS,
  type LibraryImage,
} from '@reelcraft/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fake-api';
import { currentUrl, renderApp, storeSignedIn } from '../../test/render-app';
import { shellApi } from '../../test/test-data';
import { libraryCacheKey } from './api/list-library-images';

function image(n: number): LibraryImage {
  return {
    id: `img-${n}`,
    filename: `photo-${n}.png`,
    url: `/media/photo-${n}.png?sig=1`,
    public_url: `/media/photo-${n}.png`,
    gcs_uri: `local://bucket/uploads/u/photo-${n}.png`,
    uploaded_at: new Date(Date.UTC(2025, 0, n)).toISOString(),
    source: 'image-enhancement',
  };
}

function renderLibrary(path = '/image-library', handlers: Parameters<typeof shellApi>[0] = {}) {
  storeSignedIn();
  const api = shellApi({ 'GET /user/library/images': { body: [1, 2, 3].map(image) }, ...handlers });
  return { ...renderApp(path), api };
}

const imageNames = () =>
  within(screen.getByRole('list', { name: 'Images' }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt'));

describe('image library', () => {
  it('shows the count, previews an image with its details', async () => {
    const { user } = renderLibrary();
    expect(await screen.findByText('3 images')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview photo-2.png' }));
    const preview = screen.getByRole('dialog', { name: 'photo-2.png' });
    expect(within(preview).getByText('Image Enhancement')).toBeInTheDocument();
    expect(within(preview).getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });

  it('shows the first 5 at once and the rest shortly after', async () => {
    renderLibrary('/image-library', {
      'GET /user/library/images': { body: [1, 2, 3, 4, 5, 6, 7].map(image) },
    });
    expect(await screen.findByText('7 images')).toBeInTheDocument();
    expect(imageNames()).toHaveLength(5);
    await waitFor(() => expect(imageNames()).toHaveLength(7));
  });

  it('selects images and uses them in each target: local storage and the route', async () => {
    const { user, router } = renderLibrary('/image-library?returnTo=image-to-video&tab=create');
    await screen.findByText('3 images');
    await user.click(screen.getByRole('button', { name: 'Select photo-1.png' }));
    await user.click(screen.getByRole('button', { name: 'Select photo-3.png' }));
    const bar = screen.getByRole('region', { name: 'Selection' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Select photo-3.png' }));
    // The target screen takes the images out of storage as it reads them: watch the write instead.
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    await user.click(screen.getByRole('button', { name: 'Use in Create Video from Images' }));
    expect(currentUrl(router)).toBe('/image-to-video?tab=create');
    const written = setItem.mock.calls.find(([key]) => key === STORAGE_KEYS.librarySelectedImages);
    expect(JSON.parse(written?.[1] ?? 'null')).toEqual([
      {
        url: '/media/photo-3.png?sig=1',
        filename: 'photo-3.png',
        gcs_uri: 'local://bucket/uploads/u/photo-3.png',
        public_url: '/media/photo-3.png',
      },
    ]);
  });

  it.each([
    ['Image Enhancement', '/image-to-video?tab=enhance'],
    ['AI Studio', '/studio'],
  ])('sends the selection to %s', async (label, route) => {
    const { user, router } = renderLibrary();
    await screen.findByText('3 images');
    await user.click(screen.getByRole('button', { name: 'Select' }));
    await user.click(screen.getByRole('button', { name: 'Select photo-1.png' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target' }), label);
    await user.click(screen.getByRole('button', { name: `Use in ${label}` }));
    expect(currentUrl(router)).toBe(route);
  });

  it('Back goes to the caller, else the dashboard', async () => {
    renderLibrary('/image-library?returnTo=image-to-video&tab=enhance');
    expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/image-to-video?tab=enhance',
    );
  });

  it('asks before deleting, then removes the image', async () => {
    let images = [1, 2].map(image);
    const { user, api } = renderLibrary('/image-library', {
      'GET /user/library/images': () => ({ body: images }),
      'DELETE /user/library/images/img-1': () => {
        images = images.filter((item) => item.id !== 'img-1');
        return { body: { id: 'img-1', deleted_at: new Date().toISOString() } };
      },
    });
    await screen.findByText('2 images');
    await user.click(screen.getByRole('button', { name: 'Delete photo-1.png' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this image?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.sent('DELETE /user/library/images/img-1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete photo-1.png' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this image?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(imageNames()).toEqual(['photo-2.png']));
    expect(api.sent('DELETE /user/library/images/img-1')).toHaveLength(1);
  });

  it('names an image to video upload by its own name and where it came from', async () => {
    const upload: LibraryImage = {
      ...image(4),
      filename: 'Summer launch – été 2025 (final).jpg',
      source: 'image-to-video',
    };
    const { user } = renderLibrary('/image-library', { 'GET /user/library/images': { body: [upload] } });
    const card = within(
      (await screen.findByRole('button', { name: `Preview ${upload.filename}` })).closest('li')!,
    );
    expect(card.getByTestId('image-name')).toHaveTextContent(upload.filename);
    expect(card.getByText('Image to Video')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: `Delete ${upload.filename}` }));
    expect(screen.getByRole('dialog', { name: 'Delete this image?' })).toHaveTextContent(
      `${upload.filename} will be removed from your library.`,
    );
  });

  it('offers Image to Video and AI Studio when empty', async () => {
    renderLibrary('/image-library', { 'GET /user/library/images': { body: [] } });
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('link', { name: 'Image to Video' })).toHaveAttribute(
      'href',
      '/image-to-video',
    );
    expect(main.getByRole('link', { name: 'AI Studio' })).toHaveAttribute('href', '/studio');
  });

  it('falls back to the cached images with a warning after the 10 s timeout, or says to refresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.localStorage.setItem(libraryCacheKey(testUser().id), JSON.stringify([image(9)]));
    renderLibrary('/image-library', { 'GET /user/library/images': 'hang' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIBRARY_LOAD_TIMEOUT_MS);
    });
    expect(await screen.findByText(libraryMessages.usingCachedImages)).toBeInTheDocument();
    expect(imageNames()).toEqual(['photo-9.png']);
  });

  it('says loading timed out when nothing is cached', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderLibrary('/image-library', { 'GET /user/library/images': 'hang' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIBRARY_LOAD_TIMEOUT_MS);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(libraryMessages.loadTimeout);
  });
});

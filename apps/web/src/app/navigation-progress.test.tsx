import { screen } from '@testing-library/react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';
import { RootLayout } from './root-layout';

describe('navigation progress', () => {
  it('shows a progress bar over the current screen while the next one loads', async () => {
    let finishLoading = () => {};
    const loading = new Promise<void>((resolve) => {
      finishLoading = resolve;
    });
    const { user } = renderApp('/', {
      routes: [
        {
          element: <RootLayout />,
          children: [
            { path: '/', element: <Link to="/next">Next</Link> },
            {
              path: '/next',
              lazy: async () => {
                await loading;
                return { Component: () => <h1>Next screen</h1> };
              },
            },
          ],
        },
      ],
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Next' }));

    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next' })).toBeInTheDocument();

    finishLoading();

    expect(await screen.findByRole('heading', { level: 1, name: 'Next screen' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

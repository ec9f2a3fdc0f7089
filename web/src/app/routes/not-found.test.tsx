import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import NotFoundRoute from './not-found';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home page</h1> },
      { path: '*', Component: NotFoundRoute },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('NotFoundRoute', () => {
  it('says the page was not found and sets the tab title', () => {
    renderAt('/no/such/page');

    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · RunPledge');
  });

  it('takes the visitor home with Return to Home', async () => {
    const router = renderAt('/no/such/page');

    const link = screen.getByRole('link', { name: 'Return to Home' });
    expect(link).toHaveAttribute('href', '/');
    fireEvent.click(link);

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

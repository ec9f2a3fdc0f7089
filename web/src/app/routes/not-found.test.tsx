import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render-app';
import NotFoundRoute from './not-found';

// With the app's providers: the page's header shows the signed-in state.
function renderAt(path: string) {
  return renderWithApp(
    [
      { path: '/', element: <h1>Home page</h1> },
      { path: '*', Component: NotFoundRoute },
    ],
    path,
  ).router;
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

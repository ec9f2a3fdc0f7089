import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SignupCta } from './signup-cta';

describe('SignupCta', () => {
  it('links to /signup and records the landing CTA as the first funnel step when clicked', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <SignupCta>Create Your Page</SignupCta> },
        { path: '/signup', element: <h1>Sign up</h1> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);

    const link = screen.getByRole('link', { name: 'Create Your Page' });
    expect(link).toHaveAttribute('href', '/signup');
    fireEvent.click(link);

    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(window.dataLayer).toEqual([{ event: 'funnel_step', step: 'landing_cta_clicked', step_number: 1 }]);
  });
});

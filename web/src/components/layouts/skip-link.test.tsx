import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SkipLink } from './skip-link';

describe('SkipLink', () => {
  it('moves focus to the main content without adding a Tab stop', () => {
    render(
      <>
        <SkipLink />
        <header>
          <a href="/">Home</a>
        </header>
        <main>
          <h1>Page</h1>
        </main>
      </>,
    );

    fireEvent.click(screen.getByRole('link', { name: 'Skip to content' }));

    const main = screen.getByRole('main');
    expect(main).toHaveFocus();
    expect(main).toHaveAttribute('tabindex', '-1');
  });
});

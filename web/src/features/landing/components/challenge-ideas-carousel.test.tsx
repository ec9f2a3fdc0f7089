import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHALLENGE_IDEAS } from '../data/challenge-ideas';
import { ChallengeIdeasCarousel } from './challenge-ideas-carousel';

/** Makes the viewport `width` px wide as far as media queries go. */
function viewport(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const min = /min-width: ([\d.]+)rem/.exec(query);
      return {
        matches: min ? width >= Number(min[1]) * 16 : false,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      };
    }),
  );
}

function renderCarousel() {
  render(<ChallengeIdeasCarousel ideas={CHALLENGE_IDEAS} />);
  return screen.getByRole('region', { name: 'Challenge ideas' });
}

/** The labels of the slides on show, e.g. ['1 of 7', '2 of 7', '3 of 7']. */
function shownSlides(region: HTMLElement) {
  return within(region)
    .getAllByRole('group')
    .map((slide) => slide.getAttribute('aria-label'));
}

const announcement = () => screen.getByText(/^Showing ideas/);

describe('ChallengeIdeasCarousel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is an ARIA carousel of the seven ideas with labelled slides, three in view on desktop', () => {
    viewport(1280);
    const region = renderCarousel();

    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = region.querySelectorAll('[aria-roledescription="slide"]');
    expect(slides).toHaveLength(7);
    expect(slides[0]).toHaveAccessibleName('1 of 7');
    expect(slides[6]).toHaveTextContent('$400Cross the finish line on a FaceTime call with you');
    expect(shownSlides(region)).toEqual(['1 of 7', '2 of 7', '3 of 7']);
    expect(slides[3]).toHaveAttribute('inert');
    expect(announcement()).toHaveTextContent('Showing ideas 1 to 3 of 7');
    expect(announcement()).toHaveAttribute('aria-live', 'polite');
  });

  it('shows two ideas per view on tablets and one on phones', () => {
    viewport(800);
    const { unmount } = render(<ChallengeIdeasCarousel ideas={CHALLENGE_IDEAS} />);
    expect(shownSlides(screen.getByRole('region'))).toEqual(['1 of 7', '2 of 7']);
    unmount();

    viewport(390);
    const region = renderCarousel();
    expect(shownSlides(region)).toEqual(['1 of 7']);
    expect(announcement()).toHaveTextContent('Showing ideas 1 of 7');
  });

  it('moves one idea per press of Next and Previous and loops at both ends', () => {
    viewport(1280);
    const region = renderCarousel();
    const next = screen.getByRole('button', { name: 'Next ideas' });
    const previous = screen.getByRole('button', { name: 'Previous ideas' });

    fireEvent.click(previous);
    expect(shownSlides(region)).toEqual(['5 of 7', '6 of 7', '7 of 7']);
    expect(announcement()).toHaveTextContent('Showing ideas 5 to 7 of 7');

    fireEvent.click(next);
    expect(shownSlides(region)).toEqual(['1 of 7', '2 of 7', '3 of 7']);
    fireEvent.click(next);
    expect(shownSlides(region)).toEqual(['2 of 7', '3 of 7', '4 of 7']);
    fireEvent.click(previous);
    expect(shownSlides(region)).toEqual(['1 of 7', '2 of 7', '3 of 7']);
  });

  it('moves with the Left and Right arrow keys while focus is inside', () => {
    viewport(390);
    const region = renderCarousel();
    const next = screen.getByRole('button', { name: 'Next ideas' });
    next.focus();

    fireEvent.keyDown(next, { key: 'ArrowRight' });
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(shownSlides(region)).toEqual(['3 of 7']);
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(shownSlides(region)).toEqual(['2 of 7']);
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(shownSlides(region)).toEqual(['7 of 7']);
    fireEvent.keyDown(next, { key: 'Enter' });
    expect(shownSlides(region)).toEqual(['7 of 7']);
  });

  it('moves on a horizontal swipe', () => {
    viewport(390);
    const region = renderCarousel();
    const viewportEl = region.firstElementChild as HTMLElement;

    fireEvent.touchStart(viewportEl, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(viewportEl, { changedTouches: [{ clientX: 200 }] });
    expect(shownSlides(region)).toEqual(['2 of 7']);
    fireEvent.touchStart(viewportEl, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(viewportEl, { changedTouches: [{ clientX: 120 }] });
    expect(shownSlides(region)).toEqual(['2 of 7']);
  });
});

import { BUSINESS } from '@runpledge/contracts';
import { useId, useRef, type KeyboardEvent, type TouchEvent } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { cn } from '@/lib/cn';
import type { ChallengeIdea } from '../data/challenge-ideas';
import { useCarousel, slidesPerViewFor } from '../hooks/use-carousel';
import { useMediaQuery } from '@/hooks/use-media-query';
import { ChevronLeftIcon, ChevronRightIcon } from '../illustrations/icons';

// A horizontal swipe at least this long moves the carousel on touch screens.
const SWIPE_PX = 40;

const navButton = buttonStyles({ variant: 'outline', className: 'w-11 px-0! shadow-sm' });

/**
 * The WAI-ARIA carousel pattern without autoplay: a labelled region, one group per slide,
 * previous and next buttons, Left and Right arrow keys, a polite announcement of the position.
 * Slides out of view are inert, so neither Tab nor a screen reader lands on them.
 */
export function ChallengeIdeasCarousel({ ideas }: { ideas: readonly ChallengeIdea[] }) {
  const isLarge = useMediaQuery('(min-width: 64rem)');
  const isMedium = useMediaQuery('(min-width: 48rem)');
  const perView = slidesPerViewFor(isLarge, isMedium, BUSINESS.carouselCardsPerView);
  const { index, next, previous, visible } = useCarousel(ideas.length, perView);
  const trackId = useId();
  const touchStartX = useRef<number | null>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') next();
    else if (event.key === 'ArrowLeft') previous();
    else return;
    event.preventDefault();
  };
  const onTouchStart = (event: TouchEvent) => {
    touchStartX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStartX.current;
    touchStartX.current = null;
    const end = event.changedTouches[0]?.clientX;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    if (end < start) next();
    else previous();
  };

  const last = Math.min(index + perView, ideas.length);
  const position = perView === 1 ? `${index + 1} of ${ideas.length}` : `${index + 1} to ${last} of ${ideas.length}`;

  return (
    <div role="region" aria-roledescription="carousel" aria-label="Challenge ideas" onKeyDown={onKeyDown}>
      <div className="-mx-2 touch-pan-y overflow-hidden px-0 py-2" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <div
          id={trackId}
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${(index * 100) / perView}%)` }}
        >
          {ideas.map((idea, i) => {
            const shown = visible(i);
            return (
              <div
                key={idea.amount}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${ideas.length}`}
                aria-hidden={!shown}
                inert={!shown}
                className="shrink-0 basis-full px-2 md:basis-1/2 lg:basis-1/3"
              >
                <IdeaCard idea={idea} />
              </div>
            );
          })}
        </div>
      </div>

      <div className="mt-6 flex items-center justify-between gap-4">
        <div aria-hidden="true" className="flex gap-1.5">
          {ideas.map((idea, i) => (
            <span
              key={idea.amount}
              className={cn(
                'h-1.5 rounded-full transition-all motion-reduce:transition-none',
                visible(i) ? 'w-6 bg-brand-600' : 'w-1.5 bg-brand-200',
              )}
            />
          ))}
        </div>
        <div className="flex gap-3">
          <button
            type="button"
            className={navButton}
            aria-controls={trackId}
            aria-label="Previous ideas"
            onClick={previous}
          >
            <ChevronLeftIcon />
          </button>
          <button type="button" className={navButton} aria-controls={trackId} aria-label="Next ideas" onClick={next}>
            <ChevronRightIcon />
          </button>
        </div>
      </div>
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {`Showing ideas ${position}`}
      </p>
    </div>
  );
}

function IdeaCard({ idea }: { idea: ChallengeIdea }) {
  const { Icon } = idea;
  return (
    <article className="flex h-full flex-col rounded-2xl border border-border bg-white p-6 shadow-card">
      <div className="flex items-center justify-between">
        <span className="grid size-12 place-items-center rounded-xl bg-accent-100 text-accent-800">
          <Icon />
        </span>
        <p className="text-3xl font-extrabold tracking-tight text-brand-900">${idea.amount}</p>
      </div>
      <h3 className="mt-5 text-lg leading-snug font-semibold text-pretty text-neutral-900">{idea.description}</h3>
    </article>
  );
}

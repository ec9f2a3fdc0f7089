import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPEC_TYPING_TIMINGS, useTypingAnimation } from './use-typing-animation';

const WORDS = ['Easy', 'Interactive', 'Fun'] as const;

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

/** Moves the clock a millisecond at a time, letting React render between timers as a browser would. */
function advance(ms: number) {
  for (let i = 0; i < ms; i++) {
    act(() => {
      vi.advanceTimersByTime(1);
    });
  }
}

describe('useTypingAnimation', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('uses the timings of spec 9', () => {
    expect(SPEC_TYPING_TIMINGS).toEqual({ typeMs: 150, deleteMs: 100, pauseMs: 2000 });
  });

  it('types a character every 150 ms, pauses 2000 ms, deletes one every 100 ms, then types the next word', () => {
    mockReducedMotion(false);
    const { result } = renderHook(() => useTypingAnimation(WORDS));
    const text = () => result.current.text;

    expect(text()).toBe('');
    advance(149);
    expect(text()).toBe('');
    advance(1);
    expect(text()).toBe('E');
    advance(150);
    expect(text()).toBe('Ea');
    advance(300);
    expect(text()).toBe('Easy'); // 600 ms

    advance(1999);
    expect(text()).toBe('Easy');
    advance(1); // the pause is over; deleting starts
    expect(text()).toBe('Easy');
    advance(99);
    expect(text()).toBe('Easy');
    advance(1);
    expect(text()).toBe('Eas');
    advance(300);
    expect(text()).toBe('');
    expect(result.current.wordIndex).toBe(1);

    advance(149);
    expect(text()).toBe('');
    advance(1);
    expect(text()).toBe('I');
    advance(150 * 10);
    expect(text()).toBe('Interactive');
  });

  it('cycles Easy, Interactive, Fun and back to Easy', () => {
    mockReducedMotion(false);
    const { result } = renderHook(() => useTypingAnimation(WORDS));
    const cycle = (word: string) => word.length * 150 + 2000 + word.length * 100;

    advance(cycle('Easy') + cycle('Interactive') + 3 * 150);
    expect(result.current).toEqual({ text: 'Fun', wordIndex: 2 });
    advance(2000 + 3 * 100 + 4 * 150);
    expect(result.current).toEqual({ text: 'Easy', wordIndex: 0 });
  });

  it('takes custom timings', () => {
    mockReducedMotion(false);
    const { result } = renderHook(() => useTypingAnimation(['ab'], { typeMs: 10, deleteMs: 5, pauseMs: 50 }));
    advance(20);
    expect(result.current.text).toBe('ab');
    advance(55);
    expect(result.current.text).toBe('a');
  });

  it('with reduced motion shows whole words only, one per pause', () => {
    mockReducedMotion(true);
    const { result } = renderHook(() => useTypingAnimation(WORDS));
    const seen = new Set<string>([result.current.text]);

    expect(result.current.text).toBe('Easy');
    for (let ms = 0; ms < 1999; ms++) {
      advance(1);
      seen.add(result.current.text);
    }
    expect(result.current.text).toBe('Easy');
    advance(1);
    expect(result.current.text).toBe('Interactive');
    for (let ms = 0; ms < 2000; ms++) {
      advance(1);
      seen.add(result.current.text);
    }
    expect(result.current.text).toBe('Fun');
    expect([...seen]).toEqual(['Easy', 'Interactive', 'Fun']);
  });
});

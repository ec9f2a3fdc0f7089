import { BUSINESS } from '@runpledge/contracts';
import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from '@/hooks/use-media-query';

export interface TypingTimings {
  /** Delay before each typed character. */
  typeMs: number;
  /** Delay before each deleted character. */
  deleteMs: number;
  /** How long a whole word stays before it is deleted. */
  pauseMs: number;
}

/** Spec 9: 150 ms per typed character, 100 ms per deleted one, 2000 ms at a word's end. */
export const SPEC_TYPING_TIMINGS: TypingTimings = {
  typeMs: BUSINESS.typingMsPerChar,
  deleteMs: BUSINESS.deletingMsPerChar,
  pauseMs: BUSINESS.typingPauseMs,
};

type Phase = 'typing' | 'pausing' | 'deleting';

interface TypingState {
  word: number;
  length: number;
  phase: Phase;
}

/**
 * Types each word a character at a time, pauses, deletes it and moves on to the next, for ever.
 * With reduced motion it shows whole words instead, each for one typing pause.
 * Returns the text to show now and the index of the word it belongs to.
 */
export function useTypingAnimation(
  words: readonly string[],
  { typeMs, deleteMs, pauseMs }: TypingTimings = SPEC_TYPING_TIMINGS,
): { text: string; wordIndex: number } {
  const reducedMotion = usePrefersReducedMotion();
  const [state, setState] = useState<TypingState>({ word: 0, length: 0, phase: 'typing' });
  const [wholeWord, setWholeWord] = useState(0);

  useEffect(() => {
    if (!reducedMotion || words.length < 2) return;
    const timer = setInterval(() => setWholeWord((i) => (i + 1) % words.length), pauseMs);
    return () => clearInterval(timer);
  }, [reducedMotion, words.length, pauseMs]);

  useEffect(() => {
    if (reducedMotion || words.length === 0) return;
    const word = words[state.word % words.length];
    const [delay, next]: [number, TypingState] =
      state.phase === 'typing'
        ? [
            typeMs,
            { ...state, length: state.length + 1, phase: state.length + 1 >= word.length ? 'pausing' : 'typing' },
          ]
        : state.phase === 'pausing'
          ? [pauseMs, { ...state, phase: 'deleting' }]
          : [
              deleteMs,
              state.length - 1 <= 0
                ? { word: (state.word + 1) % words.length, length: 0, phase: 'typing' }
                : { ...state, length: state.length - 1 },
            ];
    const timer = setTimeout(() => setState(next), delay);
    return () => clearTimeout(timer);
  }, [reducedMotion, state, words, typeMs, deleteMs, pauseMs]);

  if (words.length === 0) return { text: '', wordIndex: 0 };
  if (reducedMotion) return { text: words[wholeWord % words.length], wordIndex: wholeWord % words.length };
  const index = state.word % words.length;
  return { text: words[index].slice(0, state.length), wordIndex: index };
}

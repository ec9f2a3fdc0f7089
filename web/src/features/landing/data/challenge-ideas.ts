import type { ComponentType } from 'react';
import { BananaIcon, CameraIcon, MugIcon, MusicIcon, PenIcon, PhoneIcon, VideoIcon } from '../illustrations/icons';

export interface ChallengeIdea {
  /** US dollars. */
  amount: number;
  description: string;
  Icon: ComponentType<{ className?: string }>;
}

/** The seven challenge ideas of spec 9, in its order. */
export const CHALLENGE_IDEAS: readonly ChallengeIdea[] = [
  { amount: 25, description: 'Pick a song for my race day playlist', Icon: MusicIcon },
  { amount: 30, description: 'Instagram story shoutout during a training run', Icon: CameraIcon },
  { amount: 40, description: 'Write your name on my bib or arm for race day', Icon: PenIcon },
  { amount: 50, description: 'Race Day Cameo video recorded during the race', Icon: VideoIcon },
  { amount: 100, description: 'Challenge me to a beer mile', Icon: MugIcon },
  { amount: 250, description: 'Run a long run in a banana suit with photos guaranteed', Icon: BananaIcon },
  { amount: 400, description: 'Cross the finish line on a FaceTime call with you', Icon: PhoneIcon },
];

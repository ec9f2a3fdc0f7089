import { theMarathon, type ProfileView } from '@runpledge/contracts';
import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { formatCalendarDate } from '@/lib/dates';
import { Countdown } from './countdown';

/**
 * Runner name, 'Running the' marathon, its date, the listed charity the page raises for, the runner's
 * team and the countdown to the start.
 */
export function RunnerHero({ profile }: { profile: ProfileView }) {
  return (
    <div className="bg-linear-to-br from-brand-950 via-brand-900 to-brand-700 text-white">
      <Container className="flex flex-col gap-8 py-10 sm:py-14 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight break-words text-balance sm:text-5xl">
            {profile.name}
          </h1>
          <p className="mt-3 text-lg text-brand-100 sm:text-xl">
            Running {theMarathon(profile.marathonName).slice(0, -profile.marathonName.trim().length)}
            {profile.event ? (
              <Link
                to={`/events/${profile.event.slug}`}
                className="font-semibold text-white underline underline-offset-2 hover:text-accent-200"
              >
                {profile.marathonName.trim()}
              </Link>
            ) : (
              <span className="font-semibold text-white">{profile.marathonName.trim()}</span>
            )}
          </p>
          <p className="mt-1 text-brand-200">{formatCalendarDate(profile.marathonDate)}</p>
          {profile.charitySlug && profile.charityName && (
            <p className="mt-3 text-brand-100">
              Raising for{' '}
              <Link
                to={`/charities/${profile.charitySlug}`}
                className="font-semibold text-white underline underline-offset-2 hover:text-accent-200"
              >
                {profile.charityName}
              </Link>
            </p>
          )}
          {profile.team && (
            <p className="mt-3 text-brand-100">
              Member of{' '}
              <Link
                to={`/teams/${profile.team.slug}`}
                className="font-semibold text-white underline underline-offset-2 hover:text-accent-200"
              >
                {profile.team.name}
              </Link>
            </p>
          )}
        </div>
        <Countdown marathonDate={profile.marathonDate} />
      </Container>
    </div>
  );
}

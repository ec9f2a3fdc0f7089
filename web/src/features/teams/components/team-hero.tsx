import { theMarathon, type Team } from '@runpledge/contracts';
import { Link } from 'react-router';
import { Countdown } from '@/features/runner-page';
import { formatCalendarDate } from '@/lib/dates';

/**
 * The team's name, its charity, the marathon with its date, its captain (none while the API leaves
 * them out: their page is unpublished) and the countdown to the start.
 */
export function TeamHero({ team }: { team: Team }) {
  return (
    <div className="flex flex-col gap-8 rounded-2xl bg-linear-to-br from-brand-950 via-brand-900 to-brand-700 p-6 text-white sm:p-10 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">Team</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight break-words text-balance sm:text-5xl">
          {team.name}
        </h1>
        <p className="mt-3 text-lg break-words text-brand-100 sm:text-xl">
          Raising money for{' '}
          {team.charitySlug ? (
            <Link
              to={`/charities/${team.charitySlug}`}
              className="font-semibold text-white underline underline-offset-2"
            >
              {team.charityName}
            </Link>
          ) : (
            <span className="font-semibold text-white">{team.charityName}</span>
          )}
        </p>
        <p className="mt-1 break-words text-brand-100">
          Running {theMarathon(team.marathonName)} · {formatCalendarDate(team.marathonDate)}
        </p>
        {team.captain && (
          <p className="mt-1 break-words text-brand-100">
            Captain:{' '}
            <Link to={`/${team.captain.pageSlug}`} className="font-semibold text-white underline underline-offset-2">
              {team.captain.name}
            </Link>
          </p>
        )}
      </div>
      <Countdown marathonDate={team.marathonDate} />
    </div>
  );
}

import { formatMoney, progressPercent, type Team } from '@runpledge/contracts';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Section } from '@/components/ui/section';

const miles = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** What the team raised against its goal, its donors, members and the miles it trained. */
export function TeamProgress({ team }: { team: Team }) {
  const hasGoal = Number(team.goalAmount) > 0;
  const percent = progressPercent(team.raised, team.goalAmount);
  return (
    <Section title="Team progress">
      <p className="text-3xl font-extrabold tracking-tight text-brand-950" data-testid="team-raised">
        {formatMoney(team.raised, team.currency)}
      </p>
      <p className="mt-1 text-muted-foreground">
        raised{hasGoal && <> of the {formatMoney(team.goalAmount, team.currency)} team goal</>}
      </p>
      {hasGoal && (
        <div className="mt-4 flex items-center gap-3">
          <ProgressBar percent={percent} label={`Progress of ${team.name} to its goal`} />
          <span className="shrink-0 text-sm font-semibold tabular-nums text-brand-900">{Math.floor(percent)}%</span>
        </div>
      )}
      <dl className="mt-5 grid grid-cols-3 gap-2 text-center">
        {[
          { label: team.donors === 1 ? 'Donor' : 'Donors', value: team.donors.toLocaleString('en-US'), id: 'donors' },
          { label: 'Miles trained', value: miles(team.miles), id: 'miles' },
          { label: team.memberCount === 1 ? 'Member' : 'Members', value: String(team.memberCount), id: 'members' },
        ].map((stat) => (
          <div key={stat.id} className="flex flex-col-reverse rounded-lg bg-brand-50 px-2 py-3">
            <dt className="text-xs font-medium tracking-wide text-brand-800 uppercase">{stat.label}</dt>
            <dd className="text-xl font-bold tabular-nums text-brand-950" data-testid={`team-${stat.id}`}>
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

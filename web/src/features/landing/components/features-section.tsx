import { Link } from 'react-router';
import { Container } from '@/components/ui/container';
import { ArrowRightIcon, BarsIcon, GaugeIcon, SyncIcon, TimerIcon } from '../illustrations/icons';
import { SampleRunnerCard } from './sample-runner-card';
import { SectionHeading } from './section-heading';

const FEATURES = [
  {
    title: 'Miles trained and pace',
    body: 'Every training mile and your average pace, so supporters see the work behind the race.',
    Icon: GaugeIcon,
  },
  {
    title: 'Marathon countdown timer',
    body: 'Days, hours and minutes to the start line, building excitement as race day gets close.',
    Icon: TimerIcon,
  },
  {
    title: 'Fundraising progress bar',
    body: 'Raised against your goal at a glance, a gentle nudge for the next donation.',
    Icon: BarsIcon,
  },
  {
    title: 'Strava integration',
    body: 'Runs arrive from Strava by themselves, or at the press of Sync. No manual logging.',
    Icon: SyncIcon,
  },
] as const;

export function FeaturesSection() {
  return (
    <section aria-labelledby="features" className="bg-neutral-50 py-20 sm:py-24">
      <Container>
        <SectionHeading id="features" eyebrow="Features" title="Everything You Need to Succeed">
          A page that tells your story and keeps itself up to date while you train.
        </SectionHeading>
        <div className="mt-14 grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
          <ul className="grid gap-x-8 gap-y-8 sm:grid-cols-2">
            {FEATURES.map(({ title, body, Icon }) => (
              <li key={title} className="flex gap-4 sm:block">
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent-100 text-accent-800">
                  <Icon />
                </span>
                <div>
                  <h3 className="text-lg font-bold text-neutral-900 sm:mt-4">{title}</h3>
                  <p className="mt-1.5 text-pretty text-muted-foreground">{body}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="mx-auto w-full max-w-md">
            <SampleRunnerCard />
            <p className="mt-5 text-center">
              <Link
                to="/test-sample"
                className="group inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-800 hover:text-brand-950"
              >
                Explore a full sample page
                <ArrowRightIcon className="size-5 transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none" />
              </Link>
            </p>
          </div>
        </div>
      </Container>
    </section>
  );
}

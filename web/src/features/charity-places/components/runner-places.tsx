import { SPONSORSHIP } from '@runpledge/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Section } from '@/components/ui/section';
import { Select } from '@/components/ui/select';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useBuyPlaces, useManagePlaces, usePlaceChange, useSponsorship } from '../api/sponsorship';

export interface PlaceRunner {
  runnerProfileId: string;
  name: string;
}

const STATUS_LABELS: Record<string, string> = {
  none: 'No places bought yet',
  active: 'Active',
  trialing: 'Active',
  past_due: 'Payment failed: update the card in the billing portal',
  canceled: 'Ended',
  lifetime: 'Active',
};

/**
 * "Runner places" of the charity console: places bought and given, buying places through Stripe
 * Checkout, and giving a place to (or taking it back from) a runner whose page names the charity.
 */
export function RunnerPlaces({ charityId, runners }: { charityId: string; runners: PlaceRunner[] }) {
  const sponsorship = useSponsorship(charityId);
  const buy = useBuyPlaces(charityId);
  const change = usePlaceChange(charityId);
  const manage = useManagePlaces(charityId);
  const [seats, setSeats] = useState('5');
  const [runner, setRunner] = useState(runners[0]?.runnerProfileId ?? '');
  const data = sponsorship.data;
  const live = data?.status === 'active' || data?.status === 'past_due' || data?.status === 'trialing';
  const seatCount = Number(seats);
  const validSeats = Number.isInteger(seatCount) && seatCount >= 1 && seatCount <= SPONSORSHIP.maxSeats;
  const error = buy.error ?? change.error ?? manage.error;

  return (
    <Section title="Runner places">
      <p className="text-muted-foreground">
        Cover your runners: each place is ${SPONSORSHIP.seatPriceUsd} a month, and a runner given one has a live page
        without a subscription of their own.
      </p>
      {sponsorship.isError ? (
        <p role="alert" className="mt-4 text-danger-700">
          {apiErrorMessage(sponsorship.error, 'The runner places could not be loaded.')}
        </p>
      ) : !data ? (
        <p className="mt-4 text-muted-foreground">Loading…</p>
      ) : (
        <>
          <dl className="mt-4 grid grid-cols-3 gap-3">
            <div>
              <dt className="text-sm text-muted-foreground">Places bought</dt>
              <dd className="text-2xl font-bold">{data.seats}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Given</dt>
              <dd className="text-2xl font-bold">{data.used}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Status</dt>
              <dd>{STATUS_LABELS[data.status] ?? data.status}</dd>
            </div>
          </dl>
          {live ? (
            <div className="mt-4 flex flex-wrap items-center gap-3">
              <p className="text-muted-foreground">Buy more places or fewer in the billing portal.</p>
              <Button variant="outline" disabled={manage.isPending} onClick={() => manage.mutate()}>
                {manage.isPending ? 'Opening…' : 'Change the number of places'}
              </Button>
            </div>
          ) : (
            <form
              className="mt-4 flex flex-wrap items-end gap-3"
              onSubmit={(event) => {
                event.preventDefault();
                if (validSeats) buy.mutate(seatCount);
              }}
            >
              <div>
                <Label htmlFor="places-to-buy">Places to buy</Label>
                <Input
                  id="places-to-buy"
                  type="number"
                  min={1}
                  max={SPONSORSHIP.maxSeats}
                  value={seats}
                  onChange={(event) => setSeats(event.target.value)}
                />
              </div>
              <Button type="submit" disabled={!validSeats || buy.isPending}>
                Buy places
              </Button>
            </form>
          )}
          {live && runners.length > 0 && (
            <div className="mt-4 flex flex-wrap items-end gap-3">
              <div>
                <Label htmlFor="place-runner">Runner</Label>
                <Select id="place-runner" value={runner} onChange={(event) => setRunner(event.target.value)}>
                  {runners.map((r) => (
                    <option key={r.runnerProfileId} value={r.runnerProfileId}>
                      {r.name}
                    </option>
                  ))}
                </Select>
              </div>
              <Button
                disabled={!runner || change.isPending || data.used >= data.seats}
                onClick={() => change.mutate({ runnerProfileId: runner, give: true })}
              >
                Give a place
              </Button>
              <Button
                variant="outline"
                disabled={!runner || change.isPending}
                onClick={() => change.mutate({ runnerProfileId: runner, give: false })}
              >
                Take the place back
              </Button>
            </div>
          )}
        </>
      )}
      {error && (
        <p role="alert" className="mt-4 text-danger-700">
          {apiErrorMessage(error)}
        </p>
      )}
    </Section>
  );
}

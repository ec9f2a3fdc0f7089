import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { leaveFor } from '@/lib/leave-for';
import { RunnerPlaces } from './runner-places';

vi.mock('@/lib/leave-for', () => ({ leaveFor: vi.fn() }));

const CHARITY = '0c7a2d4e-5b6f-4a1c-9d8e-7f6a5b4c3d2e';
const BASE = `/api/charities/${CHARITY}/sponsorship`;
const RUNNER = { runnerProfileId: '2d8b4f1a-8c74-4e3a-9b79-5f3e4d6c7b82', name: 'Park, Kim' };

describe('RunnerPlaces', () => {
  it('shows the places bought and given, and gives one to the chosen runner', async () => {
    const api = mockApi({
      [`GET ${BASE}`]: jsonResponse(200, { seats: 3, used: 1, status: 'active' }),
      [`POST ${BASE}/seats`]: jsonResponse(200, { seats: 3, used: 2, status: 'active' }),
    });
    renderWithProviders(<RunnerPlaces charityId={CHARITY} runners={[RUNNER]} />);

    expect(await screen.findByText('Places bought')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Give a place' }));
    expect(await screen.findByText('2')).toBeInTheDocument();
    expect(api.called('POST', `${BASE}/seats`)[0]!.body).toEqual({ runnerProfileId: RUNNER.runnerProfileId });
  });

  it('offers to buy places when none are bought, and tells why a place cannot be given', async () => {
    const api = mockApi({
      [`GET ${BASE}`]: jsonResponse(200, { seats: 0, used: 0, status: 'none' }),
      [`POST ${BASE}/checkout`]: jsonResponse(409, { message: 'The charity already buys runner places.' }),
    });
    renderWithProviders(<RunnerPlaces charityId={CHARITY} runners={[RUNNER]} />);

    expect(await screen.findByText('No places bought yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Give a place' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change the number of places' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Places to buy'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy places' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The charity already buys runner places.');
    expect(api.called('POST', `${BASE}/checkout`)[0]!.body).toMatchObject({ seats: 4 });
  });

  it('opens the billing portal to change the number of places, coming back to this page', async () => {
    const api = mockApi({
      [`GET ${BASE}`]: jsonResponse(200, { seats: 3, used: 1, status: 'active' }),
      [`POST ${BASE}/portal`]: jsonResponse(200, { url: 'http://stripe.test/p/session/bps_1' }),
    });
    renderWithProviders(<RunnerPlaces charityId={CHARITY} runners={[RUNNER]} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Change the number of places' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('http://stripe.test/p/session/bps_1'));
    expect(api.called('POST', `${BASE}/portal`)[0]!.body).toEqual({ returnUrl: window.location.href });
  });

  it('offers the portal while a payment fails too, and says why it cannot open', async () => {
    mockApi({
      [`GET ${BASE}`]: jsonResponse(200, { seats: 2, used: 0, status: 'past_due' }),
      [`POST ${BASE}/portal`]: jsonResponse(429, {
        message: 'Too many attempts. Please wait 5 minutes and try again.',
      }),
    });
    renderWithProviders(<RunnerPlaces charityId={CHARITY} runners={[RUNNER]} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Change the number of places' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 5 minutes and try again.',
    );
    expect(screen.getByRole('button', { name: 'Change the number of places' })).toBeEnabled();
  });
});

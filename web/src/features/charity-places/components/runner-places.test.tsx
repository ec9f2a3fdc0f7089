import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { RunnerPlaces } from './runner-places';

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
    fireEvent.change(screen.getByLabelText('Places to buy'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy places' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The charity already buys runner places.');
    expect(api.called('POST', `${BASE}/checkout`)[0]!.body).toMatchObject({ seats: 4 });
  });
});

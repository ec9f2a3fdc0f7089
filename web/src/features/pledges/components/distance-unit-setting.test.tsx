import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DistanceUnitSetting } from './distance-unit-setting';

const id = '0b6f2f9e-6a52-4c1e-9a57-3f1d2c4b5a60';

describe("the page's distance unit", () => {
  it('saves kilometres as soon as they are chosen', async () => {
    const api = mockApi({
      [`PUT /api/runner-profile/${id}`]: jsonResponse(200, { profile: { id, distanceUnit: 'km' } }),
    });
    renderWithProviders(<DistanceUnitSetting page={{ id, distanceUnit: 'mi' }} />);
    expect(screen.getByRole('radio', { name: 'Miles' })).toBeChecked();

    fireEvent.click(screen.getByRole('radio', { name: 'Kilometres' }));

    expect(await screen.findByText('Distance unit saved')).toBeInTheDocument();
    expect(api.calls).toEqual([expect.objectContaining({ method: 'PUT', body: { distanceUnit: 'km' } })]);
    expect(screen.getByRole('radio', { name: 'Kilometres' })).toBeChecked();
    expect(screen.getByText(/Supporters pledge per km/)).toBeInTheDocument();
  });

  it('goes back to the saved unit when the save fails', async () => {
    mockApi({ [`PUT /api/runner-profile/${id}`]: jsonResponse(500, undefined, 'Internal Server Error') });
    renderWithProviders(<DistanceUnitSetting page={{ id, distanceUnit: 'km' }} />);

    fireEvent.click(screen.getByRole('radio', { name: 'Miles' }));

    expect(await screen.findByText('The distance unit could not be saved. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Kilometres' })).toBeChecked();
  });
});

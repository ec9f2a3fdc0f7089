import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ManualRunForm, RunForm } from './manual-run-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

const fill = (distance: string) => {
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-10-04' } });
  fireEvent.change(screen.getByLabelText(/^Distance/), { target: { value: distance } });
  fireEvent.change(screen.getByLabelText('minutes'), { target: { value: '45' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add run' }));
};

describe("ManualRunForm: the distance in the page's unit", () => {
  it('asks for miles on a page in miles and sends kilometers', async () => {
    const api = mockApi({ 'POST /api/activities': jsonResponse(201, {}) });
    renderWithProviders(<ManualRunForm unit="mi" />);
    expect(screen.getByLabelText('Distance (mi)')).toBeInTheDocument();
    fill('5');
    await waitFor(() => expect(api.called('POST', '/api/activities')).toHaveLength(1));
    const body = api.called('POST', '/api/activities')[0]!.body as { distanceKm: number; durationSeconds: number };
    expect(body.distanceKm).toBeCloseTo(8.04672, 5);
    expect(body.durationSeconds).toBe(2700);
  });

  it('asks for kilometers on a page in kilometers, and names the limit in the unit', async () => {
    const api = mockApi({ 'POST /api/activities': jsonResponse(201, {}) });
    renderWithProviders(<ManualRunForm unit="km" />);
    fill('1200');
    expect(await screen.findByRole('alert')).toHaveTextContent('The distance can be at most 1000 km');
    fill('10');
    await waitFor(() => expect(api.called('POST', '/api/activities')).toHaveLength(1));
    expect((api.called('POST', '/api/activities')[0]!.body as { distanceKm: number }).distanceKm).toBe(10);
  });

  it('names the limit in miles on a page in miles', async () => {
    mockApi({});
    renderWithProviders(<ManualRunForm unit="mi" />);
    fill('700');
    expect(await screen.findByRole('alert')).toHaveTextContent('The distance can be at most 621 mi');
  });

  it('keeps the stored distance of a run whose distance was not touched in the edit', async () => {
    const id = '0b0e4c2e-6f5e-4b83-9a55-4a1f0a2b7c11';
    const api = mockApi({ [`PUT /api/activities/${id}`]: jsonResponse(200, {}) });
    renderWithProviders(
      <RunForm
        unit="mi"
        activity={{
          id,
          name: 'Tempo run',
          source: 'manual',
          sportType: 'Run',
          distanceMeters: 10_000,
          durationSeconds: 3600,
          averagePaceSecondsPerKm: 360,
          elevationGainMeters: 0,
          startDate: '2026-01-02T12:00:00.000Z',
          externalUrl: null,
        }}
      />,
    );
    expect(screen.getByLabelText('Distance (mi)')).toHaveValue(6.21);
    fireEvent.change(screen.getByLabelText('minutes'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save run' }));
    await waitFor(() => expect(api.called('PUT', `/api/activities/${id}`)).toHaveLength(1));
    expect(api.called('PUT', `/api/activities/${id}`)[0]!.body).toMatchObject({
      distanceKm: 10,
      durationSeconds: 3900,
    });
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ChallengeClaims } from './challenge-claims';

const claim = {
  id: '9d2f4c1e-3333-4c1e-9a57-3f1d2c4b5a63',
  challengeId: '1c0e8b9a-1111-4c1e-9a57-3f1d2c4b5a61',
  runnerProfileId: '0b6f2f9e-6a52-4c1e-9a57-3f1d2c4b5a60',
  urlSlug: 'jane-runs',
  pageName: 'Jane Doe',
  amount: 250,
  description: 'Long run in a banana suit',
  isExclusive: true,
  name: 'Alex',
  message: 'See you at mile 20',
  createdAt: '2026-03-01T10:00:00.000Z',
};

describe('ChallengeClaims', () => {
  it('says so when nobody has chosen a challenge yet', async () => {
    mockApi({ 'GET /api/challenge-claims': jsonResponse(200, { claims: [] }) });
    renderWithProviders(<ChallengeClaims />);
    expect(await screen.findByText(/No supporter has chosen a challenge yet/)).toBeInTheDocument();
  });

  it('lists each claim with its message and releases one after confirmation', async () => {
    const { called } = mockApi({
      'GET /api/challenge-claims': jsonResponse(200, { claims: [claim] }),
      [`DELETE /api/fundraising-challenges/${claim.challengeId}/claims/${claim.id}`]: jsonResponse(200, {
        success: true,
      }),
    });
    renderWithProviders(<ChallengeClaims />);

    const list = await screen.findByRole('list', { name: 'Challenge claims' });
    expect(list).toHaveTextContent('Alex chose $250: Long run in a banana suit');
    expect(list).toHaveTextContent('“See you at mile 20”');
    expect(list).toHaveTextContent('Jane Doe (/jane-runs)');

    fireEvent.click(within(list).getByRole('button', { name: /^Release Alex's claim/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Release this claim?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Release claim' }));

    expect(await screen.findByText("Alex's claim was released")).toBeInTheDocument();
    expect(called('DELETE', `/api/fundraising-challenges/${claim.challengeId}/claims/${claim.id}`)).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Challenge claims' })).not.toBeInTheDocument();
  });
});

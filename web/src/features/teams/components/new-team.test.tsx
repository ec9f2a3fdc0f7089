import { TEAM_SLUG_TAKEN } from '@runpledge/contracts';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sampleCharity } from '@/testing/sample-charity';
import { jsonResponse, sampleOwnPage } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { sampleTeam } from '../testing/sample-team';
import { NewTeam } from './new-team';

const listedCharity = sampleCharity({ name: 'Rivers' });

const page = sampleOwnPage();

function renderForm() {
  return renderWithProviders(
    <Routes>
      <Route path="/teams/new" element={<NewTeam />} />
      <Route path="/teams/:slug" element={<h1>Team page</h1>} />
    </Routes>,
    { path: '/teams/new' },
  );
}

const type = (field: string | RegExp | HTMLElement, value: string) =>
  fireEvent.change(field instanceof HTMLElement ? field : screen.getByLabelText(field), { target: { value } });

async function fillIn() {
  type(await screen.findByLabelText('Team name'), 'Sick Kids Runners');
  type('Charity name', 'Children’s Hospital');
  type('Marathon name', 'Chicago Marathon');
  type('Marathon date', '2099-10-12');
  type(/Team goal/, '10000');
}

describe('NewTeam', () => {
  it('suggests a transliterated address from any name until the runner types one', async () => {
    mockApi({ 'GET /api/recent-profiles': jsonResponse(200, [page]) });
    renderForm();

    type(await screen.findByLabelText('Team name'), 'Łódź Läufer für Kinder');
    expect(screen.getByLabelText('Team address')).toHaveValue('lodz-laeufer-fuer-kinder');
    type('Team name', 'Бегуны Москвы');
    expect(screen.getByLabelText('Team address')).toHaveValue('beguny-moskvy');
    // Typed by hand: forced to the allowed characters, and no longer follows the name.
    type('Team address', 'My Team!');
    expect(screen.getByLabelText('Team address')).toHaveValue('myteam');
    type('Team name', 'Another name');
    expect(screen.getByLabelText('Team address')).toHaveValue('myteam');
  });

  it('refuses control characters, impossible dates and reserved addresses with the contract’s words, sending nothing', async () => {
    const api = mockApi({ 'GET /api/recent-profiles': jsonResponse(200, [page]) });
    renderForm();
    await fillIn();
    type('Team name', 'Bad\u0007name');
    type('Team address', 'new');
    type('Marathon date', '2099-02-30');
    type(/Team goal/, '12.345');
    fireEvent.click(screen.getByRole('button', { name: 'Start the team' }));

    expect(await screen.findByText(/The team name/)).toBeInTheDocument();
    expect(screen.getByLabelText('Team name')).toHaveAccessibleDescription(/control characters|The team name/);
    expect(screen.getByLabelText('Team address')).toHaveAccessibleDescription(/This team address is reserved/);
    expect(screen.getByLabelText('Marathon date')).toHaveAccessibleDescription(/Please select a marathon date/);
    expect(screen.getByLabelText(/Team goal/)).toHaveAccessibleDescription('The team goal can have at most 2 decimals');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('starts the team with the runner’s page as captain and opens its page; a taken address is said on the field', async () => {
    let taken = true;
    const api = mockApi({
      'GET /api/recent-profiles': jsonResponse(200, [page]),
      'POST /api/teams': () =>
        taken
          ? jsonResponse(409, { statusCode: 409, message: TEAM_SLUG_TAKEN })
          : jsonResponse(201, { team: sampleTeam({ slug: 'sick-kids-2' }) }),
    });
    renderForm();
    await fillIn();
    fireEvent.click(screen.getByRole('radio', { name: /Approval/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Start the team' }));

    expect(await screen.findByText(TEAM_SLUG_TAKEN)).toBeInTheDocument();
    // The last team sent (the marathon field may ask for suggestions meanwhile).
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      slug: 'sick-kids-runners',
      name: 'Sick Kids Runners',
      story: '',
      charityName: 'Children’s Hospital',
      charityId: null,
      marathonName: 'Chicago Marathon',
      marathonDate: '2099-10-12',
      currency: 'USD',
      goalAmount: 10000,
      joinRule: 'approval',
      captainProfileId: page.id,
    });

    taken = false;
    type('Team address', 'sick-kids-2');
    fireEvent.click(screen.getByRole('button', { name: 'Start the team' }));
    expect(await screen.findByRole('heading', { name: 'Team page' })).toBeInTheDocument();
  });

  it('names a charity chosen from the directory by its id, the typed name making way for it', async () => {
    const rivers = { ...listedCharity, name: 'Rivers Trust' };
    const api = mockApi({
      'GET /api/recent-profiles': jsonResponse(200, [page]),
      'GET /api/charities?query=rive&page=1': jsonResponse(200, { charities: [rivers], page: 1, totalPages: 1 }),
      'POST /api/teams': jsonResponse(201, { team: sampleTeam({ slug: 'sick-kids-runners' }) }),
    });
    renderForm();
    await fillIn();
    type(await screen.findByLabelText('Find your charity (optional)'), 'rive');
    fireEvent.click(await screen.findByRole('button', { name: 'Choose Rivers Trust' }));
    // Chosen: the free-text name is not asked for, and leaving is one click.
    expect(screen.queryByLabelText('Charity name')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave Rivers Trust' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Start the team' }));

    expect(await screen.findByRole('heading', { name: 'Team page' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      charityId: rivers.id,
      charityName: 'Rivers Trust',
    });
  });

  it('asks a runner without a page to create one first', async () => {
    mockApi({ 'GET /api/recent-profiles': jsonResponse(200, []) });
    renderForm();
    expect(await screen.findByRole('link', { name: 'Create your page' })).toHaveAttribute('href', '/signup');
  });
});

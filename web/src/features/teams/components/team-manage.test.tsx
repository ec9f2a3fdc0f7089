import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, sampleUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { sampleMember, sampleTeam, secondMember } from '../testing/sample-team';
import { TeamManage } from './team-manage';

const user = sampleUser();
const team = sampleTeam({ isCaptain: true, joinRule: 'approval' });
const TEAM = `/api/teams/${team.id}`;
// A request: the captain's read of the team lists it with its status.
const pending = sampleMember({
  runnerProfileId: '2d8b4f1a-8c74-4e3a-9b79-5f3e4d6c7b82',
  pageSlug: 'kim-runs',
  name: 'Park, Kim',
  status: 'pending',
  isCaptain: false,
});

function routes(captain = true) {
  localStorage.setItem('runpledge:user', JSON.stringify(user));
  return {
    'GET /api/auth/me': jsonResponse(200, { user }),
    'GET /api/subscription/check': jsonResponse(200, {
      status: 'active',
      hasAccess: true,
      lifetimeAccess: false,
      trialEndsAt: null,
      currentPeriodEnd: null,
    }),
    'GET /api/teams/sick-kids?by=raised&page=1': jsonResponse(200, {
      team: { ...team, isCaptain: captain },
      members: captain ? [sampleMember(), secondMember(), pending] : [sampleMember(), secondMember()],
      page: 1,
      totalPages: 1,
    }),
    [`GET ${TEAM}/invite`]: jsonResponse(200, {
      code: 'abc123',
      url: 'http://localhost/teams/sick-kids?invite=abc123',
    }),
  };
}

function renderPanel() {
  return renderWithProviders(
    <Routes>
      <Route path="/teams/:slug/manage" element={<TeamManage slug="sick-kids" />} />
      <Route path="/teams/:slug" element={<h1>Team page</h1>} />
      <Route path="/dashboard" element={<h1>Dashboard</h1>} />
    </Routes>,
    { path: '/teams/sick-kids/manage' },
  );
}

afterEach(() => localStorage.clear());

describe('TeamManage', () => {
  it('tells anyone but the captain that only the captain can do this', async () => {
    mockApi(routes(false));
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the team captain can do this');
    expect(screen.queryByText('Invite link')).not.toBeInTheDocument();
  });

  it('approves a join request, and shows the invite link with the members CSV', async () => {
    const api = mockApi({
      ...routes(),
      [`POST ${TEAM}/members/${pending.runnerProfileId}/approve`]: jsonResponse(200, {
        member: { ...pending, status: 'member' },
      }),
    });
    renderPanel();

    const requests = await screen.findByRole('list', { name: 'Join requests' });
    fireEvent.click(within(requests).getByRole('button', { name: /Approve\s?Park, Kim/ }));
    expect(await screen.findByText('Park, Kim joined the team')).toBeInTheDocument();
    expect(api.called('POST', `${TEAM}/members/${pending.runnerProfileId}/approve`)).toHaveLength(1);
    expect(await screen.findByTestId('invite-url')).toHaveTextContent('/teams/sick-kids?invite=abc123');
    expect(screen.getByRole('link', { name: 'Download members CSV' })).toHaveAttribute('href', `${TEAM}/members.csv`);
    // The captain cannot remove themselves or hand the team to themselves.
    const roster = screen.getByRole('list', { name: 'Team members' });
    expect(within(roster).queryByRole('button', { name: /Jane Doe/ })).not.toBeInTheDocument();
    // The request is not a member yet, and it comes with the team: no CSV is read for it.
    expect(within(roster).queryByText('Park, Kim')).not.toBeInTheDocument();
    expect(api.called('GET', `${TEAM}/members.csv`)).toHaveLength(0);
  });

  it('makes a new invite link after confirmation', async () => {
    const api = mockApi({
      ...routes(),
      [`POST ${TEAM}/invite`]: jsonResponse(200, {
        code: 'new456',
        url: 'http://localhost/teams/sick-kids?invite=new456',
      }),
    });
    renderPanel();

    fireEvent.click(await screen.findByRole('button', { name: 'New link' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Make a new link' }));
    expect(await screen.findByText('http://localhost/teams/sick-kids?invite=new456')).toBeInTheDocument();
    expect(api.called('POST', `${TEAM}/invite`)).toHaveLength(1);
  });

  it('hands the team over after confirmation, then goes to the team page', async () => {
    const api = mockApi({
      ...routes(),
      [`POST ${TEAM}/captain`]: jsonResponse(200, { team: { ...team, isCaptain: false } }),
    });
    renderPanel();

    fireEvent.click(await screen.findByRole('button', { name: /Make captain\s?Sam Lee/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Sam Lee becomes the captain of Sick Kids Runners.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await screen.findByRole('heading', { name: 'Team page' })).toBeInTheDocument();
    expect(api.called('POST', `${TEAM}/captain`)[0]?.body).toEqual({ runnerProfileId: secondMember().runnerProfileId });
  });

  it('deletes the team after confirmation and returns to the dashboard', async () => {
    const api = mockApi({ ...routes(), [`DELETE ${TEAM}`]: jsonResponse(200, { success: true }) });
    renderPanel();

    fireEvent.click(await screen.findByRole('button', { name: 'Delete team' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete team' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(api.called('DELETE', TEAM)).toHaveLength(1);
  });

  it('edits the details with the shared rules, sending the changes', async () => {
    const api = mockApi({
      ...routes(),
      [`PUT ${TEAM}`]: jsonResponse(200, { team: { ...team, name: 'Sick Kids Striders' } }),
    });
    renderPanel();

    fireEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    fireEvent.change(screen.getByLabelText('Team name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The team name is required')).toBeInTheDocument();
    expect(api.called('PUT', TEAM)).toHaveLength(0);
    // The address of an existing team does not follow its new name.
    fireEvent.change(screen.getByLabelText('Team name'), { target: { value: 'Sick Kids Striders' } });
    expect(screen.getByLabelText('Team address')).toHaveValue('sick-kids');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Team details saved')).toBeInTheDocument();
    expect(api.called('PUT', TEAM)[0]?.body).toMatchObject({ name: 'Sick Kids Striders', slug: 'sick-kids' });
  });
});

import { CHARITY_SLUG_TAKEN } from '@runpledge/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { CharityForm } from './charity-form';
import { sampleCharity } from '@/testing/sample-charity';

const created = sampleCharity({ slug: 'rivers-trust', registeredNumber: '1234567', verified: false, isStaff: true });

function renderForm() {
  return renderWithProviders(
    <Routes>
      <Route path="/charities/new" element={<CharityForm />} />
      <Route path="/charities/:slug/console" element={<h1>Console</h1>} />
    </Routes>,
    { path: '/charities/new' },
  );
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create the charity page' }));

function fillIn() {
  type('Charity name', 'Rivers Trust');
  type('Website', 'www.rivers.org.uk');
  fireEvent.blur(screen.getByLabelText('Website'));
  type(/Registered number/, ' 1234567 ');
  type('Country', 'GB');
  type(/Mission/, 'Clean rivers for everyone');
}

describe('CharityForm', () => {
  beforeEach(() => localStorage.clear());

  it('suggests the address from the name, previewed under /charities/, and forces a typed one to the allowed characters', () => {
    mockApi({});
    renderForm();

    type('Charity name', 'Rivers Trust (UK)');
    expect(screen.getByLabelText('Charity address')).toHaveValue('rivers-trust-uk');
    expect(screen.getByLabelText('Charity address')).toHaveAccessibleDescription(/\/charities\/rivers-trust-uk/);
    type('Charity address', 'Rivers_Trust!');
    expect(screen.getByLabelText('Charity address')).toHaveValue('riverstrust');
    type('Charity name', 'Another name');
    expect(screen.getByLabelText('Charity address')).toHaveValue('riverstrust');
  });

  it('says what is missing or wrong, with the contract’s words, and sends nothing', () => {
    const api = mockApi({});
    renderForm();
    type('Country', '');

    submit();

    expect(screen.getByLabelText('Charity name')).toHaveAccessibleDescription('The charity name is required');
    expect(screen.getByLabelText('Charity name')).toHaveFocus();
    expect(screen.getByLabelText('Charity address')).toHaveAccessibleDescription(/Please choose a charity address/);
    expect(screen.getByLabelText('Website')).toHaveAccessibleDescription(/The website is required/);
    expect(screen.getByLabelText('Country')).toHaveAccessibleDescription(
      'The country must be a two-letter country code',
    );
    expect(screen.getByLabelText(/Mission/)).toHaveAccessibleDescription(/The mission is required/);

    type('Charity name', 'Rivers Trust');
    type('Website', 'http://localhost:3000');
    submit();
    expect(screen.getByLabelText('Website')).toHaveAccessibleDescription(/The website must be a public address/);
    expect(screen.queryByText('The charity name is required')).not.toBeInTheDocument();

    // A reserved address is said as it is typed.
    type('Charity address', 'new');
    expect(screen.getByLabelText('Charity address')).toHaveAccessibleDescription(/This charity address is reserved/);
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('creates the charity with the form’s fields and opens its console; a taken address is said on the address field', async () => {
    let taken = true;
    const api = mockApi({
      'POST /api/charities': () =>
        taken
          ? jsonResponse(409, { statusCode: 409, error: 'Conflict', message: CHARITY_SLUG_TAKEN })
          : jsonResponse(201, { charity: created }),
    });
    renderForm();
    fillIn();

    submit();

    await waitFor(() =>
      expect(screen.getByLabelText('Charity address')).toHaveAccessibleDescription(
        /This charity address is already taken/,
      ),
    );
    expect(screen.getByLabelText('Charity address')).toHaveFocus();
    expect(api.called('POST', '/api/charities')[0]?.body).toEqual({
      slug: 'rivers-trust',
      name: 'Rivers Trust',
      website: 'https://www.rivers.org.uk',
      registeredNumber: '1234567',
      country: 'GB',
      mission: 'Clean rivers for everyone',
    });

    taken = false;
    type('Charity address', 'rivers-trust-uk');
    expect(screen.queryByText(/already taken/)).not.toBeInTheDocument();
    submit();

    expect(await screen.findByRole('heading', { name: 'Console' })).toBeInTheDocument();
    expect(api.called('POST', '/api/charities')[1]?.body).toMatchObject({ slug: 'rivers-trust-uk' });
  });

  it('sends no registered number when none is given, and shows the server’s words for another refusal', async () => {
    const api = mockApi({
      'POST /api/charities': jsonResponse(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The website must be a public address',
      }),
    });
    renderForm();
    fillIn();
    type(/Registered number/, '');

    submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('The website must be a public address');
    expect(api.called('POST', '/api/charities')[0]?.body).toMatchObject({ registeredNumber: null });
    expect(screen.queryByRole('heading', { name: 'Console' })).not.toBeInTheDocument();
  });
});

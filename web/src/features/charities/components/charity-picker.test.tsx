import { CHARITY_CONSENT, type Charity, type CharityPageResponse } from '@runpledge/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { CharityPicker, type ChosenCharity } from './charity-picker';
import { sampleCharity } from '@/testing/sample-charity';

const rivers = sampleCharity({});
const riverside = sampleCharity({
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  slug: 'riverside-kids',
  name: 'Riverside Kids',
  verified: false,
  mission: 'After-school clubs',
});

const directory = (charities: Charity[]) => jsonResponse(200, { charities, page: 1, totalPages: 1 });

/** The picker as a form holds it: the chosen charity in the form's state, every change recorded. */
function Harness({
  initial = null,
  preselectSlug,
  onChange,
}: {
  initial?: ChosenCharity | null;
  preselectSlug?: string;
  onChange: (charity: ChosenCharity | null) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <CharityPicker
      value={value}
      preselectSlug={preselectSlug}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

afterEach(() => localStorage.clear());

describe('CharityPicker', () => {
  it('searches the directory once typing pauses, marks verified charities, and chooses one with what it will see', async () => {
    const api = mockApi({
      'GET /api/charities?query=rive&page=1': directory([rivers, riverside]),
    });
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);

    const search = screen.getByLabelText('Find your charity (optional)');
    fireEvent.change(search, { target: { value: 'r' } });
    fireEvent.change(search, { target: { value: 'ri' } });
    fireEvent.change(search, { target: { value: 'riv' } });
    fireEvent.change(search, { target: { value: 'rive' } });

    const found = await screen.findByRole('list', { name: 'Charities found' });
    const options = within(found).getAllByRole('button');
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual(['Choose Rivers Trust', 'Choose Riverside Kids']);
    expect(within(options[0]!).getByText('Verified')).toBeInTheDocument();
    expect(within(options[1]!).queryByText('Verified')).not.toBeInTheDocument();
    // One request for the pause, none for the keystrokes before it.
    expect(api.calls.map((c) => c.path)).toEqual(['/api/charities?query=rive&page=1']);

    fireEvent.click(options[0]!);

    expect(onChange).toHaveBeenLastCalledWith({ id: rivers.id, name: 'Rivers Trust' });
    expect(screen.getByText('Rivers Trust')).toBeInTheDocument();
    expect(screen.getByText(CHARITY_CONSENT)).toBeInTheDocument();
    expect(CHARITY_CONSENT).toMatch(/totals, goal, number of donors, miles and race/);
    expect(CHARITY_CONSENT).toMatch(/never sees your e-mail/);
    expect(screen.queryByLabelText('Find your charity (optional)')).not.toBeInTheDocument();
  });

  it('leaves the chosen charity in one click, back to the search', async () => {
    mockApi({});
    const onChange = vi.fn();
    renderWithProviders(<Harness initial={{ id: rivers.id, name: 'Rivers Trust' }} onChange={onChange} />);

    fireEvent.click(screen.getByRole('button', { name: 'Leave Rivers Trust' }));

    expect(onChange).toHaveBeenCalledWith(null);
    expect(screen.queryByText(CHARITY_CONSENT)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Find your charity (optional)')).toHaveFocus());
  });

  it('says when nothing listed matches, and asks nothing for a single letter', async () => {
    const api = mockApi({ 'GET /api/charities?query=zz&page=1': directory([]) });
    renderWithProviders(<Harness onChange={vi.fn()} />);
    const search = screen.getByLabelText('Find your charity (optional)');

    fireEvent.change(search, { target: { value: 'z' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.calls).toEqual([]);

    fireEvent.change(search, { target: { value: 'zz' } });
    expect(await screen.findByText(/No listed charity matches “zz”/)).toBeInTheDocument();
  });

  it('chooses the charity a "Run for us" link names, once: leaving it is not overruled', async () => {
    const page: CharityPageResponse = {
      charity: rivers,
      runners: [],
      teams: [],
      events: [],
      page: 1,
      totalPages: 1,
    };
    const api = mockApi({ 'GET /api/charities/rivers?by=raised&page=1': jsonResponse(200, page) });
    const onChange = vi.fn();
    renderWithProviders(<Harness preselectSlug="rivers" onChange={onChange} />);

    expect(await screen.findByRole('button', { name: 'Leave Rivers Trust' })).toBeInTheDocument();
    expect(onChange).toHaveBeenCalledWith({ id: rivers.id, name: 'Rivers Trust' });

    fireEvent.click(screen.getByRole('button', { name: 'Leave Rivers Trust' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: 'Leave Rivers Trust' })).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(api.calls).toHaveLength(1);
  });

  it('keeps a charity already chosen over the link’s, and says when the link’s is not found', async () => {
    const api = mockApi({
      'GET /api/charities/gone?by=raised&page=1': jsonResponse(404, { statusCode: 404, message: 'Charity not found' }),
    });
    const first = renderWithProviders(
      <Harness initial={{ id: riverside.id, name: 'Riverside Kids' }} preselectSlug="rivers" onChange={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Leave Riverside Kids' })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
    first.unmount();

    renderWithProviders(<Harness preselectSlug="gone" onChange={vi.fn()} />);
    expect(
      await screen.findByText('The charity of your link could not be found. Search for it below.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Find your charity (optional)')).toBeInTheDocument();
  });
});

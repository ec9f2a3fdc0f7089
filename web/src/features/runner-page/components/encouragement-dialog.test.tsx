import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { SendEncouragement } from './send-encouragement';

const profileId = '0b6f2f9e-6a52-4c1e-9a57-3f1d2c4b5a60';

async function openDialog() {
  renderWithProviders(<SendEncouragement runnerProfileId={profileId} runnerName="Jane" />);
  fireEvent.click(screen.getByRole('button', { name: 'Send Encouragement' }));
  return screen.findByRole('dialog', { name: 'Send Encouragement' });
}

const fill = (dialog: HTMLElement, name: string, message: string) => {
  fireEvent.change(within(dialog).getByLabelText('Your name'), { target: { value: name } });
  fireEvent.change(within(dialog).getByLabelText('Message'), { target: { value: message } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
};

describe('Send Encouragement dialog', () => {
  // The dialog is a lazy chunk; loading it once up front keeps the tests' waits short.
  beforeAll(() => import('./encouragement-dialog'));

  it('asks to fill in all fields when nothing is typed', async () => {
    const { calls } = mockApi({});
    const dialog = await openDialog();
    fill(dialog, '', '');
    const name = within(dialog).getByLabelText('Your name');
    expect(name).toHaveAccessibleDescription('Please fill in all fields');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('needs both the name and the message', async () => {
    const { calls } = mockApi({});
    const dialog = await openDialog();
    fill(dialog, 'Sam', '  ');
    const message = within(dialog).getByLabelText('Message');
    expect(message).toHaveAccessibleDescription('Both name and message are required');
    expect(message).toHaveFocus();
    expect(calls).toHaveLength(0);
    expect(window.dataLayer).toContainEqual({
      event: 'form_error',
      form_name: 'encouragement',
      field: 'message',
      error_message: 'Both name and message are required',
    });
  });

  it('sends the encouragement, says so and closes', async () => {
    const { calls } = mockApi({ 'POST /api/encouragement': jsonResponse(201, { success: true }) });
    const dialog = await openDialog();
    fill(dialog, ' Sam ', 'Go Jane!');

    expect(await screen.findByText('Encouragement sent!')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ runnerProfileId: profileId, senderName: 'Sam', message: 'Go Jane!' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const formEvents = (window.dataLayer ?? []).map((entry) => (entry as { event: string }).event);
    expect(formEvents).toContain('form_complete');
    expect(formEvents).not.toContain('form_abandon');
  });

  it('says Failed to send and keeps what was typed when the server fails', async () => {
    mockApi({ 'POST /api/encouragement': jsonResponse(500, undefined, 'Internal Server Error') });
    const dialog = await openDialog();
    fill(dialog, 'Sam', 'Go Jane!');

    expect(await screen.findByText('Failed to send')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Go Jane!');
  });
});

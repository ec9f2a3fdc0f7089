import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ToastProvider } from '@/components/ui/toast-provider';
import { ApiRequestError } from '@/lib/api-client';
import { useConfirmAndToast } from './use-confirm-and-toast';

function RemoveMember({ action, onDone }: { action: (name: string) => Promise<unknown>; onDone: () => void }) {
  const removing = useConfirmAndToast<string>({
    action,
    success: (name) => `${name} was removed`,
    failure: 'The member could not be removed.',
    onDone,
  });
  return (
    <>
      <button type="button" onClick={() => removing.ask('Ann')}>
        Remove Ann
      </button>
      <ConfirmDialog
        {...removing.dialog}
        title="Remove this member?"
        description={`${removing.subject ?? ''} leaves the team.`}
        confirmLabel="Remove member"
      />
    </>
  );
}

const renderWith = (action: (name: string) => Promise<unknown>, onDone = vi.fn()) =>
  render(
    <ToastProvider>
      <RemoveMember action={action} onDone={onDone} />
    </ToastProvider>,
  );

describe('useConfirmAndToast', () => {
  it('asks about its subject, then makes the change, says so and closes', async () => {
    const action = vi.fn(async () => undefined);
    const onDone = vi.fn();
    renderWith(action, onDone);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ann' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Ann leaves the team.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(action).toHaveBeenCalledWith('Ann');
    expect(screen.getByText('Ann was removed')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith('Ann');
  });

  it("shows the server's words when the change is refused, and keeps the question open", async () => {
    const refused = new ApiRequestError(new Response(null, { status: 403, statusText: 'Forbidden' }), {
      statusCode: 403,
      error: 'Forbidden',
      message: 'Only the team captain can do this',
    });
    const onDone = vi.fn();
    renderWith(() => Promise.reject(refused), onDone);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ann' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Only the team captain can do this'));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('falls back to its own wording when the answer carries none', async () => {
    renderWith(() => Promise.reject(new Error('network')));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ann' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The member could not be removed.'));
  });
});

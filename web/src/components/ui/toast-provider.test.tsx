import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useToast } from './toast-context';
import { ToastProvider } from './toast-provider';

function SaveButton() {
  const { toast } = useToast();
  return (
    <button
      type="button"
      onClick={() => toast({ title: 'Payment Error', description: 'Please try again.', variant: 'destructive' })}
    >
      Save
    </button>
  );
}

describe('ToastProvider', () => {
  it('shows a toast until it is dismissed', () => {
    render(
      <ToastProvider>
        <SaveButton />
      </ToastProvider>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Payment ErrorPlease try again.');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes a toast by itself after its duration', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <SaveButton />
      </ToastProvider>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    act(() => {
      vi.advanceTimersByTime(5000);
    });

    expect(screen.queryByText('Payment Error')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('refuses to be used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});

    expect(() => render(<SaveButton />)).toThrow('useToast must be used within a ToastProvider');
  });
});

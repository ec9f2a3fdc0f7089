import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChallengeDialog } from './challenge-dialog';

function open() {
  const onSave = vi.fn();
  render(<ChallengeDialog open onOpenChange={() => {}} saving={false} onSave={onSave} />);
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  return { onSave, type };
}

describe('challenge dialog', () => {
  it('checks the amount as the user types, before any submit', () => {
    const { type } = open();
    for (const [typed, message] of [
      ['20000', 'The amount must be between 0 and 10000'],
      ['12.345', 'The amount can have at most 2 decimals'],
    ]) {
      type('Amount ($)', typed!);
      expect(screen.getByText(message!)).toBeInTheDocument();
    }
    type('Amount ($)', '12.34');
    expect(screen.queryByText(/The amount/)).not.toBeInTheDocument();
  });

  it('ignores negative and non-numeric input as the sign-up form does (spec 5), empty allowed', () => {
    const { type } = open();
    const amount = screen.getByLabelText<HTMLInputElement>('Amount ($)');
    type('Amount ($)', '25');
    for (const typed of ['-5', '-0.5', '1e3']) {
      type('Amount ($)', typed);
      expect(amount.value).toBe('25');
    }
    expect(screen.queryByText(/The amount/)).not.toBeInTheDocument();
    type('Amount ($)', '');
    expect(amount.value).toBe('');
    type('Amount ($)', '12.5');
    expect(amount.value).toBe('12.5');
  });

  it('checks the description as the user types', () => {
    const { type } = open();
    type('Description', 'Banana\u0000 suit');
    expect(screen.getByText('The description contains a character that is not allowed')).toBeInTheDocument();
    type('Description', 'Banana suit');
    expect(screen.queryByText(/not allowed/)).not.toBeInTheDocument();
  });

  it('does not save an invalid amount', () => {
    const { type, onSave } = open();
    type('Amount ($)', '12.345');
    type('Description', 'Banana suit');
    fireEvent.click(screen.getByRole('button', { name: 'Add challenge' }));
    expect(onSave).not.toHaveBeenCalled();
    type('Amount ($)', '12.5');
    fireEvent.click(screen.getByRole('button', { name: 'Add challenge' }));
    expect(onSave).toHaveBeenCalledWith({ amount: 12.5, description: 'Banana suit', isExclusive: false });
  });
});

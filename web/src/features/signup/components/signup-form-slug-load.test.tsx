import { fireEvent, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithApp } from '@/testing/render-app';
import { SignupForm } from './signup-form';

// The suggestion's code arrives only when the test lets it.
const arrival = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release };
});
vi.mock('../utils/suggest-slug', async (importOriginal) => {
  await arrival.arrived;
  return importOriginal();
});

function renderForm() {
  const { container } = renderWithApp([{ path: '/signup', element: <SignupForm onSaved={vi.fn()} /> }], '/signup');
  const form = within(container);
  const type = (label: string, value: string) => fireEvent.change(form.getByLabelText(label), { target: { value } });
  return { form, type };
}

describe('SignupForm before the address suggestion has loaded', () => {
  it('gives the name typed meanwhile its address when the code arrives, and keeps a typed address', async () => {
    mockApi({});
    const following = renderForm();
    const typedOwn = renderForm();

    following.type('Your Name', 'José');
    following.type('Your Name', 'José Núñez');
    typedOwn.type('Your Name', 'Jane Doe');
    typedOwn.type('Page address', 'jane-runs');
    typedOwn.type('Your Name', 'Jane Roe');
    expect(following.form.getByLabelText('Page address')).toHaveValue('');

    arrival.release();
    expect(await following.form.findByDisplayValue('jose-nunez')).toBe(following.form.getByLabelText('Page address'));
    expect(typedOwn.form.getByLabelText('Page address')).toHaveValue('jane-runs');

    following.type('Your Name', 'Zoë');
    expect(following.form.getByLabelText('Page address')).toHaveValue('zoe');
  });
});

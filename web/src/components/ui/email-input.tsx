import type { ComponentProps } from 'react';
import { Input } from './input';

/** An e-mail address input: the e-mail keyboard and autofill, no capitals and no spell-checking. */
export function EmailInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return <Input type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />;
}

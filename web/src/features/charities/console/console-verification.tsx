import { charityWebsiteDomain, type Charity } from '@runpledge/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmailInput } from '@/components/ui/email-input';
import { FormField } from '@/components/ui/form-field';
import { Section } from '@/components/ui/section';
import { useRequestVerification } from '../api/console';
import { ActionNotice } from './action-notice';
import { useConsoleAction } from './use-console-action';

/** An unverified charity proves it is who it says: a link mailed to an address at its website's domain. */
export function ConsoleVerification({ charity }: { charity: Charity }) {
  const request = useRequestVerification(charity.id);
  const [email, setEmail] = useState('');
  const domain = charityWebsiteDomain(charity.website);
  const verifying = useConsoleAction({
    action: (address: string) => request.mutateAsync({ email: address }),
    success: (_, address) => `We sent a link to ${address}. Open it to verify the charity.`,
    failure: 'The link could not be sent. Please try again.',
    inline: true,
  });
  return (
    <Section title="Verify the charity">
      <p className="mb-4 text-muted-foreground">
        Verified charities show a badge and come first in the directory. Enter an address at {domain} and open the link
        we send to it.
      </p>
      <form
        className="flex flex-col gap-4 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (email.trim()) void verifying.run(email.trim());
        }}
      >
        <FormField label="Work e-mail address" className="flex-1">
          {(control) => (
            <EmailInput
              {...control}
              placeholder={`name@${domain}`}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" disabled={!email.trim() || verifying.pending} aria-busy={verifying.pending || undefined}>
          Send link
        </Button>
      </form>
      <ActionNotice error={verifying.error} done={verifying.done} />
    </Section>
  );
}

import {
  CHARITY_ROLES,
  type CharityRole,
  type CharityStaffMember,
  type CharityStaffResponse,
} from '@runpledge/contracts';
import { useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmailInput } from '@/components/ui/email-input';
import { FormField } from '@/components/ui/form-field';
import { Section } from '@/components/ui/section';
import { Select } from '@/components/ui/select';
import { useConfirmAndToast } from '@/hooks/use-confirm-and-toast';
import { useAuth } from '@/lib/auth';
import { useInviteStaff, useRemoveStaff } from '../api/console';
import { ActionNotice } from './action-notice';
import { useConsoleAction } from './use-console-action';

const ROLE_LABELS: Record<CharityRole, string> = { admin: 'Admin', staff: 'Staff' };

/** Who runs the console: admins invite and remove people; staff see the runners and write to them. */
export function ConsoleStaff({ charityId, staff }: { charityId: string; staff: CharityStaffResponse['staff'] }) {
  const { user } = useAuth();
  const invite = useInviteStaff(charityId);
  const remove = useRemoveStaff(charityId);
  const list = useRef<HTMLUListElement>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CharityRole>('staff');
  const inviting = useConsoleAction({
    action: (request: { email: string; role: CharityRole }) => invite.mutateAsync(request),
    success: (_, request) => `Invitation sent to ${request.email}`,
    failure: 'The invitation could not be sent. Please try again.',
    onDone: () => setEmail(''),
  });
  const removing = useConfirmAndToast<CharityStaffMember>({
    action: (member) => remove.mutateAsync(member.userId!),
    success: (member) => `${member.email} was removed`,
    failure: 'They could not be removed. Please try again.',
  });
  return (
    <Section title="Staff">
      <ul ref={list} tabIndex={-1} className="divide-y divide-border focus:outline-none" aria-label="Staff members">
        {staff.map((member) => (
          <li key={member.email} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="flex min-w-0 flex-wrap items-center gap-2">
              <span className="font-semibold break-all">{member.email}</span>
              {member.email.toLowerCase() === user?.email.toLowerCase() && <span className="text-sm">(you)</span>}
              <Badge tone={member.role === 'admin' ? 'brand' : 'neutral'}>{ROLE_LABELS[member.role]}</Badge>
              {member.status === 'invited' && <Badge tone="accent">Invited</Badge>}
            </span>
            {member.userId && (
              <Button
                size="sm"
                variant="ghost"
                className="text-danger-700 hover:bg-danger-50"
                aria-label={`Remove ${member.email}`}
                onClick={() => removing.ask(member)}
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      <form
        className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (email.trim()) void inviting.run({ email: email.trim(), role });
        }}
      >
        <FormField label="E-mail address" className="flex-1">
          {(control) => <EmailInput {...control} value={email} onChange={(e) => setEmail(e.target.value)} />}
        </FormField>
        <FormField label="Role">
          {(control) => (
            <Select {...control} value={role} onChange={(e) => setRole(e.target.value as CharityRole)}>
              {CHARITY_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <Button type="submit" disabled={!email.trim() || inviting.pending} aria-busy={inviting.pending || undefined}>
          Send invitation
        </Button>
      </form>
      <p className="mt-2 text-sm text-muted-foreground">
        Admins can also invite and remove staff, edit the details and buy runner places.
      </p>
      <ActionNotice error={inviting.error} />
      <ConfirmDialog
        {...removing.dialog}
        title="Remove from staff?"
        description={removing.subject ? `${removing.subject.email} will no longer see the console.` : ''}
        confirmLabel="Remove"
        fallbackFocus={list}
      />
    </Section>
  );
}

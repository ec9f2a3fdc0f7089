import { PageHeading } from '@/components/layouts/page-heading';
import { PageLayout } from '@/components/layouts/page-layout';
import { DocumentTitle } from '@/components/seo/document-title';
import { buttonStyles } from '@/components/ui/button-styles';
import { ACCOUNT_EXPORT_URL } from '@/features/account/api/export-account';
import { ChangeEmailForm } from '@/features/account/components/change-email-form';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { DeleteAccountDialog } from '@/features/account/components/delete-account-dialog';
import { SettingsSection } from '@/features/account/components/settings-section';
import { SignOutEverywhereButton } from '@/features/account/components/sign-out-everywhere-button';
import { SubscriptionPanel } from '@/features/billing/components/subscription-panel';
import { useAuth } from '@/lib/auth';

/** The runner's account: e-mail, password, devices, billing, their data, and leaving. */
export default function SettingsRoute() {
  const { user } = useAuth();
  return (
    <PageLayout>
      <DocumentTitle title="Account settings" />
      <PageHeading lead="Your sign-in details, your subscription and your data.">Account settings</PageHeading>
      <div className="mt-8 grid max-w-2xl gap-6">
        <SettingsSection id="email" title="E-mail">
          <ChangeEmailForm currentEmail={user?.email ?? ''} />
        </SettingsSection>
        <SettingsSection id="password" title="Password">
          <ChangePasswordForm />
        </SettingsSection>
        <SettingsSection
          id="devices"
          title="Signed-in devices"
          description="Lost a phone or used a shared computer? Sign out of your account everywhere at once."
        >
          <SignOutEverywhereButton />
        </SettingsSection>
        <SettingsSection id="billing" title="Billing">
          <SubscriptionPanel />
        </SettingsSection>
        <SettingsSection
          id="data"
          title="Your data"
          description="Download everything we hold about you: your account, pages, challenges, encouragement, page visit statistics, subscription and activities, as a JSON file."
        >
          <a href={ACCOUNT_EXPORT_URL} download className={buttonStyles({ variant: 'outline' })}>
            Download my data
          </a>
        </SettingsSection>
        <SettingsSection
          id="delete"
          title="Delete account"
          description="Deletes your account and everything that goes with it, in every part of RunPledge. Your pages stop working at once."
        >
          <DeleteAccountDialog />
        </SettingsSection>
      </div>
    </PageLayout>
  );
}

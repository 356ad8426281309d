import { Alert, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import {
  BooleanField,
  DataTable,
  EmailField,
  NumberField,
  Pagination,
  ReferenceManyField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useCreatePath,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { type AdminLedgerEntry, type AdminUser } from '@estancia/contracts';
import { AuditLink } from '../../common/AuditLink';
import { WhenField } from '../../common/WhenField';
import { languageChoices, roleChoices } from '../../common/choices';
import { ledgerMovementColumns } from '../ledger/LedgerFields';
import {
  BlockButton,
  ChangeRoleButton,
  DeleteAccountButton,
  PasswordResetEmailButton,
  ResendVerificationButton,
} from './AccountActions';
import { CreditChangeButton } from './CreditChangeButton';
import { CustomerPayments, CustomerSubscriptions } from './CustomerBilling';
import { CustomerProjects } from './CustomerProjects';
import { ReferralsMade, ReferralReceived } from './CustomerReferrals';
import { Nothing, Section } from './ShowSection';
import { PlanField } from './UserFields';

/** Blocked since when and why, said first on the page: it explains why the customer cannot sign in. */
const BlockedNotice = () => {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  if (!user?.blocked) return null;
  return (
    <Alert severity="error" sx={{ mx: 2, mt: 2 }}>
      <Stack component="span">
        <span>
          {translate('console.customers.blockedSince')} <WhenField source="blockedAt" />
        </span>
        <span>{translate('console.customers.blockedReason', { reason: user.blockedReason ?? '—' })}</span>
      </Stack>
    </Alert>
  );
};

/** "Blocked" or "Active", for the profile's list of facts. */
const BlockedStateField = (_props: { source?: string; label?: string }) => {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  if (!user) return null;
  return (
    <Typography component="span" variant="body2">
      {translate(user.blocked ? 'console.customers.blockedYes' : 'console.customers.blockedNo')}
    </Typography>
  );
};

/** Who invited this customer, linking to their page; a dash for someone who came on their own. */
const ReferredByField = (_props: { source?: string; label?: string }) => {
  const user = useRecordContext<AdminUser>();
  const createPath = useCreatePath();
  if (!user) return null;
  if (!user.referredBy) return <Typography variant="body2">—</Typography>;
  const referrer = user.referredBy;
  return (
    <MuiLink component={Link} to={createPath({ resource: 'users', id: referrer.id, type: 'show' })}>
      {referrer.name ? `${referrer.name} · ${referrer.email}` : referrer.email}
    </MuiLink>
  );
};

const Balance = () => {
  const user = useRecordContext<AdminUser>();
  const translate = useTranslate();
  if (!user) return null;
  return (
    <Typography sx={{ px: 2 }}>
      {translate('console.customers.balance', { smart_count: user.credits })}
    </Typography>
  );
};

/** The account actions, each behind its own confirmation; and the way to what staff did to this account. */
const UserShowActions = () => (
  <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
    <ChangeRoleButton />
    <BlockButton />
    <ResendVerificationButton />
    <PasswordResetEmailButton />
    <DeleteAccountButton />
    <AuditLink resource="users" />
  </TopToolbar>
);

/**
 * Everything about one customer on one page: the profile, the wallet with every movement that explains the balance
 * (and who gave or took credits, and why), the projects with their decorations, the subscription and payments, and
 * the referrals made and received.
 */
export const UserShow = () => (
  <Show<AdminUser> actions={<UserShowActions />}>
    <BlockedNotice />
    <Section id="user-profile" title="console.users.profile">
      <SimpleShowLayout>
        <TextField source="name" />
        <EmailField source="email" />
        <SelectField source="role" choices={roleChoices} />
        <PlanField source="plan" />
        <NumberField source="credits" />
        <TextField source="company" emptyText="—" />
        <TextField source="phone" emptyText="—" />
        <SelectField source="language" choices={languageChoices} />
        <TextField source="referralCode" />
        <ReferredByField source="referredBy" />
        <BooleanField source="verified" />
        <BlockedStateField source="blocked" />
        <WhenField source="createdAt" />
      </SimpleShowLayout>
    </Section>
    <Section
      id="user-ledger"
      title="console.users.ledger"
      actions={
        <>
          <CreditChangeButton change="grant" />
          <CreditChangeButton change="removal" />
        </>
      }
    >
      <Balance />
      <ReferenceManyField<AdminUser, AdminLedgerEntry>
        reference="ledger"
        target="userId"
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[10, 25, 50]} />}
        empty={<Nothing message="console.users.noLedger" />}
      >
        <DataTable<AdminLedgerEntry> bulkActionButtons={false} rowClick={false}>
          {ledgerMovementColumns}
          <DataTable.Col source="createdAt">
            <WhenField source="createdAt" />
          </DataTable.Col>
        </DataTable>
      </ReferenceManyField>
    </Section>
    <Section id="user-projects" title="console.customers.projects">
      <CustomerProjects />
    </Section>
    <Section id="user-subscription" title="console.customers.subscription">
      <CustomerSubscriptions />
    </Section>
    <Section id="user-payments" title="console.customers.payments">
      <CustomerPayments />
    </Section>
    <Section id="user-referrals-made" title="console.customers.referralsMade">
      <ReferralsMade />
    </Section>
    <Section id="user-referral-received" title="console.customers.referralReceived">
      <ReferralReceived />
    </Section>
  </Show>
);

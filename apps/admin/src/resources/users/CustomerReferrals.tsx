import { Chip, Stack, Typography } from '@mui/material';
import {
  DataTable,
  Pagination,
  ReferenceManyField,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { type AdminReferral, type AdminUser } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { CustomerLink } from '../payments/CustomerLink';
import { Nothing } from './ShowSection';

const ReferredCustomer = (_props: { source?: string; label?: string }) => {
  const referral = useRecordContext<AdminReferral>();
  return referral ? <CustomerLink {...referral.referred} /> : null;
};

const Referrer = (_props: { source?: string; label?: string }) => {
  const referral = useRecordContext<AdminReferral>();
  return referral ? <CustomerLink {...referral.referrer} /> : null;
};

/** Paid (how many credits, when) or still pending: the reward waits for the referred customer's first purchase. */
const Reward = (_props: { source?: string; label?: string }) => {
  const referral = useRecordContext<AdminReferral>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!referral) return null;
  if (!referral.reward)
    return <Chip size="small" variant="outlined" label={translate('console.customers.rewardPending')} />;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(
    new Date(referral.reward.paidAt),
  );
  return (
    <Stack component="span" sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" color="success" label={translate('console.customers.rewardPaidChip')} />
      <Typography component="span" variant="caption" color="text.secondary">
        {translate('console.customers.rewardPaid', { smart_count: referral.reward.credits, day })}
      </Typography>
    </Stack>
  );
};

/** The customers this one invited (GET admin/referrals?filter={"referrerId":…}), newest first. */
export const ReferralsMade = () => (
  <ReferenceManyField<AdminUser, AdminReferral>
    reference="referrals"
    target="referrerId"
    sort={{ field: 'referredAt', order: 'DESC' }}
    perPage={10}
    pagination={<Pagination rowsPerPageOptions={[10, 25]} />}
    empty={<Nothing message="console.customers.noReferralsMade" />}
  >
    <DataTable<AdminReferral> bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="referred" label="console.customers.referredCustomer" disableSort>
        <ReferredCustomer />
      </DataTable.Col>
      <DataTable.Col source="referredAt" label="console.customers.referredAt">
        <WhenField source="referredAt" />
      </DataTable.Col>
      <DataTable.Col source="status" label="console.customers.reward" disableSort>
        <Reward />
      </DataTable.Col>
    </DataTable>
  </ReferenceManyField>
);

/**
 * Who invited this customer and whether that referrer's reward was paid (GET admin/referrals?filter={"referredId":…},
 * at most one row); someone who came on their own has none.
 */
export const ReferralReceived = () => (
  <ReferenceManyField<AdminUser, AdminReferral>
    reference="referrals"
    target="referredId"
    sort={{ field: 'referredAt', order: 'DESC' }}
    perPage={1}
    empty={<Nothing message="console.customers.noReferralReceived" />}
  >
    <DataTable<AdminReferral> bulkActionButtons={false} rowClick={false}>
      <DataTable.Col source="referrer" label="console.customers.referrer" disableSort>
        <Referrer />
      </DataTable.Col>
      <DataTable.Col source="referredAt" label="console.customers.referredAt">
        <WhenField source="referredAt" />
      </DataTable.Col>
      <DataTable.Col source="status" label="console.customers.reward" disableSort>
        <Reward />
      </DataTable.Col>
    </DataTable>
  </ReferenceManyField>
);

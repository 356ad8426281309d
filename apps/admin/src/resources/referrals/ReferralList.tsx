import { Chip, Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import {
  Button,
  DataTable,
  SelectInput,
  SimpleList,
  TopToolbar,
  useCreatePath,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { Link } from 'react-router-dom';
import { type AdminReferral } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { CustomerLink } from '../payments/CustomerLink';

export const REFERRAL_STATUSES = ['paid', 'pending'] as const;
const statusChoices = REFERRAL_STATUSES.map((status) => ({
  id: status,
  name: `commerce.referrals.statuses.${status}`,
}));

const filters = [
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn sx={{ minWidth: 180 }} />,
];

const ReferrerField = (_props: { label?: string; source?: string }) => {
  const referral = useRecordContext<AdminReferral>();
  if (!referral) return null;
  return <CustomerLink {...referral.referrer} />;
};

const ReferredField = (_props: { label?: string; source?: string }) => {
  const referral = useRecordContext<AdminReferral>();
  if (!referral) return null;
  return <CustomerLink {...referral.referred} />;
};

/** Paid (how many credits, when) or pending: the reward comes with the referred customer's first purchase. */
const RewardField = (_props: { label?: string; source?: string }) => {
  const referral = useRecordContext<AdminReferral>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!referral) return null;
  if (!referral.reward)
    return <Chip size="small" variant="outlined" label={translate('commerce.referrals.statuses.pending')} />;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(
    new Date(referral.reward.paidAt),
  );
  return (
    <Stack component="span" sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" color="success" label={translate('commerce.referrals.statuses.paid')} />
      <Typography component="span" variant="caption" color="text.secondary">
        {translate('commerce.referrals.rewardPaid', { smart_count: referral.reward.credits, day })}
      </Typography>
    </Stack>
  );
};

const ReferralHeading = () => {
  const referral = useRecordContext<AdminReferral>();
  const translate = useTranslate();
  if (!referral) return null;
  return (
    <span>
      {translate('commerce.referrals.whoReferredWhom', {
        referrer: referral.referrer.name || referral.referrer.email,
        referred: referral.referred.name || referral.referred.email,
      })}
    </span>
  );
};

/** A phone's entry, in a paragraph (spans only): when, and the reward. */
const ReferralDetails = () => (
  <Stack component="span" sx={{ alignItems: 'flex-start' }}>
    <WhenField source="referredAt" />
    <RewardField />
  </Stack>
);

const ReferralActions = () => {
  const createPath = useCreatePath();
  return (
    <TopToolbar>
      <Button
        component={Link}
        to={createPath({ resource: 'top-referrers', type: 'list' })}
        label="commerce.referrals.topLink"
      >
        <EmojiEventsIcon />
      </Button>
    </TopToolbar>
  );
};

/** Who referred whom and when, newest first, and whether the reward was paid. */
export const ReferralList = () => {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <StaffList<AdminReferral>
      sort={{ field: 'referredAt', order: 'DESC' }}
      filters={filters}
      exporter={false}
      actions={<ReferralActions />}
    >
      {narrow ? (
        <SimpleList<AdminReferral>
          rowClick={false}
          primaryText={<ReferralHeading />}
          secondaryText={<ReferralDetails />}
        />
      ) : (
        <DataTable<AdminReferral> rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="referrer" disableSort>
            <ReferrerField />
          </DataTable.Col>
          <DataTable.Col source="referred" disableSort>
            <ReferredField />
          </DataTable.Col>
          <DataTable.Col source="referredAt">
            <WhenField source="referredAt" />
          </DataTable.Col>
          <DataTable.Col source="status" disableSort>
            <RewardField />
          </DataTable.Col>
        </DataTable>
      )}
    </StaffList>
  );
};

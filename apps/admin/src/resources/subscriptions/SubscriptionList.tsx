import { Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import {
  BooleanField,
  DataTable,
  SelectField,
  SelectInput,
  SimpleList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { type AdminSubscription } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { cycleChoices, gatewayChoices, planChoices, subscriptionStatusChoices } from '../payments/choices';
import { CustomerLink } from '../payments/CustomerLink';

const filters = [
  <SelectInput
    key="plan"
    source="plan"
    choices={planChoices}
    translateChoice={false}
    alwaysOn
    sx={{ minWidth: 160 }}
  />,
  <SelectInput
    key="status"
    source="status"
    choices={subscriptionStatusChoices}
    alwaysOn
    sx={{ minWidth: 180 }}
  />,
  <SelectInput key="gateway" source="gateway" choices={gatewayChoices} sx={{ minWidth: 160 }} />,
];

const SubscriptionCustomerField = (_props: { label?: string; source?: string }) => {
  const subscription = useRecordContext<AdminSubscription>();
  if (!subscription) return null;
  return (
    <CustomerLink id={subscription.userId} name={subscription.userName} email={subscription.userEmail} />
  );
};

/** What happens at the period's end: it renews, ends, or changes to another plan. */
const PeriodEndField = (_props: { label?: string; source?: string }) => {
  const subscription = useRecordContext<AdminSubscription>();
  const translate = useTranslate();
  if (!subscription) return null;
  return (
    <Stack component="span">
      <WhenField source="currentPeriodEnd" />
      <Typography component="span" variant="caption" color="text.secondary">
        {subscription.cancelAtPeriodEnd
          ? translate('commerce.subscriptions.ends')
          : subscription.nextPlanCode
            ? translate('commerce.subscriptions.changesTo', { plan: subscription.nextPlanCode })
            : translate('commerce.subscriptions.renews')}
      </Typography>
    </Stack>
  );
};

const SubscriptionHeading = () => {
  const subscription = useRecordContext<AdminSubscription>();
  const translate = useTranslate();
  if (!subscription) return null;
  return (
    <Typography component="span" sx={{ fontWeight: 500 }}>
      {`${subscription.planCode} · ${translate(`commerce.cycles.${subscription.cycle}`)} · ${translate(
        `commerce.subscriptionStatuses.${subscription.status}`,
        { _: subscription.status },
      )}`}
    </Typography>
  );
};

/** A phone's entry, in a paragraph (spans only): whose, and what happens at the period's end. */
const SubscriptionDetails = () => (
  <Stack component="span" sx={{ alignItems: 'flex-start' }}>
    <SubscriptionCustomerField />
    <PeriodEndField />
  </Stack>
);

/** Every subscription, newest first, by plan, status and gateway; each names its customer. */
export const SubscriptionList = () => {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <StaffList<AdminSubscription>
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={filters}
      exporter={false}
    >
      {narrow ? (
        <SimpleList<AdminSubscription>
          rowClick={false}
          primaryText={<SubscriptionHeading />}
          secondaryText={<SubscriptionDetails />}
        />
      ) : (
        // The API sorts subscriptions by start and period end only.
        <DataTable<AdminSubscription> rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="userEmail" label="commerce.customer" disableSort>
            <SubscriptionCustomerField />
          </DataTable.Col>
          <DataTable.Col source="planCode" disableSort />
          <DataTable.Col source="cycle" disableSort>
            <SelectField source="cycle" choices={cycleChoices} />
          </DataTable.Col>
          <DataTable.Col source="status" disableSort>
            <SelectField source="status" choices={subscriptionStatusChoices} />
          </DataTable.Col>
          <DataTable.Col source="currentPeriodEnd">
            <PeriodEndField />
          </DataTable.Col>
          <DataTable.Col source="cancelAtPeriodEnd" disableSort>
            <BooleanField source="cancelAtPeriodEnd" />
          </DataTable.Col>
          <DataTable.Col source="gateway" disableSort>
            <SelectField source="gateway" choices={gatewayChoices} />
          </DataTable.Col>
          <DataTable.Col source="createdAt">
            <WhenField source="createdAt" />
          </DataTable.Col>
        </DataTable>
      )}
    </StaffList>
  );
};

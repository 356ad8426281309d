import { Stack, type Theme, Typography, useMediaQuery } from '@mui/material';
import {
  DataTable,
  DateInput,
  NullableBooleanInput,
  SelectField,
  SelectInput,
  SimpleList,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { StaffList } from '../../common/StaffList';
import { type AdminPayment } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { gatewayChoices, paymentKindChoices } from './choices';
import { EuroField, useEuros } from './money';
import { PaidForField, PaymentCustomerField, RefundStateField } from './PaymentFields';

const filters = [
  <TextInput key="q" source="q" label="commerce.payments.search" alwaysOn resettable />,
  <SelectInput key="kind" source="kind" choices={paymentKindChoices} alwaysOn sx={{ minWidth: 180 }} />,
  <SelectInput key="gateway" source="gateway" choices={gatewayChoices} sx={{ minWidth: 160 }} />,
  <NullableBooleanInput key="refunded" source="refunded" label="commerce.payments.refundedFilter" />,
  <DateInput key="createdFrom" source="createdFrom" label="commerce.createdFrom" />,
  <DateInput key="createdTo" source="createdTo" label="commerce.createdTo" />,
];

const PaymentHeading = () => {
  const payment = useRecordContext<AdminPayment>();
  const euros = useEuros();
  if (!payment) return null;
  return (
    <Typography component="span" sx={{ fontWeight: 500 }}>
      {`${euros(payment.amountCents)} · `}
      <PaidForField />
    </Typography>
  );
};

/** A phone's entry, in a paragraph (spans only): when, who, the invoice and any refund. */
const PaymentDetails = () => {
  const payment = useRecordContext<AdminPayment>();
  if (!payment) return null;
  return (
    <Stack component="span" sx={{ alignItems: 'flex-start' }}>
      <WhenField source="createdAt" />
      <span>{payment.userEmail ?? '—'}</span>
      <span>{payment.invoiceNumber}</span>
      <RefundStateField />
    </Stack>
  );
};

/** Every payment, newest first, filtered by customer, kind, gateway, refund and date. */
export const PaymentList = () => {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <StaffList<AdminPayment> sort={{ field: 'createdAt', order: 'DESC' }} filters={filters} exporter={false}>
      {narrow ? (
        <SimpleList<AdminPayment>
          rowClick="show"
          primaryText={<PaymentHeading />}
          secondaryText={<PaymentDetails />}
        />
      ) : (
        // The API sorts payments by date and amount only.
        <DataTable<AdminPayment> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="createdAt">
            <WhenField source="createdAt" />
          </DataTable.Col>
          <DataTable.Col source="invoiceNumber" disableSort />
          <DataTable.Col source="userEmail" label="commerce.customer" disableSort>
            <PaymentCustomerField />
          </DataTable.Col>
          <DataTable.Col source="kind" disableSort>
            <PaidForField />
          </DataTable.Col>
          <DataTable.Col source="amountCents">
            <EuroField source="amountCents" />
          </DataTable.Col>
          <DataTable.Col source="refundedCents" disableSort>
            <RefundStateField />
          </DataTable.Col>
          <DataTable.Col source="gateway" disableSort>
            <SelectField source="gateway" choices={gatewayChoices} />
          </DataTable.Col>
        </DataTable>
      )}
    </StaffList>
  );
};

import { Box, Typography } from '@mui/material';
import {
  ArrayField,
  DataTable,
  Labeled,
  NumberField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { type AdminPayment } from '@estancia/contracts';
import { AuditLink } from '../../common/AuditLink';
import { WhenField } from '../../common/WhenField';
import { gatewayChoices } from './choices';
import { InvoiceButton } from './InvoiceButton';
import { EuroField } from './money';
import { PaidForField, PaymentCouponField, PaymentCustomerField, RefundStateField } from './PaymentFields';
import { RefundButton } from './RefundButton';

const PaymentActions = () => (
  <TopToolbar>
    <InvoiceButton />
    <RefundButton />
    <AuditLink resource="payments" />
  </TopToolbar>
);

type Refund = AdminPayment['refunds'][number];

/** Who refunded: a staff member, or one whose account no longer exists. */
const RefundAuthorField = (_props: { label?: string; source?: string }) => {
  const refund = useRecordContext<Refund>();
  const translate = useTranslate();
  if (!refund) return null;
  return <span>{refund.by?.name ?? translate('console.ledger.formerStaff')}</span>;
};

const Refunds = () => {
  const payment = useRecordContext<AdminPayment>();
  const translate = useTranslate();
  if (!payment) return null;
  return (
    <Box component="section" aria-labelledby="payment-refunds" sx={{ pb: 2 }}>
      <Typography id="payment-refunds" component="h2" variant="h6" sx={{ px: 2, pt: 2 }}>
        {translate('commerce.payments.refunds')}
      </Typography>
      {payment.refunds.length === 0 ? (
        <Typography sx={{ px: 2, pt: 1 }} color="text.secondary">
          {translate('commerce.payments.noRefunds')}
        </Typography>
      ) : (
        <ArrayField source="refunds">
          <DataTable<Refund> bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="createdAt" label="commerce.refund.when" disableSort>
              <WhenField source="createdAt" />
            </DataTable.Col>
            <DataTable.Col source="amountCents" label="commerce.refund.amount" disableSort>
              <EuroField source="amountCents" />
            </DataTable.Col>
            <DataTable.NumberCol source="creditsTaken" label="commerce.refund.creditsTaken" disableSort />
            <DataTable.Col source="reason" label="commerce.refund.reason" disableSort />
            <DataTable.Col source="by" label="commerce.refund.by" disableSort>
              <RefundAuthorField />
            </DataTable.Col>
          </DataTable>
        </ArrayField>
      )}
    </Box>
  );
};

/** One payment: who paid what for what, its invoice and its refunds; refunds are made from here. */
export const PaymentShow = () => (
  <Show<AdminPayment> actions={<PaymentActions />}>
    <SimpleShowLayout>
      <TextField source="invoiceNumber" />
      <WhenField source="createdAt" />
      <Labeled source="userEmail" label="commerce.customer">
        <PaymentCustomerField />
      </Labeled>
      <Labeled source="kind">
        <PaidForField />
      </Labeled>
      <Labeled source="amountCents">
        <EuroField source="amountCents" />
      </Labeled>
      <Labeled source="discountCents">
        <EuroField source="discountCents" />
      </Labeled>
      <Labeled source="couponCode">
        <PaymentCouponField />
      </Labeled>
      <NumberField source="credits" />
      <Labeled source="refundedCents">
        <RefundStateField />
      </Labeled>
      <SelectField source="gateway" choices={gatewayChoices} />
    </SimpleShowLayout>
    <Refunds />
  </Show>
);

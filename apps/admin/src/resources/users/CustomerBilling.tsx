import { BooleanField, DataTable, Pagination, ReferenceManyField, SelectField, TextField } from 'react-admin';
import { type AdminPayment, type AdminSubscription, type AdminUser } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { cycleChoices, paymentKindChoices, subscriptionStatusChoices } from '../payments/choices';
import { EuroField } from '../payments/money';
import { Nothing } from './ShowSection';

/** The customer's subscriptions, the current one first (GET admin/subscriptions?filter={"userId":…}). */
export const CustomerSubscriptions = () => (
  <ReferenceManyField<AdminUser, AdminSubscription>
    reference="subscriptions"
    target="userId"
    sort={{ field: 'createdAt', order: 'DESC' }}
    perPage={5}
    pagination={<Pagination rowsPerPageOptions={[5, 10]} />}
    empty={<Nothing message="console.customers.noSubscription" />}
  >
    <DataTable<AdminSubscription> bulkActionButtons={false} rowClick={false}>
      {/* Plan codes are the product's names for the tiers, the same in every language. */}
      <DataTable.Col source="planCode" disableSort />
      <DataTable.Col source="cycle" disableSort>
        <SelectField source="cycle" choices={cycleChoices} />
      </DataTable.Col>
      <DataTable.Col source="status" disableSort>
        <SelectField source="status" choices={subscriptionStatusChoices} />
      </DataTable.Col>
      <DataTable.Col source="currentPeriodEnd">
        <WhenField source="currentPeriodEnd" />
      </DataTable.Col>
      <DataTable.Col source="cancelAtPeriodEnd" disableSort>
        <BooleanField source="cancelAtPeriodEnd" />
      </DataTable.Col>
      <DataTable.Col source="nextPlanCode" label="console.customers.nextPlan" disableSort>
        <TextField source="nextPlanCode" emptyText="—" />
      </DataTable.Col>
    </DataTable>
  </ReferenceManyField>
);

/**
 * The customer's payments, newest first (GET admin/payments?filter={"userId":…}); a row opens the payment's page,
 * where its invoice and refunds are.
 */
export const CustomerPayments = () => (
  <ReferenceManyField<AdminUser, AdminPayment>
    reference="payments"
    target="userId"
    sort={{ field: 'createdAt', order: 'DESC' }}
    perPage={5}
    pagination={<Pagination rowsPerPageOptions={[5, 10, 25]} />}
    empty={<Nothing message="console.customers.noPayments" />}
  >
    <DataTable<AdminPayment> bulkActionButtons={false} rowClick="show">
      <DataTable.Col source="createdAt">
        <WhenField source="createdAt" />
      </DataTable.Col>
      <DataTable.Col source="kind" disableSort>
        <SelectField source="kind" choices={paymentKindChoices} />
      </DataTable.Col>
      <DataTable.Col source="amountCents">
        <EuroField source="amountCents" />
      </DataTable.Col>
      <DataTable.Col source="refundedCents" disableSort>
        <EuroField source="refundedCents" />
      </DataTable.Col>
      <DataTable.NumberCol source="credits" disableSort />
      <DataTable.Col source="invoiceNumber" disableSort />
    </DataTable>
  </ReferenceManyField>
);

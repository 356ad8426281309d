import { Typography } from '@mui/material';
import { DataTable, SelectField, useRecordContext, useTranslate } from 'react-admin';
import { type AdminLedgerEntry } from '@estancia/contracts';
import { ledgerReasonChoices } from '../../common/choices';

/** Why staff gave the credits, as they wrote it; the product's own movements have no note. */
export const LedgerNoteField = () => {
  const entry = useRecordContext<AdminLedgerEntry>();
  if (!entry) return null;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {entry.note ?? '—'}
    </Typography>
  );
};

/** Who gave the credits from the console, or that the product moved them itself (a purchase, a decoration...). */
export const LedgerAuthorField = () => {
  const entry = useRecordContext<AdminLedgerEntry>();
  const translate = useTranslate();
  if (!entry) return null;
  return (
    <Typography component="span" variant="body2">
      {entry.grantedBy?.name ??
        translate(entry.note === null ? 'console.ledger.automatic' : 'console.ledger.formerStaff')}
    </Typography>
  );
};

/** "+5 · Ajuste del equipo": how an entry is named where react-admin names a record (page titles, references). */
export const LedgerEntryName = () => {
  const entry = useRecordContext<AdminLedgerEntry>();
  const translate = useTranslate();
  if (!entry) return null;
  const delta = entry.delta > 0 ? `+${entry.delta}` : String(entry.delta);
  return <>{`${delta} · ${translate(`console.ledgerReasons.${entry.reason}`)}`}</>;
};

/**
 * The columns that explain a movement: change, balance, reason, note and author (the ledger and a customer's page).
 * An array, not a component: DataTable counts and reorders its columns as its children.
 */
export const ledgerMovementColumns = [
  <DataTable.NumberCol key="delta" source="delta" options={{ signDisplay: 'exceptZero' }} />,
  // The API sorts the ledger by date and change only.
  <DataTable.NumberCol key="balanceAfter" source="balanceAfter" disableSort />,
  <DataTable.Col key="reason" source="reason" disableSort>
    <SelectField source="reason" choices={ledgerReasonChoices} />
  </DataTable.Col>,
  <DataTable.Col key="note" source="note" disableSort>
    <LedgerNoteField />
  </DataTable.Col>,
  <DataTable.Col key="grantedBy" source="grantedBy" disableSort>
    <LedgerAuthorField />
  </DataTable.Col>,
];

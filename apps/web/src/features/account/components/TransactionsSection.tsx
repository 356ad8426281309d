import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackList, PaymentHistoryRow, PlanList } from '@estancia/contracts';
import { reportApiError } from '../../../shared/forms';
import { usePacks, usePlans } from '../../billing/api/catalogue';
import { downloadInvoice, isOwnInvoice, usePaymentHistory } from '../../billing/api/payments';
import { formatMoney } from '../../billing/money';
import { formatShortDate } from './account-format';

/** What a row was: the kind in words, with the pack, plan or the other user of a referral. */
function useDescribeRow(packs: PackList | undefined, plans: PlanList | undefined) {
  const { t } = useTranslation();
  return (row: PaymentHistoryRow): string => {
    switch (row.kind) {
      case 'pack':
        return t('billingAccount.transactions.kinds.pack', {
          name: packs?.find((p) => p.code === row.packCode)?.name ?? row.packCode ?? '',
        }).trim();
      case 'subscription':
        return row.planCode && row.cycle
          ? t('billingAccount.transactions.kinds.subscriptionPlan', {
              plan: plans?.find((p) => p.code === row.planCode)?.name ?? row.planCode,
              cycle: t(`billingAccount.cycles.${row.cycle}`),
            })
          : t('billingAccount.transactions.kinds.subscription');
      case 'decoration':
        return t('billingAccount.transactions.kinds.decoration');
      case 'extra_decorations':
        return t('billingAccount.transactions.kinds.extraDecorations');
      case 'referral':
        // The referrer earns credits for the invitee; the invitee's row names who invited them.
        return row.credits > 0
          ? t('billingAccount.transactions.kinds.referralReward', { name: row.counterpart ?? '' })
          : t('billingAccount.transactions.kinds.referredBy', { name: row.counterpart ?? '' });
    }
  };
}

function InvoiceLink({ row }: { row: PaymentHistoryRow }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!row.invoiceUrl) return null;
  const label = t('billingAccount.transactions.invoiceOf', {
    date: formatShortDate(row.date, i18n.language),
  });
  if (!isOwnInvoice(row.invoiceUrl)) {
    return (
      <Link href={row.invoiceUrl} target="_blank" rel="noopener noreferrer" aria-label={label}>
        {t('billingAccount.transactions.invoice')}
      </Link>
    );
  }
  const download = async () => {
    setBusy(true);
    try {
      await downloadInvoice(row);
    } catch (error) {
      reportApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" onClick={() => void download()} disabled={busy} aria-label={label}>
      {t('billingAccount.transactions.invoice')}
    </Button>
  );
}

/** The user's payments and referral rewards, newest first, with their invoices. */
export function TransactionsSection() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const history = usePaymentHistory(page);
  const packs = usePacks();
  const plans = usePlans();
  const describe = useDescribeRow(packs.data, plans.data);

  if (history.isPending) return <CircularProgress size={24} aria-label={t('common.loading')} />;
  if (history.isError) return <Typography role="alert">{t('billingAccount.loadError')}</Typography>;
  const { items, total, pageSize } = history.data;
  if (total === 0) return <Typography sx={{ mt: 1 }}>{t('billingAccount.transactions.empty')}</Typography>;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('billingAccount.transactions.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('billingAccount.transactions.date')}</TableCell>
              <TableCell>{t('billingAccount.transactions.kind')}</TableCell>
              <TableCell align="right">{t('billingAccount.transactions.amount')}</TableCell>
              <TableCell align="right">{t('billingAccount.transactions.credits')}</TableCell>
              <TableCell>{t('billingAccount.transactions.invoice')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((row) => (
              <TableRow key={`${row.kind}-${row.id}`}>
                <TableCell>{formatShortDate(row.date, i18n.language)}</TableCell>
                <TableCell>{describe(row)}</TableCell>
                <TableCell align="right">
                  {row.kind === 'referral' ? '—' : formatMoney(row.amountCents, i18n.language)}
                </TableCell>
                <TableCell align="right">{row.credits > 0 ? row.credits : '—'}</TableCell>
                <TableCell>
                  <InvoiceLink row={row} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pages > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          aria-label={t('billingAccount.transactions.pagination')}
          count={pages}
          page={page}
          onChange={(_, value) => setPage(value)}
        />
      )}
    </>
  );
}

import { useState } from 'react';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Button } from '@mui/material';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { type AdminPayment } from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { staffFile } from '../../data/dataProvider';

/** How long the PDF's object URL lives: long enough for the new tab to read it. */
const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * The payment's invoice PDF (GET payments/:id/invoice). The API wants the staff token, which a link cannot carry:
 * the PDF is fetched, then opened from a blob URL in a new tab.
 */
export const InvoiceButton = () => {
  const payment = useRecordContext<AdminPayment>();
  const translate = useTranslate();
  const notify = useNotify();
  const [loading, setLoading] = useState(false);
  if (!payment) return null;
  const open = async () => {
    setLoading(true);
    try {
      const pdf = await staffFile(`/data/admin/payments/${encodeURIComponent(payment.id)}/invoice`);
      const url = URL.createObjectURL(pdf);
      const link = document.createElement('a');
      link.href = url;
      link.target = '_blank';
      link.rel = 'noopener';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
    } catch (failure) {
      notify(apiErrorKey(failure), { type: 'error' });
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button startIcon={<PictureAsPdfIcon />} onClick={open} disabled={loading} size="small">
      {translate('commerce.payments.invoice')}
    </Button>
  );
};

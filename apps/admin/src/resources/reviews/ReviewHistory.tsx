import { Alert, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Loading, useLocaleState, useTranslate } from 'react-admin';
import { type Review } from '@estancia/contracts';
import { useReviewHistory } from './reviewQueries';

/** Every step of the job, oldest first: when, who (or the system), what, and the note if any. */
export const ReviewHistory = ({ reviewId, labelledBy }: { reviewId: Review['id']; labelledBy: string }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const history = useReviewHistory(reviewId);
  if (history.isPending) return <Loading />;
  if (history.error) return <Alert severity="error">{translate('console.reviews.historyError')}</Alert>;
  if (history.data.length === 0) return <Typography>{translate('console.reviews.noHistory')}</Typography>;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Table size="small" aria-labelledby={labelledBy}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('console.reviews.historyWhen')}</TableCell>
          <TableCell>{translate('console.reviews.historyWho')}</TableCell>
          <TableCell>{translate('console.reviews.historyWhat')}</TableCell>
          <TableCell>{translate('console.reviews.historyNote')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {history.data.map((event) => (
          <TableRow key={event.id}>
            <TableCell>
              <time dateTime={event.at}>{when.format(new Date(event.at))}</time>
            </TableCell>
            <TableCell>{event.by?.name ?? translate('console.reviews.system')}</TableCell>
            <TableCell>{translate(`console.reviewActions.${event.action}`)}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{event.note ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

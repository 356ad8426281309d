import {
  Alert,
  Box,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { Loading, useLocaleState, useTranslate } from 'react-admin';
import { type Review } from '@estancia/contracts';
import { useReviewHistory } from './reviewQueries';

/**
 * Every step of the job, oldest first: when, who (or the system), what, and the note if any. A table, or on a
 * phone a list of the same steps: four columns of dates and notes do not fit 390 px.
 */
export const ReviewHistory = ({ reviewId, labelledBy }: { reviewId: Review['id']; labelledBy: string }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const history = useReviewHistory(reviewId);
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (history.isPending) return <Loading />;
  if (history.error) return <Alert severity="error">{translate('console.reviews.historyError')}</Alert>;
  if (history.data.length === 0) return <Typography>{translate('console.reviews.noHistory')}</Typography>;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const who = (event: (typeof history.data)[number]) => event.by?.name ?? translate('console.reviews.system');
  if (phone)
    return (
      <Box component="ol" aria-labelledby={labelledBy} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {history.data.map((event) => (
          <Box
            component="li"
            key={event.id}
            sx={{ py: 1, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
          >
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {translate(`console.reviewActions.${event.action}`)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              <time dateTime={event.at}>{when.format(new Date(event.at))}</time>
              {` · ${who(event)}`}
            </Typography>
            {event.note && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {event.note}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    );
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
            <TableCell>{who(event)}</TableCell>
            <TableCell>{translate(`console.reviewActions.${event.action}`)}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{event.note ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

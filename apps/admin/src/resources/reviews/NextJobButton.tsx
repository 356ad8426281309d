import { Button, CircularProgress } from '@mui/material';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useRedirect, useTranslate } from 'react-admin';
import { apiErrorKey } from '../../common/apiErrorKey';
import { takeNextJob } from './reviewQueries';

/**
 * "Next job": claims the oldest unclaimed job (as the claim button does) and opens it, ready to edit; with
 * none left it says so and goes back to the queue. Pessimistic: the server decides who gets which job.
 */
export const NextJobButton = ({ variant = 'contained' }: { variant?: 'contained' | 'outlined' }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const next = useMutation({
    mutationFn: takeNextJob,
    onSuccess: ({ review }) => {
      // The queue and any job page read before the claim are stale now.
      void queryClient.invalidateQueries({ queryKey: ['reviews'] });
      if (review) {
        notify('console.reviews.claimedNotice', { type: 'success' });
        redirect('show', 'reviews', review.id);
      } else {
        notify('console.reviews.queueEmpty', { type: 'info' });
        redirect('list', 'reviews');
      }
    },
    onError: (error) => notify(apiErrorKey(error), { type: 'error' }),
  });
  return (
    <Button
      variant={variant}
      size="small"
      startIcon={next.isPending ? <CircularProgress size={16} color="inherit" /> : <SkipNextIcon />}
      disabled={next.isPending}
      title={translate('console.reviews.nextJobHelp')}
      onClick={() => next.mutate()}
    >
      {translate('console.reviews.nextJob')}
    </Button>
  );
};

import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PanToolIcon from '@mui/icons-material/PanTool';
import ReplayIcon from '@mui/icons-material/Replay';
import SendIcon from '@mui/icons-material/Send';
import {
  type MutationMode,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import {
  type ApproveReviewRequest,
  type ReassignReviewRequest,
  type Review,
  type SendBackReviewRequest,
  sendBackReviewRequestSchema,
} from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { type RecordActionMeta } from '../../data/dataProvider';
import { ApproveDialog } from './ApproveDialog';
import { NextJobButton } from './NextJobButton';
import { DeadlineField, ReviewStateChip, SlaChip } from './ReviewFields';
import { useStaffMembers, useStaffViewer } from './reviewQueries';

type ReviewActionName = 'claim' | 'release' | 'approve' | 'send-back' | 'reassign';

type ActionBody = ApproveReviewRequest | SendBackReviewRequest | ReassignReviewRequest;

interface ActionOptions {
  body?: ActionBody;
  /** The notification on success. */
  done: string;
  mutationMode?: MutationMode;
  /** What the record becomes, for an optimistic update. */
  expected?: Partial<Review>;
  onSuccess?: () => void;
}

/**
 * One POST reviews/:id/<action> through react-admin's update (see the data provider). Each answer is the updated
 * review, which replaces the cached record; the refresh afterwards also reloads the history. A refusal is
 * shown translated and the page refreshed, since it usually means the review changed under us.
 */
const useReviewAction = () => {
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate<Review>();
  const run = (review: Review, action: ReviewActionName, options: ActionOptions) => {
    const meta: RecordActionMeta = { action, body: options.body };
    update(
      'reviews',
      { id: review.id, data: options.expected ?? {}, previousData: review, meta },
      {
        mutationMode: options.mutationMode ?? 'pessimistic',
        onSuccess: () => {
          notify(options.done, { type: 'success' });
          options.onSuccess?.();
        },
        onError: (failure) => notify(apiErrorKey(failure), { type: 'error' }),
        onSettled: () => refresh(),
      },
    );
  };
  return { run, isPending };
};

/** Claim a queued review. Pessimistic: two decorators may race for it and the server decides. */
const ClaimButton = ({ review }: { review: Review }) => {
  const translate = useTranslate();
  const { run, isPending } = useReviewAction();
  return (
    <Button
      variant="contained"
      size="small"
      startIcon={<PanToolIcon />}
      disabled={isPending}
      onClick={() => run(review, 'claim', { done: 'console.reviews.claimedNotice' })}
    >
      {translate('console.reviews.claim')}
    </Button>
  );
};

/** Release the claim. Optimistic: the outcome is known, and a refusal rolls the page back. */
const ReleaseButton = ({ review }: { review: Review }) => {
  const translate = useTranslate();
  const { run, isPending } = useReviewAction();
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<LockOpenIcon />}
      disabled={isPending}
      onClick={() =>
        run(review, 'release', {
          done: 'console.reviews.releasedNotice',
          mutationMode: 'optimistic',
          expected: { state: 'queued', claimedBy: null, claimedAt: null },
        })
      }
    >
      {translate('console.reviews.release')}
    </Button>
  );
};

/**
 * Approve: the customer receives the result at once, so the dialog first shows the final render that approving
 * delivers, and the approval names that version. A refusal leaves the dialog open on the result as it is now.
 */
const ApproveButton = ({ review }: { review: Review }) => {
  const translate = useTranslate();
  const { run, isPending } = useReviewAction();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="contained"
        color="success"
        size="small"
        startIcon={<SendIcon />}
        disabled={isPending}
        onClick={() => setOpen(true)}
      >
        {translate('console.reviews.approve')}
      </Button>
      <ApproveDialog
        review={review}
        open={open}
        approving={isPending}
        onClose={() => setOpen(false)}
        onApprove={(body) =>
          run(review, 'approve', {
            body,
            done: 'console.reviews.approvedNotice',
            onSuccess: () => setOpen(false),
          })
        }
      />
    </>
  );
};

/** Send back for a fresh AI draft, with an optional note kept in the history. */
const SendBackButton = ({ review }: { review: Review }) => {
  const translate = useTranslate();
  const { run, isPending } = useReviewAction();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const body = sendBackReviewRequestSchema.parse(note.trim() ? { note } : {});
    run(review, 'send-back', {
      body,
      done: 'console.reviews.sentBackNotice',
      onSuccess: () => setOpen(false),
    });
  };

  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<ReplayIcon />}
        disabled={isPending}
        onClick={() => {
          setNote('');
          setOpen(true);
        }}
      >
        {translate('console.reviews.sendBack')}
      </Button>
      <Dialog open={open} onClose={() => !isPending && setOpen(false)} aria-labelledby="send-back-title">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="send-back-title">{translate('console.reviews.sendBackTitle')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ minWidth: { sm: 400 } }}>
              <DialogContentText>{translate('console.reviews.sendBackIntro')}</DialogContentText>
              <TextField
                label={translate('console.reviews.sendBackNote')}
                helperText={translate('console.reviews.sendBackNoteHelp')}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                multiline
                minRows={3}
                autoFocus
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={isPending}>
              {translate('ra.action.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={isPending}>
              {translate('console.reviews.sendBackSubmit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};

/** The radio value for "nobody: back to the queue". */
const TO_QUEUE = 'queue';

/** Admins give the job to a decorator, or put it back in the queue. */
const ReassignButton = ({ review }: { review: Review }) => {
  const translate = useTranslate();
  const { run, isPending } = useReviewAction();
  const [open, setOpen] = useState(false);
  const staff = useStaffMembers(open);
  const current = review.claimedBy?.id ?? TO_QUEUE;
  const [choice, setChoice] = useState(current);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isPending || choice === current) return;
    run(review, 'reassign', {
      body: { decoratorId: choice === TO_QUEUE ? null : choice },
      done: 'console.reviews.reassignedNotice',
      onSuccess: () => setOpen(false),
    });
  };

  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<AssignmentIndIcon />}
        disabled={isPending}
        onClick={() => {
          setChoice(current);
          setOpen(true);
        }}
      >
        {translate('console.reviews.reassign')}
      </Button>
      <Dialog open={open} onClose={() => !isPending && setOpen(false)} aria-labelledby="reassign-title">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="reassign-title">{translate('console.reviews.reassignTitle')}</DialogTitle>
          <DialogContent>
            <RadioGroup
              aria-labelledby="reassign-title"
              name="decoratorId"
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
            >
              <FormControlLabel
                value={TO_QUEUE}
                control={<Radio />}
                label={translate('console.reviews.reassignToQueue')}
              />
              {staff.map((member) => (
                <FormControlLabel
                  key={member.id}
                  value={member.id}
                  control={<Radio />}
                  label={member.name || member.email}
                />
              ))}
            </RadioGroup>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={isPending}>
              {translate('ra.action.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={isPending || choice === current}>
              {translate('console.reviews.reassignSubmit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};

/** Whether the signed-in staff member holds the claim on this review. */
export const isHolder = (review: Review, viewerId: string | undefined) =>
  review.state === 'claimed' && viewerId !== undefined && review.claimedBy?.id === viewerId;

/**
 * What the job is, on the actions' line so the editor starts right under it: the room and style, the
 * customer, the state and the deadline (the property is the page's title). The full facts are further down.
 */
const JobSummary = ({ review }: { review: Review }) => {
  const translate = useTranslate();
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap', mr: 'auto', whiteSpace: 'normal', minWidth: 0 }}
    >
      <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
        {translate(`console.roomTypes.${review.roomType}`)} · {translate(`console.styles.${review.style}`)}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {review.customer.email}
      </Typography>
      <ReviewStateChip />
      <SlaChip />
      <Typography component="span" variant="body2">
        <DeadlineField />
      </Typography>
    </Stack>
  );
};

/** Only the actions that make sense for this review's state and for who is looking; once delivered, the next job. */
export const ReviewActions = () => {
  const review = useRecordContext<Review>();
  const viewer = useStaffViewer();
  if (!review || viewer.isPending) return null;
  const holding = isHolder(review, viewer.id);
  const open = review.state === 'queued' || review.state === 'claimed';
  return (
    <TopToolbar sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', width: '100%' }}>
      <JobSummary review={review} />
      {review.state === 'queued' && <ClaimButton review={review} />}
      {holding && <ApproveButton review={review} />}
      {holding && <SendBackButton review={review} />}
      {review.state === 'claimed' && (holding || viewer.isAdmin) && <ReleaseButton review={review} />}
      {viewer.isAdmin && open && <ReassignButton review={review} />}
      {review.state === 'delivered' && <NextJobButton />}
    </TopToolbar>
  );
};

import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { type ApproveReviewRequest, type Review, type ReviewImage } from '@estancia/contracts';
import { apiErrorKey } from '../../common/apiErrorKey';
import { renderReviewEdit } from '../../data/reviewEdit';
import { reviewEditSessionKey } from './ReviewEditorPanel';
import { useDownloadPreview, useDownloadPreviewImage, useReviewForApproval } from './reviewQueries';

export interface ApproveDialogProps {
  review: Review;
  open: boolean;
  onClose: () => void;
  /** Posts the approval of exactly the version the dialog shows. */
  onApprove: (body: ApproveReviewRequest) => void;
  /** The approval is on its way. */
  approving: boolean;
}

/**
 * "Approve and deliver": first the final full-resolution render that approving delivers, as this customer will
 * download it (with the watermark when their plan adds one), with its version number, read afresh when the dialog opens; the approval names that version, so the customer gets exactly
 * the file shown. A render under way holds the approval back; saved edits the result lacks are said
 * out loud, with the offer to render them first.
 */
export const ApproveDialog = ({ review, open, onClose, onApprove, approving }: ApproveDialogProps) => {
  const translate = useTranslate();
  return (
    <Dialog
      open={open}
      onClose={() => !approving && onClose()}
      aria-labelledby="approve-title"
      maxWidth="lg"
      fullWidth
    >
      <DialogTitle id="approve-title">{translate('console.reviews.approveTitle')}</DialogTitle>
      {/* Mounted only while open: each opening reads the review again. */}
      <ApprovalBody review={review} onClose={onClose} onApprove={onApprove} approving={approving} />
    </Dialog>
  );
};

const ApprovalBody = ({ review, onClose, onApprove, approving }: Omit<ApproveDialogProps, 'open'>) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const approval = useReviewForApproval(review.id);
  const [zoomed, setZoomed] = useState(false);
  const [renderingFirst, setRenderingFirst] = useState(false);

  const current = approval.data;
  const result = current?.result ?? null;
  const unrendered = current?.unrenderedEdits ?? false;
  const busy = approving || renderingFirst || approval.isFetching;
  const canApprove = Boolean(result) && !current?.rendering && !busy;

  /** Renders the saved edits into a new result; the dialog then shows that one, to look at before approving. */
  const renderFirst = async () => {
    setRenderingFirst(true);
    try {
      await renderReviewEdit(review.id);
      notify('console.reviews.approveRenderedNotice', { type: 'info' });
    } catch (error) {
      notify(apiErrorKey(error), { type: 'error' });
    } finally {
      setRenderingFirst(false);
    }
    await queryClient.invalidateQueries({ queryKey: reviewEditSessionKey(review.id) });
    // Reloads the page and this dialog's review alike.
    refresh();
  };

  const approve = () => {
    if (!result || !canApprove) return;
    onApprove({ versionId: result.versionId, ...(unrendered && { ignoreUnrenderedEdits: true }) });
  };

  return (
    <>
      <DialogContent>
        {approval.isPending ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography color="text.secondary">{translate('console.reviews.approveLoading')}</Typography>
          </Box>
        ) : approval.error || !current ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void approval.refetch()}>
                {translate('reviewEditor.retry')}
              </Button>
            }
          >
            {translate('console.reviews.approveLoadError')}
          </Alert>
        ) : (
          <Stack spacing={2}>
            {current.rendering && (
              <Alert severity="info" icon={<CircularProgress size={20} aria-hidden />}>
                {translate('console.reviews.approveRendering')}
              </Alert>
            )}
            {unrendered && !current.rendering && (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" disabled={busy} onClick={() => void renderFirst()}>
                    {translate('console.reviews.approveRenderFirst')}
                  </Button>
                }
              >
                {translate('console.reviews.approveUnrendered')}
              </Alert>
            )}
            {result ? (
              <Box component="figure" sx={{ m: 0 }}>
                <Stack
                  direction="row"
                  sx={{
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    flexWrap: 'wrap',
                    gap: 1,
                    mb: 1,
                  }}
                >
                  <Typography component="figcaption" variant="subtitle2">
                    {translate('console.reviews.approveFinal', { number: result.number })}
                  </Typography>
                  <Button
                    size="small"
                    startIcon={zoomed ? <ZoomOutIcon /> : <ZoomInIcon />}
                    onClick={() => setZoomed((z) => !z)}
                  >
                    {translate(zoomed ? 'console.reviews.approveZoomOut' : 'console.reviews.approveZoomIn')}
                  </Button>
                </Stack>
                <CustomerDownload reviewId={review.id} result={result} zoomed={zoomed} />
              </Box>
            ) : (
              <Alert severity="info">{translate('console.reviews.approveNoResult')}</Alert>
            )}
            <DialogContentText>
              {translate('console.reviews.approveContent', { customer: review.customer.email })}
            </DialogContentText>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={approving}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          color={unrendered ? 'warning' : 'success'}
          startIcon={approving ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
          disabled={!canApprove}
          onClick={approve}
        >
          {translate(unrendered ? 'console.reviews.approveWithoutEdits' : 'console.reviews.approveConfirm')}
        </Button>
      </DialogActions>
    </>
  );
};

/** What the customer's plan does to the download, in a sentence under the picture. */
const watermarkNote = (preview: { watermark: boolean; planCode: string | null }) => {
  if (!preview.watermark)
    return { key: 'console.reviews.approveNoWatermark', options: { plan: preview.planCode } };
  return {
    key: preview.planCode ? 'console.reviews.approveWatermark' : 'console.reviews.approveWatermarkNoPlan',
  };
};

/**
 * The result as this customer will download it: the API marks it when their plan adds the watermark, as their
 * download does. Fit to the dialog, or at its own size with scrolling, to check the details pixel by pixel.
 */
const CustomerDownload = ({
  reviewId,
  result,
  zoomed,
}: {
  reviewId: Review['id'];
  result: ReviewImage;
  zoomed: boolean;
}) => {
  const translate = useTranslate();
  const preview = useDownloadPreview(reviewId, result.versionId);
  const image = useDownloadPreviewImage(reviewId, result.versionId);
  const failed = Boolean(image.error || preview.error);
  const note = preview.data ? watermarkNote(preview.data) : null;
  return (
    <Stack spacing={1}>
      <Box sx={{ maxHeight: '60vh', overflow: 'auto', borderRadius: 1, bgcolor: 'grey.100' }}>
        {image.isPending && !failed ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 4 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography color="text.secondary">
              {translate('console.reviews.approvePreviewLoading')}
            </Typography>
          </Box>
        ) : (
          <Box
            component="img"
            // The plain result when the customer's file cannot be made: the decorator still sees what is delivered.
            src={image.url ?? result.imageUrl}
            alt={translate('console.reviews.approveImageAlt', { number: result.number })}
            data-watermark={image.url && preview.data ? String(preview.data.watermark) : undefined}
            sx={
              zoomed
                ? { display: 'block', maxWidth: 'none' }
                : { display: 'block', maxWidth: '100%', maxHeight: '60vh', objectFit: 'contain', mx: 'auto' }
            }
          />
        )}
      </Box>
      {failed ? (
        <Alert severity="warning">{translate('console.reviews.approvePreviewError')}</Alert>
      ) : (
        note && (
          <Typography variant="body2" color="text.secondary">
            {translate(note.key, note.options)}
          </Typography>
        )
      )}
    </Stack>
  );
};

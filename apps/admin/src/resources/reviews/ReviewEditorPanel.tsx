import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { type EditDocument, ErrorCode, isLocale, type Review } from '@estancia/contracts';
import type { SaveStatus } from '@estancia/editor';
import { apiErrorKey } from '../../common/apiErrorKey';
import {
  fetchEditorProducts,
  fetchReviewAiPreview,
  fetchReviewEditSession,
  renderReviewEdit,
  saveReviewEdit,
} from '../../data/reviewEdit';
import { ReviewResultImage } from './ReviewImages';

export interface ReviewEditorPanelProps {
  review: Review;
  /** The signed-in staff member holds the claim: only then may they edit. */
  holding: boolean;
  /** Called once a render of the edits has finished, so the page reloads the result and the history. */
  onRendered: () => void;
}

/** The edit session of a review; react-admin's refresh refetches it with the record. */
export const reviewEditSessionKey = (reviewId: Review['id']) => ['reviews', 'edit', reviewId] as const;

/** The canvas editor (Konva, its own i18next) is a chunk of its own, loaded when a job page opens. */
const DecorationEditor = lazy(() =>
  import('@estancia/editor').then((editor) => ({ default: editor.DecorationEditor })),
);

/** A refusal (4xx) will not change by asking again; a network or server failure may. */
const retryUnlessRefused = (failures: number, error: Error) =>
  failures < 2 && !(error instanceof HttpError && error.status >= 400 && error.status < 500);

/** The catalogue hardly changes while a job is open. */
const PRODUCTS_STALE_MS = 10 * 60_000;

const EditorLoading = () => {
  const translate = useTranslate();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography color="text.secondary">{translate('reviewEditor.loading')}</Typography>
    </Box>
  );
};

/** Why someone who does not hold the claim only looks. */
const readOnlyNote = (review: Review) => {
  if (review.state === 'queued') return { key: 'reviewEditor.claimToEdit' };
  if (review.state === 'claimed')
    return { key: 'reviewEditor.heldByOther', options: { name: review.claimedBy?.name ?? '' } };
  return { key: 'reviewEditor.closed' };
};

/** Asks before leaving the page while an edit is not saved yet (moving within the console saves it). */
const useWarnBeforeUnload = (unsaved: boolean) => {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
};

/**
 * The canvas editor on the job page (@estancia/editor). Any staff member sees the saved edits read-only; the
 * claim holder edits them: autosave with PUT reviews/:id/edit, and "Save result" renders them (POST
 * reviews/:id/edit/render) into the review's new draft, which approving delivers.
 */
export const ReviewEditorPanel = ({ review, holding, onRendered }: ReviewEditorPanelProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [locale] = useLocaleState();
  const reviewId = review.id;

  const session = useQuery({
    queryKey: reviewEditSessionKey(reviewId),
    queryFn: () => fetchReviewEditSession(reviewId),
    retry: retryUnlessRefused,
  });
  const products = useQuery({
    // Product names come in the console's language: another language is another list.
    queryKey: ['catalogue', 'products', 'editor', locale],
    queryFn: () => fetchEditorProducts(locale),
    staleTime: PRODUCTS_STALE_MS,
    retry: retryUnlessRefused,
  });

  const [saveStatus, setSaveStatus] = useState<SaveStatus>('saved');
  useWarnBeforeUnload(holding && saveStatus !== 'saved');

  /** The autosave: a refusal is shown translated and rethrown, so the editor shows the save as failed. */
  const onSave = useCallback(
    async (document: EditDocument, basedOn: string | null) => {
      try {
        return await saveReviewEdit(reviewId, document, basedOn);
      } catch (error) {
        // Another tab saved since: the editor shows that save (and says so).
        if (
          error instanceof HttpError &&
          (error.body as { code?: string } | undefined)?.code === ErrorCode.EDIT_SAVED_ELSEWHERE
        )
          return 'saved_elsewhere' as const;
        notify(apiErrorKey(error), { type: 'error' });
        throw error;
      }
    },
    [reviewId, notify],
  );

  /** The editor has saved the latest document first; once rendered, the new draft is the editor's base. */
  const onRender = useCallback(async () => {
    try {
      await renderReviewEdit(reviewId);
    } catch (error) {
      notify(apiErrorKey(error), { type: 'error' });
      // Usually the review changed under us (the claim was released or reassigned).
      refresh();
      return;
    }
    await queryClient.invalidateQueries({ queryKey: reviewEditSessionKey(reviewId) });
    notify('reviewEditor.rendered', { type: 'success' });
    onRendered();
  }, [reviewId, notify, refresh, queryClient, onRendered]);

  if (session.isPending || products.isPending) return <EditorLoading />;

  if (session.error)
    return (
      <Stack spacing={1.5}>
        <Alert
          severity={holding ? 'error' : 'info'}
          action={
            <Button color="inherit" size="small" onClick={() => void session.refetch()}>
              {translate('reviewEditor.retry')}
            </Button>
          }
        >
          {translate('reviewEditor.loadError')}
        </Alert>
        <ReviewResultImage review={review} />
      </Stack>
    );

  const note = readOnlyNote(review);
  return (
    <Stack spacing={1.5}>
      {!holding && <Alert severity="info">{translate(note.key, note.options)}</Alert>}
      {products.error && <Alert severity="warning">{translate('reviewEditor.productsError')}</Alert>}
      <Suspense fallback={<EditorLoading />}>
        <DecorationEditor
          // Claiming or releasing starts the editor afresh: in edit mode with a tool chosen, or read-only.
          key={holding ? 'edit' : 'view'}
          session={session.data}
          products={products.data ?? []}
          readOnly={!holding}
          onSave={onSave}
          // Another tab's save shows when this page comes back into view.
          loadSession={() => fetchReviewEditSession(reviewId)}
          onRender={onRender}
          onLockedTool={() => notify('reviewEditor.lockedTool', { type: 'info' })}
          locale={isLocale(locale) ? locale : undefined}
          onSaveStatusChange={setSaveStatus}
          onAiPreview={(document, layerId) => fetchReviewAiPreview(reviewId, document, layerId)}
        />
      </Suspense>
    </Stack>
  );
};

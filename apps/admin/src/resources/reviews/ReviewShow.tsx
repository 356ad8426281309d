import { type ReactNode, useEffect, useRef } from 'react';
import { Box, Stack, type Theme, Typography } from '@mui/material';
import {
  Labeled,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { type Review } from '@estancia/contracts';
import { WhenField } from '../../common/WhenField';
import { roomTypeChoices, styleChoices } from '../../common/choices';
import { isHolder, ReviewActions } from './ReviewActions';
import { ReviewEditorPanel } from './ReviewEditorPanel';
import {
  ClaimedByField,
  DeadlineField,
  ReviewStateChip,
  SlaChip,
  StructureChangedChip,
} from './ReviewFields';
import { ReviewHistory } from './ReviewHistory';
import { ReviewCompare, ReviewDraftThumbnail, ReviewResultImage, VersionChip } from './ReviewImages';
import { useStaffViewer } from './reviewQueries';

/** Read by screen readers, not shown: the editor's heading would push the canvas down by a line. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const Section = ({
  id,
  title,
  children,
  hideTitle = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  hideTitle?: boolean;
}) => {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} component="h2" variant="h6" sx={hideTitle ? visuallyHidden : { mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
};

const STAGE_TOP = '--review-stage-top';

/**
 * The editor laid out for a working day (the editor itself is @estancia/editor's): on a desktop the canvas
 * fits under the tool strip without scrolling (1440 × 900: the job opens with both in view); on a tablet or
 * phone the tool strip sticks to the top of the screen while the page scrolls, so it stays in reach while
 * drawing. Above the app bar, which slides away on scrolling down and would otherwise cover it on the way up.
 */
const editorLayout = {
  '& section[aria-label] > :first-of-type': {
    position: 'sticky',
    top: 0,
    zIndex: (theme: Theme) => theme.zIndex.appBar + 1,
    bgcolor: 'background.paper',
    py: 0.5,
  },
  '& [data-testid="editor-stage"]': {
    // On a desktop the canvas ends above the screen's bottom, whatever the strips above it take.
    maxHeight: { xs: '70vh', md: `max(320px, calc(100dvh - var(${STAGE_TOP}, 330px) - 12px))` },
  },
} as const;

/**
 * Keeps `--review-stage-top` at the canvas's distance from the top of the page: the tool strip and the tool's
 * options above it wrap onto more lines in one language or window than another.
 */
const useStageTop = (shown: boolean) => {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!shown || !box) return;
    const measure = () => {
      const stage = box.querySelector('[data-testid="editor-stage"]');
      if (!stage) return;
      const top = Math.round(stage.getBoundingClientRect().top + window.scrollY);
      if (box.style.getPropertyValue(STAGE_TOP) !== `${top}px`) box.style.setProperty(STAGE_TOP, `${top}px`);
    };
    // The editor loads after the page and changes height with the tool chosen: the box resizes each time.
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    measure();
    return () => observer.disconnect();
  }, [shown]);
  return ref;
};

const CustomerField = () => {
  const review = useRecordContext<Review>();
  if (!review) return null;
  return (
    <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {review.customer.name ? `${review.customer.name} · ${review.customer.email}` : review.customer.email}
    </Typography>
  );
};

const OriginalPhoto = ({ review }: { review: Review }) => {
  const translate = useTranslate();
  return (
    <Box
      component="img"
      src={review.originalUrl}
      alt={translate('console.reviews.originalAlt', {
        room: translate(`console.roomTypes.${review.roomType}`),
      })}
      sx={{ display: 'block', width: '100%', height: 'auto', borderRadius: 1, bgcolor: 'grey.100' }}
    />
  );
};

/** Under the result's thumbnail: its version, and that approving delivers it. */
const ResultCaption = ({ review }: { review: Review }) => {
  const translate = useTranslate();
  if (!review.result) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
      <VersionChip image={review.result} />
      <Typography variant="body2" color="text.secondary">
        {translate('console.reviews.resultHelp')}
      </Typography>
    </Stack>
  );
};

/** Above the draft: the structure guard's warning, and what to check before approving. */
const StructureWarning = ({ review }: { review: Review }) => {
  const translate = useTranslate();
  if (!review.structureChanged) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
      <StructureChangedChip />
      <Typography variant="body2" color="text.secondary">
        {translate('console.reviews.structureChangedHelp')}
      </Typography>
    </Stack>
  );
};

/**
 * The job page: the editor first, across the full width, so a decorator starts working at once (the job's
 * summary sits in the actions bar above it); then the AI draft's own thumbnail beside the current result (what
 * approving delivers), the two compared, the customer's photo and the facts; then who did what when.
 */
const ReviewJob = () => {
  const review = useRecordContext<Review>();
  const viewer = useStaffViewer();
  const refresh = useRefresh();
  const editorBox = useStageTop(Boolean(review));
  if (!review) return null;
  return (
    <Stack
      spacing={3}
      sx={{
        p: { xs: 1.5, sm: 2 },
        // react-admin's layout grows to its content's widest line (min-width: fit-content); the job takes the
        // width it is given instead, so the editor's tool strip scrolls on a tablet rather than the page.
        contain: 'inline-size',
      }}
    >
      <Section id="review-editor" title="reviewEditor.title" hideTitle>
        <Box ref={editorBox} sx={editorLayout}>
          {viewer.isPending ? null : (
            <ReviewEditorPanel review={review} holding={isHolder(review, viewer.id)} onRendered={refresh} />
          )}
        </Box>
      </Section>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
        }}
      >
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Section id="review-draft" title="console.reviews.draft">
            <StructureWarning review={review} />
            <ReviewDraftThumbnail review={review} />
          </Section>
          <Section id="review-result" title="console.reviews.result">
            <ReviewResultImage review={review} thumbnail />
            <ResultCaption review={review} />
          </Section>
          {review.draft && review.result && (
            <Section id="review-compare" title="console.reviews.compare">
              <ReviewCompare review={review} />
            </Section>
          )}
          <Section id="review-original" title="console.reviews.original">
            <OriginalPhoto review={review} />
          </Section>
        </Box>
        <Section id="review-facts" title="console.reviews.facts">
          <SimpleShowLayout sx={{ p: 0 }}>
            <TextField source="propertyName" />
            <Labeled source="customer">
              <CustomerField />
            </Labeled>
            <SelectField source="roomType" choices={roomTypeChoices} />
            <SelectField source="style" choices={styleChoices} />
            <Labeled source="state">
              <ReviewStateChip />
            </Labeled>
            <Labeled source="sla">
              <SlaChip />
            </Labeled>
            <WhenField source="orderedAt" />
            <Labeled source="deadlineAt">
              <DeadlineField />
            </Labeled>
            <Labeled source="claimedBy">
              <ClaimedByField />
            </Labeled>
            <WhenField source="claimedAt" emptyText="—" />
            <WhenField source="deliveredAt" emptyText="—" />
          </SimpleShowLayout>
        </Section>
      </Box>
      <Section id="review-history" title="console.reviews.history">
        <ReviewHistory reviewId={review.id} labelledBy="review-history" />
      </Section>
    </Stack>
  );
};

export const ReviewShow = () => (
  // The card clips what overflows it, which would also stop the editor's tool strip from sticking.
  <Show<Review> actions={<ReviewActions />} sx={{ '& .RaShow-card': { overflow: 'visible' } }}>
    <ReviewJob />
  </Show>
);

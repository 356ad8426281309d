import { type ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
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

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
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
 * The job page: the AI draft's own thumbnail beside the current result (what approving delivers), the two
 * compared, the customer's photo and the facts; then the editor across the full width, then who did what when.
 */
const ReviewJob = () => {
  const review = useRecordContext<Review>();
  const viewer = useStaffViewer();
  const refresh = useRefresh();
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
      <Section id="review-editor" title="reviewEditor.title">
        {viewer.isPending ? null : (
          <ReviewEditorPanel review={review} holding={isHolder(review, viewer.id)} onRendered={refresh} />
        )}
      </Section>
      <Section id="review-history" title="console.reviews.history">
        <ReviewHistory reviewId={review.id} labelledBy="review-history" />
      </Section>
    </Stack>
  );
};

export const ReviewShow = () => (
  <Show<Review> actions={<ReviewActions />}>
    <ReviewJob />
  </Show>
);

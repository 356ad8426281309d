import { useState } from 'react';
import { Box, Chip, Slider, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { type Review, type ReviewImage } from '@estancia/contracts';

const imageSx = {
  display: 'block',
  width: '100%',
  height: 'auto',
  borderRadius: 1,
  bgcolor: 'grey.100',
} as const;

/** A grey box with a line of text where an image will be (or no longer is). */
const Placeholder = ({ text }: { text: string }) => (
  <Box
    sx={{
      aspectRatio: '4 / 3',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      borderRadius: 1,
      bgcolor: 'grey.100',
      p: 2,
    }}
  >
    <Typography color="text.secondary">{text}</Typography>
  </Box>
);

const useImageAlt = (review: Review) => {
  const translate = useTranslate();
  const options = {
    room: translate(`console.roomTypes.${review.roomType}`),
    style: translate(`console.styles.${review.style}`),
  };
  return (key: 'console.reviews.draftAlt' | 'console.reviews.resultAlt') => translate(key, options);
};

export const VersionChip = ({ image }: { image: ReviewImage }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={translate('console.reviews.versionNumber', { number: image.number })}
    />
  );
};

/** The AI draft's own thumbnail: the engine's render the fixes started from, never replaced by them. */
export const ReviewDraftThumbnail = ({ review }: { review: Review }) => {
  const translate = useTranslate();
  const alt = useImageAlt(review);
  const { draft } = review;
  if (!draft)
    return (
      <Placeholder
        text={translate(review.result ? 'console.reviews.draftGone' : 'console.reviews.noDraft')}
      />
    );
  return (
    <Stack spacing={1}>
      <Box component="img" src={draft.thumbnailUrl} alt={alt('console.reviews.draftAlt')} sx={imageSx} />
      <Box>
        <VersionChip image={draft} />
      </Box>
    </Stack>
  );
};

/** The current result (what approving delivers), or a note while the AI prepares the draft. */
export const ReviewResultImage = ({ review, thumbnail = false }: { review: Review; thumbnail?: boolean }) => {
  const translate = useTranslate();
  const alt = useImageAlt(review);
  const { result } = review;
  if (!result) return <Placeholder text={translate('console.reviews.noDraft')} />;
  return (
    <Box
      component="img"
      src={thumbnail ? result.thumbnailUrl : result.imageUrl}
      alt={alt('console.reviews.resultAlt')}
      sx={imageSx}
    />
  );
};

/**
 * The AI draft and the current result on top of each other, a line between them that the slider moves:
 * the draft on its left, the result on its right. Both at full resolution, so small fixes show.
 */
export const ReviewCompare = ({ review }: { review: Review }) => {
  const translate = useTranslate();
  const alt = useImageAlt(review);
  const [position, setPosition] = useState(50);
  const { draft, result } = review;
  if (!draft || !result) return null;
  if (draft.versionId === result.versionId)
    return <Typography color="text.secondary">{translate('console.reviews.resultIsDraft')}</Typography>;
  return (
    <Box>
      <Box
        sx={{ position: 'relative', lineHeight: 0, borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.100' }}
      >
        <Box
          component="img"
          src={draft.imageUrl}
          alt={alt('console.reviews.draftAlt')}
          sx={{ display: 'block', width: '100%' }}
        />
        <Box
          component="img"
          src={result.imageUrl}
          alt={alt('console.reviews.resultAlt')}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
          // Inline, not sx: a new class for every slider step would pile up in the style sheet.
          style={{ clipPath: `inset(0 0 0 ${position}%)` }}
        />
        <Box
          aria-hidden
          sx={{ position: 'absolute', top: 0, bottom: 0, width: 2, bgcolor: 'common.white' }}
          style={{ left: `${position}%` }}
        />
      </Box>
      <Slider
        value={position}
        onChange={(_, value) => setPosition(typeof value === 'number' ? value : value[0])}
        min={0}
        max={100}
        size="small"
        aria-label={translate('console.reviews.compareLabel')}
      />
    </Box>
  );
};

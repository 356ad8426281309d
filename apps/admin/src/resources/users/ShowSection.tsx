import { type ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

const SectionTitle = ({ id, title }: { id: string; title: string }) => {
  const translate = useTranslate();
  return (
    <Typography id={id} component="h2" variant="h6" sx={{ px: 2, pt: 2 }}>
      {translate(title)}
    </Typography>
  );
};

/** One part of the page, named by its heading for screen readers (a region), with its buttons beside the title. */
export const Section = ({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) => (
  <Box component="section" aria-labelledby={id} sx={{ pb: 2 }}>
    <Stack
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', pr: 2 }}
    >
      <SectionTitle id={id} title={title} />
      {actions && (
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', pl: 2 }}>
          {actions}
        </Stack>
      )}
    </Stack>
    {/*
      Wide tables scroll inside their part on a phone instead of widening the whole page: a zero width that grows to
      the part's full width adds nothing to the page's own minimum width.
    */}
    <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>{children}</Box>
  </Box>
);

/** What an empty part of the page says instead of an empty table. */
export const Nothing = ({ message }: { message: string }) => {
  const translate = useTranslate();
  return <Typography sx={{ px: 2, py: 1 }}>{translate(message)}</Typography>;
};

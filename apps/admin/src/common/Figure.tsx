import { Box, Typography } from '@mui/material';

/** One headline figure of a dashboard: a term and its value, read together as a description list entry. */
export const Figure = ({
  term,
  value,
  help,
  minWidth = 180,
}: {
  term: string;
  value: string;
  help?: string;
  minWidth?: number;
}) => (
  <Box sx={{ minWidth }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {term}
    </Typography>
    <Typography component="dd" variant="h4" sx={{ m: 0 }}>
      {value}
    </Typography>
    {help && (
      <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
        {help}
      </Typography>
    )}
  </Box>
);

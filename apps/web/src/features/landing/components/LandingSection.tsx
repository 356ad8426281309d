import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LANDING_SECTIONS } from '../landing-sections';

/** A section of the landing: the anchor other pages link to, named by its heading. */
export function LandingSection({
  section,
  title,
  children,
}: {
  section: keyof typeof LANDING_SECTIONS;
  title: string;
  children: ReactNode;
}) {
  const id = LANDING_SECTIONS[section];
  return (
    <Box component="section" id={id} aria-labelledby={`landing-${id}-title`}>
      <Typography id={`landing-${id}-title`} component="h2" variant="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

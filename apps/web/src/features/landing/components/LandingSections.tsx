import Stack from '@mui/material/Stack';
import { BeforeAfterExamples } from './BeforeAfterExamples';
import { HowItWorks } from './HowItWorks';
import { LandingFaq } from './LandingFaq';
import { PlansSummary } from './PlansSummary';

/** What the sign-in page shows a visitor below the form: examples, the steps, the plans and answers. */
export function LandingSections() {
  return (
    <Stack spacing={{ xs: 5, md: 7 }} sx={{ mt: { xs: 5, md: 7 } }}>
      <BeforeAfterExamples />
      <HowItWorks />
      <PlansSummary />
      <LandingFaq />
    </Stack>
  );
}

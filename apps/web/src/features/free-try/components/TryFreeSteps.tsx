import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';

const STEPS = ['photo', 'roomAndStyle', 'decorate'] as const;

/**
 * The free try's three steps (photo, room and style, decorate) as a named list, the current one marked.
 * `alternativeLabel` keeps each connector inside its step, so the list holds only list items.
 */
export function TryFreeSteps({ active }: { active: 0 | 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <Stepper
      activeStep={active}
      alternativeLabel
      component="ol"
      aria-label={t('freeTry.steps.label')}
      sx={{ listStyle: 'none', p: 0, my: 3 }}
    >
      {STEPS.map((step, index) => (
        <Step key={step} component="li" aria-current={index === active ? 'step' : undefined}>
          <StepLabel>{t(`freeTry.steps.${step}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

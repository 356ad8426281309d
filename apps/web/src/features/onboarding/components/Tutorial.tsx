import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TUTORIALS, tutorialSeenKey, type TutorialName } from '../tutorials';

/**
 * A short step-by-step guide shown the first time a page is opened, then remembered; "Ver tutorial"
 * brings it back. It sits in the page (not a modal), so the page stays usable while it is open.
 */
export function Tutorial({ name, pageTitle }: { name: TutorialName; pageTitle: string }) {
  const { t } = useTranslation();
  const key = tutorialSeenKey(name);
  const [open, setOpen] = useState(() => window.localStorage.getItem(key) === null);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (open) window.localStorage.setItem(key, 'true');
  }, [open, key]);

  const steps = TUTORIALS[name];
  if (!open)
    return (
      <Box sx={{ my: 1 }}>
        <Button
          size="small"
          startIcon={<HelpOutlineIcon />}
          onClick={() => {
            setIndex(0);
            setOpen(true);
          }}
        >
          {t('tutorial.show')}
        </Button>
      </Box>
    );

  const step = steps[index];
  const last = index === steps.length - 1;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={t('tutorial.label', { page: pageTitle })}
      sx={{ p: 2, my: 2, borderColor: 'primary.main' }}
    >
      <Typography variant="body2" aria-live="polite">
        {t('tutorial.progress', { n: index + 1, total: steps.length })}
      </Typography>
      <Typography component="h2" variant="h6">
        {t(`tutorial.${name}.${step}.title`)}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t(`tutorial.${name}.${step}.text`)}</Typography>
      <Stack direction="row" gap={1} flexWrap="wrap">
        <Button onClick={() => setOpen(false)}>{t('tutorial.skip')}</Button>
        <Box sx={{ flex: 1 }} />
        <Button disabled={index === 0} onClick={() => setIndex(index - 1)}>
          {t('tutorial.back')}
        </Button>
        <Button variant="contained" onClick={() => (last ? setOpen(false) : setIndex(index + 1))}>
          {last ? t('tutorial.finish') : t('tutorial.next')}
        </Button>
      </Stack>
    </Paper>
  );
}

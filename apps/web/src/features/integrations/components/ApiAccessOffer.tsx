import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../../app/route-meta';
import { RouterButton } from '../../navigation/components/RouterButton';

const POINTS = ['stage', 'webhooks', 'docs'] as const;

/** Without API access: what the API is for, which plans include it and the way to them. No key is offered. */
export function ApiAccessOffer({ hasKeys }: { hasKeys: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="api-offer-title"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}
    >
      <Typography component="h2" variant="h2" id="api-offer-title" gutterBottom>
        {t('integrations.offer.title')}
      </Typography>
      <Typography>{t('integrations.offer.text')}</Typography>
      <Box component="ul" sx={{ pl: 3, my: 2, display: 'grid', gap: 1 }}>
        {POINTS.map((point) => (
          <li key={point}>{t(`integrations.offer.points.${point}`)}</li>
        ))}
      </Box>
      <Typography sx={{ fontWeight: 600 }}>{t('integrations.offer.plans')}</Typography>
      {hasKeys && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('integrations.offer.keysStopped')}
        </Typography>
      )}
      <RouterButton to={pathTo('Offers')} variant="contained" size="large" sx={{ mt: 3 }}>
        {t('integrations.offer.seePlans')}
      </RouterButton>
    </Paper>
  );
}

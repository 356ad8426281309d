import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { planColour } from '@estancia/ui';
import { pathTo } from '../../../app/route-meta';
import { usePlans } from '../../billing/api/catalogue';
import { formatMoney } from '../../billing/money';
import { LandingSection } from './LandingSection';

/** The plans on sale, as the Offers page sells them (GET billing/plans): name, monthly price, decorations. */
export function PlansSummary() {
  const { t, i18n } = useTranslation();
  const plans = usePlans();
  return (
    <LandingSection section="plans" title={t('landing.plans.title')}>
      <Typography sx={{ mb: 2 }}>{t('landing.plans.intro')}</Typography>
      {plans.data && plans.data.length > 0 && (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mb: 2,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(4, minmax(0, 1fr))',
            },
          }}
        >
          {plans.data.map((plan) => {
            const colour = planColour(plan.code);
            return (
              <Paper
                component="li"
                key={plan.code}
                variant="outlined"
                aria-labelledby={`landing-plan-${plan.code}`}
                sx={{ overflow: 'hidden' }}
              >
                <Box sx={{ px: 2, py: 1, backgroundColor: colour.background, color: colour.text }}>
                  <Typography id={`landing-plan-${plan.code}`} component="h3" variant="h3">
                    {plan.name}
                  </Typography>
                </Box>
                <Box sx={{ p: 2 }}>
                  <Typography variant="h2" component="p" data-testid={`landing-plan-price-${plan.code}`}>
                    {t('offers.perMonth', { price: formatMoney(plan.monthlyPriceCents, i18n.language) })}
                  </Typography>
                  <Typography color="text.secondary">
                    {t('offers.rights.decorations', { count: plan.includedDecorations })}
                  </Typography>
                </Box>
              </Paper>
            );
          })}
        </Box>
      )}
      <Button component={RouterLink} to={pathTo('Offers')} variant="contained">
        {t('landing.plans.seeAll')}
      </Button>
    </LandingSection>
  );
}

import CheckIcon from '@mui/icons-material/Check';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BillingCycle, Plan } from '@estancia/contracts';
import { planColour } from '@estancia/ui';
import { annualSavingCents, formatMoney, monthlyEquivalentCents } from '../money';

/** PRO and ULTIMATE keep their own colours (spec section 3); the other plans use the theme's. */
const hasOwnColour = (plan: Plan) => plan.code === 'PRO' || plan.code === 'ULTIMATE';

/** The rights a plan includes, read from its data, never from its name. */
function useRightLines(plan: Plan): string[] {
  const { t } = useTranslation();
  const { rights } = plan;
  const lines = [t('offers.rights.decorations', { count: plan.includedDecorations })];
  if (!rights.watermark) lines.push(t('offers.rights.noWatermark'));
  if (rights.descriptionsPerMonth === null) lines.push(t('offers.rights.unlimitedDescriptions'));
  else if (rights.descriptionsPerMonth > 0)
    lines.push(t('offers.rights.descriptions', { count: rights.descriptionsPerMonth }));
  if (rights.unlimitedEditing) lines.push(t('offers.rights.unlimitedEditing'));
  if (rights.extraEditOptions) lines.push(t('offers.rights.extraEditOptions'));
  if (rights.allRoomsAndStyles) lines.push(t('offers.rights.allRoomsAndStyles'));
  if (rights.apiAccess) lines.push(t('offers.rights.apiAccess'));
  if (rights.customLimits) lines.push(t('offers.rights.customLimits'));
  return lines;
}

/** One plan's price in the chosen cycle, what it includes and its call to action. */
export function PlanCard({
  plan,
  cycle,
  action,
  actionDisabled,
  onAction,
  current,
}: {
  plan: Plan;
  cycle: BillingCycle;
  action: string;
  actionDisabled?: boolean;
  onAction: () => void;
  current?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const colour = hasOwnColour(plan) ? planColour(plan.code) : null;
  const lines = useRightLines(plan);
  const titleId = `plan-${plan.code}`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderWidth: current ? 2 : 1 }}
    >
      <CardContent
        sx={colour ? { backgroundColor: colour.background, color: colour.text } : { bgcolor: 'action.hover' }}
      >
        <Typography id={titleId} variant="h3" component="h3">
          {plan.name}
        </Typography>
        <Typography variant="h2" component="p" data-testid={`plan-price-${plan.code}`}>
          {t('offers.perMonth', { price: money(monthlyEquivalentCents(plan, cycle)) })}
        </Typography>
        {cycle === 'annual' ? (
          <>
            <Typography>{t('offers.billedAnnually', { price: money(plan.annualPriceCents) })}</Typography>
            {annualSavingCents(plan) > 0 && (
              <Typography fontWeight={700} data-testid={`plan-saving-${plan.code}`}>
                {t('offers.saving', { amount: money(annualSavingCents(plan)) })}
              </Typography>
            )}
          </>
        ) : (
          <Typography>{t('offers.billedMonthly')}</Typography>
        )}
      </CardContent>
      <CardContent sx={{ flexGrow: 1 }}>
        <List dense disablePadding>
          {lines.map((line) => (
            <ListItem key={line} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <CheckIcon fontSize="small" color="success" />
              </ListItemIcon>
              <ListItemText primary={line} />
            </ListItem>
          ))}
        </List>
      </CardContent>
      <CardActions sx={{ p: 2 }}>
        <Button
          fullWidth
          variant={current ? 'outlined' : 'contained'}
          disabled={actionDisabled}
          onClick={onAction}
          aria-label={t('offers.actionNamed', { action, name: plan.name })}
        >
          {action}
        </Button>
      </CardActions>
    </Card>
  );
}

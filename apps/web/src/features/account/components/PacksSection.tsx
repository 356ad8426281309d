import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Pack } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { reportApiError } from '../../../shared/forms';
import { usePacks } from '../../billing/api/catalogue';
import { useStartCheckout } from '../../billing/api/checkout';
import { formatMoney, propertiesBand } from '../../billing/money';

function PropertiesBand({ band }: { band: string }) {
  const { t } = useTranslation();
  const parsed = propertiesBand(band);
  if (!parsed) return <>{band}</>;
  return (
    <>
      {'moreThan' in parsed
        ? t('billingAccount.packs.propertiesMoreThan', { count: Number(parsed.moreThan) })
        : t('billingAccount.packs.propertiesRange', { from: parsed.from, to: parsed.to })}
    </>
  );
}

/** The credit packs on sale; buying one goes to the gateway's checkout page. */
export function PacksSection() {
  const { t, i18n } = useTranslation();
  const packs = usePacks();
  const checkout = useStartCheckout();
  const buy = (pack: Pack) =>
    checkout.mutate({ kind: 'pack', code: pack.code }, { onError: (error) => reportApiError(error) });

  return (
    <>
      <Typography sx={{ mt: 1, mb: 2 }}>
        {t('billingAccount.packs.intro')}{' '}
        <Link component={RouterLink} to={pathTo('Offers')} underline="always">
          {t('billingAccount.packs.offersLink')}
        </Link>
      </Typography>
      {packs.isPending && <CircularProgress size={24} aria-label={t('common.loading')} />}
      {packs.isError && <Typography role="alert">{t('billingAccount.loadError')}</Typography>}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
        }}
      >
        {packs.data?.map((pack) => (
          <li key={pack.code}>
            <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flexGrow: 1 }}>
                <Typography component="h3" variant="h6">
                  {pack.name}
                </Typography>
                <Typography>{t('billingAccount.packs.credits', { count: pack.credits })}</Typography>
                <Typography sx={{ fontWeight: 600 }}>
                  {formatMoney(pack.priceCents, i18n.language)}
                </Typography>
                <Typography color="text.secondary">
                  <PropertiesBand band={pack.properties} />
                </Typography>
              </CardContent>
              <CardActions>
                <Button
                  variant="contained"
                  onClick={() => buy(pack)}
                  disabled={checkout.isPending}
                  aria-label={t('billingAccount.packs.buyPack', { name: pack.name })}
                >
                  {t('billingAccount.packs.buy')}
                </Button>
              </CardActions>
            </Card>
          </li>
        ))}
      </Box>
    </>
  );
}

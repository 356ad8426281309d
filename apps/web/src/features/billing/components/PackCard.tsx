import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Pack } from '@estancia/contracts';
import { formatMoney, pricePerCreditCents, propertiesBand } from '../money';

/** One credit pack: credits, price, price per credit and the properties it suits. */
export function PackCard({ pack, disabled, onBuy }: { pack: Pack; disabled?: boolean; onBuy: () => void }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const band = propertiesBand(pack.properties);
  const titleId = `pack-${pack.code}`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={titleId} variant="h3" component="h3">
          {pack.name}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {band
            ? 'moreThan' in band
              ? t('offers.packs.propertiesMoreThan', { n: band.moreThan })
              : t('offers.packs.propertiesRange', { from: band.from, to: band.to })
            : pack.properties}
        </Typography>
        <Typography variant="h2" component="p">
          {t('offers.packs.credits', { count: pack.credits })}
        </Typography>
        <Typography fontWeight={700}>{money(pack.priceCents)}</Typography>
        <Typography color="text.secondary">
          {t('offers.packs.perCredit', { price: money(pricePerCreditCents(pack)) })}
        </Typography>
      </CardContent>
      <CardActions sx={{ p: 2 }}>
        <Button
          fullWidth
          variant="contained"
          disabled={disabled}
          onClick={onBuy}
          aria-label={t('offers.packs.buyNamed', { name: pack.name })}
        >
          {t('offers.packs.buy')}
        </Button>
      </CardActions>
    </Card>
  );
}

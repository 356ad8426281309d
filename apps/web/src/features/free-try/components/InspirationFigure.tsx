import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { InspirationExample } from '@estancia/contracts';
import { CompareSlider } from '../../decorations/components/CompareSlider';
import { asRoomType, asStyle } from '../catalogue-choice';

/** One before/after example of our engine, named by its room and style (the free try's gallery, the landing). */
export function InspirationFigure({ example }: { example: InspirationExample }) {
  const { t } = useTranslation();
  const names = {
    room: t(`catalogue.roomTypes.${asRoomType(example.roomType)}`),
    style: t(`catalogue.styles.${asStyle(example.style)}`),
  };
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <CompareSlider
        before={example.beforeUrl}
        after={example.afterUrl}
        beforeAlt={t('freeTry.inspiration.before', names)}
        afterAlt={t('freeTry.inspiration.after', names)}
        label={t('freeTry.inspiration.compare', names)}
      />
      <Typography component="figcaption" variant="body2" sx={{ mt: 0.5 }}>
        {t('freeTry.inspiration.caption', names)}
      </Typography>
    </Box>
  );
}

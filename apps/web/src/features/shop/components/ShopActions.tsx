import HandymanIcon from '@mui/icons-material/Handyman';
import LocalMallIcon from '@mui/icons-material/LocalMall';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Decoration } from '@estancia/contracts';
import { RecommendationsDrawer } from './RecommendationsDrawer';
import { ReformRequestDialog } from './ReformRequestDialog';

/** Under a ready result: its recommendations panel and the reform budget request about it. */
export function ShopActions({ n, decoration }: { n: number; decoration: Decoration }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'recommendations' | 'reform' | null>(null);
  return (
    <>
      <Stack direction="row" gap={1} flexWrap="wrap">
        <Button
          startIcon={<LocalMallIcon />}
          onClick={() => setOpen('recommendations')}
          aria-label={t('shop.recommendationsFor', { n })}
        >
          {t('shop.recommendations')}
        </Button>
        <Button
          startIcon={<HandymanIcon />}
          onClick={() => setOpen('reform')}
          aria-label={t('shop.reform.openFor', { n })}
        >
          {t('shop.reform.open')}
        </Button>
      </Stack>
      <RecommendationsDrawer
        n={n}
        decoration={decoration}
        open={open === 'recommendations'}
        onClose={() => setOpen(null)}
      />
      {open === 'reform' && (
        <ReformRequestDialog
          projectId={decoration.projectId}
          decorationId={decoration.id}
          open
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

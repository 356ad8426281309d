import HandymanIcon from '@mui/icons-material/Handyman';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReformRequestDialog } from './ReformRequestDialog';

/** The reform budget request about the whole property, beside the project's downloads. */
export function ProjectReformButton({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<HandymanIcon />} onClick={() => setOpen(true)}>
        {t('shop.reform.open')}
      </Button>
      {open && <ReformRequestDialog projectId={projectId} open onClose={() => setOpen(false)} />}
    </>
  );
}

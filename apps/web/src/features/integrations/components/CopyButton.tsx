import Button, { type ButtonProps } from '@mui/material/Button';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { notifications } from '../../notifications/notifications';

/** Copies `value` to the clipboard; `label` names what is copied for screen readers ("Copiar la clave…"). */
export function CopyButton({ value, label, ...props }: { value: string; label: string } & ButtonProps) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notifications.toast('information', { key: 'integrations.copied' });
    } catch {
      notifications.toast('warning', { key: 'integrations.copyFailed' });
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<ContentCopyIcon aria-hidden />}
      aria-label={label}
      onClick={() => void copy()}
      {...props}
    >
      {t('integrations.copy')}
    </Button>
  );
}

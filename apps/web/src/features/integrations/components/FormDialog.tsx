import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A dialog holding one form: title, explanation, the fields, Cancel and the submit button (both off while sending). */
export function FormDialog({
  open,
  onClose,
  onSubmit,
  pending,
  title,
  text,
  submitLabel,
  maxWidth,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  title: string;
  text: string;
  submitLabel: string;
  maxWidth: 'xs' | 'sm';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth={maxWidth}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{text}</DialogContentText>
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

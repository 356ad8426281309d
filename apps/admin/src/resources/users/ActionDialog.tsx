import { type FormEvent, type ReactNode, useId } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import { useTranslate } from 'react-admin';

export interface ActionDialogProps {
  open: boolean;
  /** Already translated (titles name the customer). */
  title: string;
  /** A translation key: what the action does, said before it is done. */
  description?: string;
  descriptionArgs?: Record<string, unknown>;
  submitLabel: string;
  /** Red submit button, for what cannot be undone or cuts a customer off. */
  destructive?: boolean;
  pending: boolean;
  /** The translation key of the last refusal (see apiErrorKey), shown until the next attempt. */
  error: string | null;
  onClose: () => void;
  onSubmit: () => void;
  /** The dialog's inputs, if the action takes any. */
  children?: ReactNode;
}

/**
 * The confirmation every account action goes through: says what will happen, takes the inputs, and keeps the
 * API's refusal on screen (translated) with the dialog open, so the admin can read it and try again.
 */
export const ActionDialog = ({
  open,
  title,
  description,
  descriptionArgs,
  submitLabel,
  destructive = false,
  pending,
  error,
  onClose,
  onSubmit,
  children,
}: ActionDialogProps) => {
  const translate = useTranslate();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSubmit();
  };
  return (
    <Dialog open={open} onClose={() => !pending && onClose()} aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1, minWidth: { sm: 380 } }}>
            {description && <DialogContentText>{translate(description, descriptionArgs)}</DialogContentText>}
            {error && <Alert severity="error">{translate(error)}</Alert>}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            disabled={pending}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

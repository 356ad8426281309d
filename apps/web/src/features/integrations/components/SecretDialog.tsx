import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShownSecretState } from '../hooks/useShownSecret';
import { CopyButton } from './CopyButton';

/**
 * The one time a secret (an API key or a webhook signing secret) is shown: once closed it is gone, the
 * server keeps only its hash. A click beside the dialog does not close it, so it is not lost by accident.
 */
export function SecretDialog({ state }: { state: ShownSecretState }) {
  const { shown, open, close, exited } = state;
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const fieldId = useId();
  return (
    <Dialog
      open={open && shown !== null}
      onClose={(_, reason) => reason !== 'backdropClick' && close()}
      slotProps={{ transition: { onExited: exited } }}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="sm"
    >
      {shown && (
        <>
          <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
            {shown.title}
          </DialogTitle>
          <DialogContent>
            <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
              {shown.text}
            </DialogContentText>
            <Alert severity="warning" sx={{ my: 2 }}>
              {t(`integrations.secret.${shown.kind}.warning`)}
            </Alert>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <TextField
                id={fieldId}
                label={t(`integrations.secret.${shown.kind}.label`)}
                value={shown.secret}
                size="small"
                sx={{ flex: '1 1 16rem', minWidth: 0 }}
                slotProps={{
                  input: { readOnly: true, sx: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' } },
                  htmlInput: {
                    spellCheck: false,
                    onFocus: (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select(),
                  },
                }}
              />
              <CopyButton value={shown.secret} label={t(`integrations.secret.${shown.kind}.copy`)} />
            </Box>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              {t(`integrations.secret.${shown.kind}.done`)}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

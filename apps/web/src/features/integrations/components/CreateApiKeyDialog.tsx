import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createApiKeyRequestSchema, type CreatedApiKey } from '@estancia/contracts';
import { FormTextField } from '../../../shared/FormTextField';
import { reportApiError } from '../../../shared/forms';
import { useCreateApiKey } from '../hooks/useApiKeys';

type Form = z.input<typeof createApiKeyRequestSchema>;

/** Names a new key (what will use it) and creates it; the caller shows its secret. */
export function CreateApiKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const create = useCreateApiKey();
  const form = useForm<Form, unknown, z.output<typeof createApiKeyRequestSchema>>({
    resolver: zodResolver(createApiKeyRequestSchema),
    defaultValues: { name: '' },
  });
  const close = () => {
    if (create.isPending) return;
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (body) => {
    try {
      const created = await create.mutateAsync(body);
      form.reset();
      onCreated(created);
    } catch (error) {
      reportApiError(error, form.setError);
    }
  });
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('integrations.keys.create.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{t('integrations.keys.create.text')}</DialogContentText>
          <FormTextField
            control={form.control}
            name="name"
            id="api-key-name"
            label={t('integrations.keys.create.name')}
            hint={t('integrations.keys.create.nameHint')}
            autoComplete="off"
            required
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('integrations.keys.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

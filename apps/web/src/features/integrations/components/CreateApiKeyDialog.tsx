import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createApiKeyRequestSchema, type CreatedApiKey } from '@estancia/contracts';
import { FormTextField } from '../../../shared/FormTextField';
import { reportApiError } from '../../../shared/forms';
import { useCreateApiKey } from '../hooks/useApiKeys';
import { FormDialog } from './FormDialog';

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
    <FormDialog
      open={open}
      onClose={close}
      onSubmit={submit}
      pending={create.isPending}
      title={t('integrations.keys.create.title')}
      text={t('integrations.keys.create.text')}
      submitLabel={t('integrations.keys.create.submit')}
      maxWidth="xs"
    >
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
    </FormDialog>
  );
}

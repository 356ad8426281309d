import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  createWebhookEndpointRequestSchema,
  ErrorCode,
  FieldIssue,
  WEBHOOK_EVENTS,
  type CreatedWebhookEndpoint,
  type WebhookEvent,
} from '@estancia/contracts';
import { fieldErrorText, reportApiError } from '../../../shared/forms';
import { useCreateWebhook } from '../hooks/useWebhooks';
import { FormDialog } from './FormDialog';

type Form = z.input<typeof createWebhookEndpointRequestSchema>;

/** An https URL and the events it wants; the caller shows the endpoint's signing secret. */
export function AddWebhookDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (endpoint: CreatedWebhookEndpoint) => void;
}) {
  const { t } = useTranslation();
  const eventsErrorId = useId();
  const create = useCreateWebhook();
  const form = useForm<Form, unknown, z.output<typeof createWebhookEndpointRequestSchema>>({
    resolver: zodResolver(createWebhookEndpointRequestSchema),
    defaultValues: { url: '', events: [] },
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
      reportApiError(error, form.setError, { codeFields: { [ErrorCode.URL_NOT_ALLOWED]: 'url' } });
    }
  });
  // The schema's "invalid" says only that much: for the URL, say what a valid one looks like.
  const urlError = (code: string | undefined) =>
    code === FieldIssue.INVALID ? t('integrations.webhooks.add.urlInvalid') : fieldErrorText(t, code);

  return (
    <FormDialog
      open={open}
      onClose={close}
      onSubmit={submit}
      pending={create.isPending}
      title={t('integrations.webhooks.add.title')}
      text={t('integrations.webhooks.add.text')}
      submitLabel={t('integrations.webhooks.add.submit')}
      maxWidth="sm"
    >
      <Controller
        control={form.control}
        name="url"
        render={({ field, fieldState }) => {
          const error = urlError(fieldState.error?.message);
          return (
            <TextField
              {...field}
              inputRef={field.ref}
              id="webhook-url"
              type="url"
              label={t('integrations.webhooks.add.url')}
              placeholder="https://"
              autoComplete="url"
              autoFocus
              fullWidth
              margin="normal"
              error={Boolean(error)}
              helperText={error ?? t('integrations.webhooks.add.urlHint')}
              slotProps={{ htmlInput: { 'aria-required': true, inputMode: 'url', spellCheck: false } }}
            />
          );
        }}
      />
      <Controller
        control={form.control}
        name="events"
        render={({ field, fieldState }) => {
          const chosen = new Set<WebhookEvent>(field.value);
          const toggle = (event: WebhookEvent, on: boolean) => {
            if (on) chosen.add(event);
            else chosen.delete(event);
            // Always in the contract's order, whatever order they were ticked in.
            field.onChange(WEBHOOK_EVENTS.filter((e) => chosen.has(e)));
          };
          return (
            <FormControl
              component="fieldset"
              error={Boolean(fieldState.error)}
              margin="normal"
              aria-describedby={fieldState.error ? eventsErrorId : undefined}
            >
              <FormLabel component="legend">{t('integrations.webhooks.add.events')}</FormLabel>
              <FormGroup>
                {WEBHOOK_EVENTS.map((event) => (
                  <FormControlLabel
                    key={event}
                    control={
                      <Checkbox
                        checked={chosen.has(event)}
                        onChange={(e) => toggle(event, e.target.checked)}
                        onBlur={field.onBlur}
                      />
                    }
                    label={
                      <>
                        {t(`integrations.events.${event}`)}{' '}
                        <Box component="code" sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
                          {event}
                        </Box>
                      </>
                    }
                  />
                ))}
              </FormGroup>
              {fieldState.error && (
                <FormHelperText id={eventsErrorId}>
                  {t('integrations.webhooks.add.eventsRequired')}
                </FormHelperText>
              )}
            </FormControl>
          );
        }}
      />
    </FormDialog>
  );
}

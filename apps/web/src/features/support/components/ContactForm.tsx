import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_SERVICES,
  VOLUME_BANDS,
  contactRequestSchema,
  type ContactRequestBody,
  type ContactRequestInput,
} from '@estancia/contracts';
import { FormTextField } from '../../../shared/FormTextField';
import { reportApiError } from '../../../shared/forms';
import { currentLocale } from '../../../shared/i18n';
import { useSession } from '../../session/session';
import { supportApi } from '../api/support-api';
import { ChoiceGroup } from './ChoiceGroup';

/**
 * The contact-sales form (ContactUs and Help): validated with the API's own schema, so a meeting without
 * days and times is refused here exactly as there. Signed-in customers find their name and e-mail filled in.
 */
export function ContactForm({ idPrefix = 'contact' }: { idPrefix?: string }) {
  const { t } = useTranslation();
  const user = useSession().user;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const defaults = (): ContactRequestInput => ({
    name: user?.name ?? '',
    email: user?.email ?? '',
    company: user?.company ?? '',
    services: [],
    volumes: [],
    wantsMeeting: false,
    meetingTimes: '',
    message: '',
  });
  const { control, handleSubmit, setError, reset } = useForm<
    ContactRequestInput,
    unknown,
    ContactRequestBody
  >({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: defaults(),
  });
  const meeting = useController({ name: 'wantsMeeting', control });
  const send = useMutation({ mutationFn: supportApi.contact });

  const submit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ ...values, language: currentLocale() });
      setSentTo(values.email);
    } catch (error) {
      reportApiError(error, setError);
    }
  });

  if (sentTo) {
    return (
      <Alert
        severity="success"
        role="status"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              reset(defaults());
              setSentTo(null);
            }}
          >
            {t('support.contact.another')}
          </Button>
        }
      >
        <AlertTitle>{t('support.contact.sentTitle')}</AlertTitle>
        {t('support.contact.sentBody', { email: sentTo })}
      </Alert>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('support.contact.formLabel')}>
      <FormTextField
        control={control}
        name="name"
        id={`${idPrefix}-name`}
        label={t('support.contact.name')}
        autoComplete="name"
        required
      />
      <FormTextField
        control={control}
        name="email"
        id={`${idPrefix}-email`}
        label={t('support.contact.email')}
        type="email"
        autoComplete="email"
        required
      />
      <FormTextField
        control={control}
        name="company"
        id={`${idPrefix}-company`}
        label={t('support.contact.company')}
        autoComplete="organization"
      />
      <ChoiceGroup
        control={control}
        name="services"
        id={`${idPrefix}-services`}
        legend={t('support.contact.services')}
        options={CONTACT_SERVICES.map((value) => ({ value, label: t(`support.services.${value}`) }))}
      />
      <ChoiceGroup
        single
        control={control}
        name="volumes"
        id={`${idPrefix}-volumes`}
        legend={t('support.contact.volumes')}
        options={VOLUME_BANDS.map((value) => ({ value, label: t(`support.volumes.${value}`) }))}
      />
      <FormControlLabel
        label={t('support.contact.wantsMeeting')}
        control={
          <Checkbox
            id={`${idPrefix}-meeting`}
            name={meeting.field.name}
            checked={Boolean(meeting.field.value)}
            onChange={(event) => meeting.field.onChange(event.target.checked)}
            onBlur={meeting.field.onBlur}
            inputRef={meeting.field.ref}
          />
        }
      />
      {meeting.field.value && (
        <FormTextField
          control={control}
          name="meetingTimes"
          id={`${idPrefix}-meeting-times`}
          label={t('support.contact.meetingTimes')}
          hint={t('support.contact.meetingTimesHint')}
          required
        />
      )}
      <FormTextField
        control={control}
        name="message"
        id={`${idPrefix}-message`}
        label={t('support.contact.message')}
        multiline
        minRows={3}
      />
      <Button type="submit" variant="contained" size="large" sx={{ mt: 2 }} disabled={send.isPending}>
        {t('support.contact.submit')}
      </Button>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { z } from 'zod';
import {
  ErrorCode,
  freeTryEmailRequestSchema,
  freeTryVerifyRequestSchema,
  type FreeTry,
} from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { ApiRequestError } from '../../../shared/api';
import { FormTextField } from '../../../shared/FormTextField';
import { reportApiError } from '../../../shared/forms';
import { notifications } from '../../notifications/notifications';
import { freeTryApi } from '../api/free-try-api';
import { isFreeDownloadUsed, markFreeDownloadUsed } from '../free-try-storage';
import { hdDownload } from '../hd-download';

const codeFormSchema = freeTryVerifyRequestSchema.pick({ code: true });
type EmailForm = z.input<typeof freeTryEmailRequestSchema>;
type CodeForm = z.input<typeof codeFormSchema>;

type Step = { kind: 'email' } | { kind: 'code'; email: string } | { kind: 'done' } | { kind: 'used' };

const isUsedError = (error: unknown) =>
  error instanceof ApiRequestError && error.code === ErrorCode.FREE_DOWNLOAD_USED;

/** The free HD download by e-mail: the address, then the 6-digit code sent to it; once per address. */
export function EmailDownload({ freeTry }: { freeTry: FreeTry }) {
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const used = (email: string) => {
    markFreeDownloadUsed(email);
    setStep({ kind: 'used' });
  };
  switch (step.kind) {
    case 'email':
      return (
        <EmailStep freeTry={freeTry} onSent={(email) => setStep({ kind: 'code', email })} onUsed={used} />
      );
    case 'code':
      return (
        <CodeStep
          freeTry={freeTry}
          email={step.email}
          onDownloaded={() => setStep({ kind: 'done' })}
          onUsed={() => used(step.email)}
          onOtherEmail={() => setStep({ kind: 'email' })}
        />
      );
    case 'done':
      return <DownloadStarted />;
    case 'used':
      return <FreeDownloadUsed />;
  }
}

function EmailStep({
  freeTry,
  onSent,
  onUsed,
}: {
  freeTry: FreeTry;
  onSent: (email: string) => void;
  onUsed: (email: string) => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError } = useForm<
    EmailForm,
    unknown,
    z.output<typeof freeTryEmailRequestSchema>
  >({
    resolver: zodResolver(freeTryEmailRequestSchema),
    defaultValues: { email: '' },
  });
  const send = useMutation({ mutationFn: (email: string) => freeTryApi.sendCode(freeTry.id, { email }) });
  const submit = handleSubmit(async ({ email }) => {
    // This browser already downloaded for this address: no code is sent for nothing.
    if (isFreeDownloadUsed(email)) return onUsed(email);
    try {
      await send.mutateAsync(email);
      onSent(email);
    } catch (error) {
      if (isUsedError(error)) onUsed(email);
      else reportApiError(error, setError);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <FormTextField
        control={control}
        name="email"
        id="free-try-email"
        label={t('freeTry.hd.email')}
        type="email"
        autoComplete="email"
        required
      />
      <Button type="submit" variant="contained" disabled={send.isPending} sx={{ mt: 1 }}>
        {t('freeTry.hd.sendCode')}
      </Button>
    </Box>
  );
}

function CodeStep({
  freeTry,
  email,
  onDownloaded,
  onUsed,
  onOtherEmail,
}: {
  freeTry: FreeTry;
  email: string;
  onDownloaded: () => void;
  onUsed: () => void;
  onOtherEmail: () => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError } = useForm<CodeForm, unknown, z.output<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });
  const verify = useMutation({
    mutationFn: (code: string) => freeTryApi.verifyCode(freeTry.id, { email, code }),
  });
  const resend = useMutation({ mutationFn: () => freeTryApi.sendCode(freeTry.id, { email }) });
  const submit = handleSubmit(async ({ code }) => {
    try {
      const { downloadUrl } = await verify.mutateAsync(code);
      markFreeDownloadUsed(email);
      hdDownload.start(downloadUrl);
      onDownloaded();
    } catch (error) {
      if (isUsedError(error)) return onUsed();
      reportApiError(error, setError, {
        codeFields: {
          VERIFICATION_CODE_INVALID: 'code',
          VERIFICATION_CODE_EXPIRED: 'code',
          VERIFICATION_CODE_BURNED: 'code',
        },
      });
    }
  });
  const resendCode = async () => {
    try {
      await resend.mutateAsync();
      notifications.toast('information', { key: 'freeTry.hd.resent' });
    } catch (error) {
      if (isUsedError(error)) onUsed();
      else reportApiError(error);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography role="status">{t('freeTry.hd.codeSent', { email })}</Typography>
      <FormTextField
        control={control}
        name="code"
        id="free-try-code"
        label={t('freeTry.hd.code')}
        autoComplete="one-time-code"
        required
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1} sx={{ mt: 1 }} flexWrap="wrap">
        <Button type="submit" variant="contained" disabled={verify.isPending}>
          {t('freeTry.hd.download')}
        </Button>
        <Button type="button" onClick={() => void resendCode()} disabled={resend.isPending}>
          {t('freeTry.hd.resend')}
        </Button>
        <Button type="button" onClick={onOtherEmail}>
          {t('freeTry.hd.otherEmail')}
        </Button>
      </Stack>
    </Box>
  );
}

function DownloadStarted() {
  const { t } = useTranslation();
  return (
    <Alert severity="success" role="status">
      {t('freeTry.hd.started')}
    </Alert>
  );
}

/** FREE_DOWNLOAD_USED, with the way on: the plans. */
export function FreeDownloadUsed() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button color="inherit" size="small" component={RouterLink} to={pathTo('Offers')}>
          {t('freeTry.hd.subscribe')}
        </Button>
      }
    >
      {t(`errors:${ErrorCode.FREE_DOWNLOAD_USED}`)}
    </Alert>
  );
}

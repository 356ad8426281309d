import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  LIMITS,
  problemReportRequestSchema,
  type ProblemReportBody,
  type ProblemReportInput,
} from '@estancia/contracts';
import { fieldErrorText, reportApiError } from '../../../shared/forms';
import { supportApi } from '../api/support-api';
import { reportedPage } from '../reported-page';

const MIN = LIMITS.problemReportMinLength;

/**
 * ReportProblem (/report-problem/, signed in): what went wrong, counted live toward the minimum, sent with the
 * address of the page the customer came from (not this one) and the browser's user agent.
 */
export function ReportProblemPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [params] = useSearchParams();
  const { control, handleSubmit, setError, reset } = useForm<ProblemReportInput, unknown, ProblemReportBody>({
    resolver: zodResolver(problemReportRequestSchema),
    defaultValues: { text: '' },
  });
  const { field, fieldState } = useController({ name: 'text', control });
  const send = useMutation({ mutationFn: supportApi.reportProblem });
  const length = field.value.trim().length;
  const errorText = fieldErrorText(t, fieldState.error?.message);

  const submit = handleSubmit(async ({ text }) => {
    try {
      const pageUrl = reportedPage(params.get('from'), document.referrer, window.location);
      await send.mutateAsync({ text, pageUrl, userAgent: navigator.userAgent });
      setSent(true);
    } catch (error) {
      reportApiError(error, setError);
    }
  });

  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>
        {t('routes.ReportProblem')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('pages.ReportProblem')}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        {sent ? (
          <Alert
            severity="success"
            role="status"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  reset({ text: '' });
                  setSent(false);
                }}
              >
                {t('support.report.another')}
              </Button>
            }
          >
            <AlertTitle>{t('support.report.sentTitle')}</AlertTitle>
            {t('support.report.sentBody')}
          </Alert>
        ) : (
          <Box component="form" noValidate onSubmit={submit}>
            <Typography id="report-hint" variant="body2" color="text.secondary">
              {t('support.report.hint')}
            </Typography>
            <TextField
              id="report-text"
              name={field.name}
              label={t('support.report.text')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              multiline
              minRows={6}
              fullWidth
              margin="normal"
              error={Boolean(errorText)}
              helperText={
                <>
                  {errorText && (
                    <Box component="span" sx={{ display: 'block' }}>
                      {errorText}
                    </Box>
                  )}
                  <Box component="span" data-testid="report-count">
                    {length >= MIN
                      ? t('support.report.enough', { count: length })
                      : t('support.report.count', { count: length, min: MIN })}
                  </Box>
                </>
              }
              slotProps={{
                htmlInput: {
                  'aria-required': true,
                  'aria-describedby': 'report-hint report-text-helper-text',
                },
              }}
            />
            <Button type="submit" variant="contained" size="large" sx={{ mt: 1 }} disabled={send.isPending}>
              {t('support.report.submit')}
            </Button>
          </Box>
        )}
      </Paper>
    </>
  );
}

import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import {
  Form,
  PasswordInput,
  required,
  TextInput,
  useBasename,
  useCheckAuth,
  useLogin,
  useNavigate,
  useTranslate,
} from 'react-admin';
import { LocaleSwitcher } from '../layout/LocaleSwitcher';
import { type StaffCredentials } from './authProvider';

const refusalKey = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : 'ra.auth.sign_in_error';

/** Staff sign-in. A refusal (wrong password, a customer account) stays on the form, not in a passing toast. */
export const StaffLoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  // react-router's navigate is not under the console's basename: '/' alone would open the customer app.
  const basename = useBasename();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Someone already signed in goes straight to the console.
    checkAuth({}, false)
      .then(() => navigate(`${basename}/`))
      .catch(() => undefined);
  }, [checkAuth, navigate, basename]);

  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    setRefusal(null);
    try {
      await login(values as unknown as StaffCredentials);
    } catch (error) {
      setRefusal(refusalKey(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'flex-start',
        bgcolor: 'grey.100',
      }}
    >
      <Card sx={{ width: 380, maxWidth: '100%', mt: { xs: 4, sm: 12 } }}>
        <CardContent>
          <Stack spacing={1} sx={{ mb: 2 }}>
            <Typography component="h1" variant="h5">
              {translate('console.login.heading')}
            </Typography>
            <Typography color="text.secondary">{translate('console.login.intro')}</Typography>
          </Stack>
          <Form onSubmit={submit} noValidate>
            <TextInput
              source="username"
              type="email"
              label="console.login.email"
              autoComplete="username"
              autoFocus
              validate={required()}
              fullWidth
            />
            <PasswordInput
              source="password"
              label="console.login.password"
              autoComplete="current-password"
              validate={required()}
              fullWidth
            />
            {refusal && (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {translate(refusal, { _: translate('ra.auth.sign_in_error') })}
              </Alert>
            )}
            <Button
              type="submit"
              variant="contained"
              fullWidth
              disabled={busy}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {translate('console.login.submit')}
            </Button>
          </Form>
          <Box sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}>
            <LocaleSwitcher color="primary" />
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
};

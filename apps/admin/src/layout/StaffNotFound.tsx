import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import { Link } from 'react-router-dom';
import { Loading, Title, useAuthenticated, useBasename, useTranslate } from 'react-admin';

/**
 * A path the console does not have (or not for this role). The app bar's title says so as the page's one h1;
 * react-admin's own page added a second h1 under its untranslated default title.
 */
export const StaffNotFound = () => {
  const translate = useTranslate();
  // Signed out, the login page answers instead.
  const { isPending } = useAuthenticated();
  const basename = useBasename();
  if (isPending) return <Loading />;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="ra.page.not_found" />
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{`${translate('ra.message.not_found')}.`}</Typography>
          <Button component={Link} to={`${basename}/`} variant="contained" startIcon={<HomeIcon />}>
            {translate('console.notFound.home')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};

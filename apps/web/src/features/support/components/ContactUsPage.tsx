import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ContactForm } from './ContactForm';

/** ContactUs (/contact-us, public): the contact-sales form. */
export function ContactUsPage() {
  const { t } = useTranslation();
  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>
        {t('routes.ContactUs')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('pages.ContactUs')}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        <ContactForm />
      </Paper>
    </>
  );
}

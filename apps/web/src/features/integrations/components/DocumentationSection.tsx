import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@estancia/ui';

/** Served by the API on the same origin (Swagger UI over the generated OpenAPI document). */
const API_DOCS_PATH = '/api/docs';
const OPENAPI_PATH = '/api/openapi.json';

/** The interactive documentation, embedded, with a way out to a full tab and the machine-readable document. */
export function DocumentationSection() {
  const { t, i18n } = useTranslation();
  // The docs follow the app's language, not the browser's.
  const docs = `${API_DOCS_PATH}?lang=${i18n.resolvedLanguage ?? i18n.language}`;
  return (
    <>
      <Typography sx={{ mt: 1 }}>{t('integrations.docs.text')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, my: 2 }}>
        <Link
          href={docs}
          target="_blank"
          rel="noopener"
          underline="always"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          {t('integrations.docs.open')}
          <OpenInNewIcon fontSize="small" aria-hidden />
          <Box component="span" sx={visuallyHidden}>
            {t('integrations.newTab')}
          </Box>
        </Link>
        <Link
          href={OPENAPI_PATH}
          download="openapi.json"
          underline="always"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          {t('integrations.docs.download')}
          <DownloadIcon fontSize="small" aria-hidden />
        </Link>
      </Box>
      <Box
        component="iframe"
        src={docs}
        title={t('integrations.docs.frameTitle')}
        loading="lazy"
        sx={{
          display: 'block',
          width: '100%',
          height: { xs: '75vh', md: 900 },
          minHeight: 480,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
        }}
      />
    </>
  );
}

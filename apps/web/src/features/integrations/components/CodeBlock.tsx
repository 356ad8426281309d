import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './CopyButton';

/** A snippet to copy and paste: it scrolls sideways inside its own box, never the page. */
export function CodeBlock({ code, title }: { code: string; title: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 1, mb: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary" component="span">
          {title}
        </Typography>
        <CopyButton value={code} label={t('integrations.copyCode', { title })} />
      </Box>
      <Box
        component="pre"
        role="region"
        aria-label={title}
        // Focusable so that keyboard users can scroll a long line.
        tabIndex={0}
        sx={{
          m: 0,
          p: 2,
          overflowX: 'auto',
          maxWidth: '100%',
          bgcolor: 'grey.900',
          color: 'grey.50',
          borderRadius: 1,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.8125rem',
          lineHeight: 1.6,
        }}
      >
        <code>{code}</code>
      </Box>
    </Box>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOWNLOAD_FORMATS, DOWNLOAD_SIZES, type DownloadOptions } from '@estancia/contracts';
import { reportApiError } from '../../../shared/forms';
import { useDownloadOptions, useSaveDownloadOptions } from '../../billing/api/download-options';
import { notifications } from '../../notifications/notifications';

function DownloadOptionsForm({ saved }: { saved: DownloadOptions }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState(saved);
  const save = useSaveDownloadOptions();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(options, {
      onSuccess: () => notifications.toast('information', { key: 'billingAccount.downloadOptions.saved' }),
      onError: (error) => reportApiError(error),
    });
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <FormControl>
        <FormLabel id="download-format-label">{t('billingAccount.downloadOptions.format')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="download-format-label"
          value={options.format}
          onChange={(_, format) => setOptions({ ...options, format: format as DownloadOptions['format'] })}
        >
          {DOWNLOAD_FORMATS.map((format) => (
            <FormControlLabel
              key={format}
              value={format}
              control={<Radio />}
              label={t(`billingAccount.downloadOptions.formats.${format}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <FormControl>
        <FormLabel id="download-size-label">{t('billingAccount.downloadOptions.size')}</FormLabel>
        <RadioGroup
          aria-labelledby="download-size-label"
          value={options.size}
          onChange={(_, size) => setOptions({ ...options, size: size as DownloadOptions['size'] })}
        >
          {DOWNLOAD_SIZES.map((size) => (
            <FormControlLabel
              key={size}
              value={size}
              control={<Radio />}
              label={t(`billingAccount.downloadOptions.sizes.${size}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Box>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('billingAccount.downloadOptions.submit')}
        </Button>
      </Box>
    </Box>
  );
}

/** The format and size every download of the user's images uses. */
export function DownloadOptionsSection() {
  const { t } = useTranslation();
  const options = useDownloadOptions();
  if (options.isPending) return <CircularProgress size={24} aria-label={t('common.loading')} />;
  if (options.isError) return <Typography role="alert">{t('billingAccount.loadError')}</Typography>;
  return <DownloadOptionsForm saved={options.data} />;
}

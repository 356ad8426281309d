import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  ErrorCode,
  LIMITS,
  redecorateFreeTryRequestSchema,
  type FreeTry,
  type RoomType,
  type Style,
} from '@estancia/contracts';
import { ApiRequestError } from '../../../shared/api';
import { CompareSlider } from '../../decorations/components/CompareSlider';
import { RoomAndStyleFields } from '../../decorations/components/RoomAndStyleFields';
import { useRoomAndStyleLock } from '../../decorations/hooks/useRoomAndStyleLock';
import { freeTryApi } from '../api/free-try-api';
import { asRoomType, asStyle } from '../catalogue-choice';
import { isExpired } from '../current-try';
import { useNow } from '../hooks/useNow';
import { DownloadHdDialog } from './DownloadHdDialog';
import { ExpiryCountdown } from './ExpiryCountdown';
import { PaidDownloadDialog } from './PaidDownloadDialog';
import { ResetTryDialog } from './ResetTryDialog';

type RedecorateInput = z.input<typeof redecorateFreeTryRequestSchema>;
type RedecorateOutput = z.output<typeof redecorateFreeTryRequestSchema>;

/**
 * A decorated try: the watermarked preview against the original, the time left before its images are
 * deleted, redecoration (unlimited), the HD download and starting over. A visitor downloads by e-mail or
 * by registering; a signed-in user (`customer`) pays for it.
 */
export function FreeTryResult({
  freeTry,
  mode,
  title,
  intro,
  onChange,
  onStartOver,
}: {
  freeTry: FreeTry;
  mode: 'visitor' | 'customer';
  title: string;
  intro?: string;
  onChange: (next: FreeTry) => void;
  onStartOver: () => void;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const roomAndStyleLock = useRoomAndStyleLock();
  const [goneOnServer, setGoneOnServer] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [error, setError] = useState<ErrorCode | null>(null);
  const { watch, setValue, handleSubmit } = useForm<RedecorateInput, unknown, RedecorateOutput>({
    resolver: zodResolver(redecorateFreeTryRequestSchema),
    defaultValues: { roomType: asRoomType(freeTry.roomType), style: asStyle(freeTry.style) },
  });
  const redecorate = useMutation({
    mutationFn: (request: RedecorateOutput) => freeTryApi.redecorate(freeTry.id, request),
  });
  const submit = handleSubmit(async (request) => {
    setError(null);
    try {
      onChange(await redecorate.mutateAsync(request));
    } catch (failure) {
      const code = failure instanceof ApiRequestError ? failure.code : ErrorCode.INTERNAL;
      if (code === ErrorCode.FREE_TRY_EXPIRED) setGoneOnServer(true);
      else setError(code);
    }
  });

  const headingId = `free-try-result-${freeTry.id}`;
  if (goneOnServer || isExpired(freeTry, now)) {
    return (
      <Box component="section" aria-labelledby={headingId} sx={{ my: 3 }}>
        <Typography id={headingId} component="h2" variant="h2" gutterBottom>
          {title}
        </Typography>
        <Alert severity="warning" role="status" sx={{ mb: 2 }}>
          {t('freeTry.expiry.expired', { minutes: LIMITS.freeTryExpiryMinutes })}
        </Alert>
        <Button variant="contained" onClick={onStartOver}>
          {t('freeTry.startOver')}
        </Button>
      </Box>
    );
  }

  const roomType = watch('roomType') as RoomType;
  const style = watch('style') as Style;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ my: 3 }}>
      <Typography id={headingId} component="h2" variant="h2" gutterBottom>
        {title}
      </Typography>
      {intro && <Typography sx={{ mb: 2 }}>{intro}</Typography>}
      <Box sx={{ maxWidth: 900 }}>
        <CompareSlider
          before={freeTry.originalUrl}
          after={freeTry.previewUrl}
          beforeAlt={t('freeTry.result.before')}
          afterAlt={t('freeTry.result.after')}
          label={t('freeTry.result.compare')}
        />
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('freeTry.result.watermark')}
      </Typography>
      <ExpiryCountdown expiresAt={freeTry.expiresAt} now={now} />
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
        <Button variant="contained" size="large" onClick={() => setDownloading(true)}>
          {t('freeTry.download')}
        </Button>
        <Button variant="outlined" size="large" onClick={() => setResetting(true)}>
          {t('freeTry.startOver')}
        </Button>
      </Stack>

      <Box component="form" noValidate onSubmit={submit} sx={{ mt: 4 }}>
        <Typography component="h3" variant="h5" gutterBottom>
          {t('freeTry.redecorate.title')}
        </Typography>
        <RoomAndStyleFields
          idPrefix="free-try-redecorate"
          roomType={roomType}
          style={style}
          roomTypeLabel={t('freeTry.roomType')}
          styleLabel={t('freeTry.style')}
          onChange={(value) => {
            setValue('roomType', value.roomType);
            setValue('style', value.style);
          }}
          lock={roomAndStyleLock}
          keep={{ roomType: asRoomType(freeTry.roomType), style: asStyle(freeTry.style) }}
        />
        {error && (
          <Alert severity={error === ErrorCode.HIGH_DEMAND ? 'warning' : 'error'} role="alert" sx={{ mt: 2 }}>
            {t(`errors:${error}`)}
          </Alert>
        )}
        <Stack direction="row" gap={2} alignItems="center" sx={{ mt: 2 }}>
          <Button type="submit" variant="outlined" disabled={redecorate.isPending}>
            {t('freeTry.redecorate.action')}
          </Button>
          {redecorate.isPending && (
            <Stack direction="row" gap={1} alignItems="center" role="status">
              <CircularProgress size={20} aria-hidden />
              <Typography>{t('freeTry.redecorate.working')}</Typography>
            </Stack>
          )}
        </Stack>
      </Box>

      {mode === 'visitor' ? (
        <DownloadHdDialog freeTry={freeTry} open={downloading} onClose={() => setDownloading(false)} />
      ) : (
        <PaidDownloadDialog freeTry={freeTry} open={downloading} onClose={() => setDownloading(false)} />
      )}
      <ResetTryDialog
        open={resetting}
        onClose={() => setResetting(false)}
        onConfirm={() => {
          setResetting(false);
          onStartOver();
        }}
      />
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { z } from 'zod';
import {
  ErrorCode,
  LIMITS,
  startFreeTryFieldsSchema,
  type FreeTry,
  type RoomType,
  type Style,
} from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { ApiRequestError } from '../../../shared/api';
import { fitPhoto, reductionValues } from '../../../shared/photo-fit';
import { DEFAULT_ROOM_TYPE, DEFAULT_STYLE } from '../../decorations/catalogue';
import { PhotoPicker } from '../../decorations/components/PhotoPicker';
import { RoomAndStyleFields } from '../../decorations/components/RoomAndStyleFields';
import { useRoomAndStyleLock } from '../../decorations/hooks/useRoomAndStyleLock';
import { freeTryApi } from '../api/free-try-api';
import { forgetCurrentTry, loadCurrentTry, saveCurrentTry } from '../current-try';
import { FreeTryResult } from './FreeTryResult';
import { InspirationGallery } from './InspirationGallery';
import { TryFreeSteps } from './TryFreeSteps';

type FieldsInput = z.input<typeof startFreeTryFieldsSchema>;
type FieldsOutput = z.output<typeof startFreeTryFieldsSchema>;

interface ChosenPhoto {
  file: File;
  url: string;
  /** The chosen file's size, when it was reduced to the 2 MB limit. */
  reducedFrom?: number;
}

/**
 * `/try-free` (FileUpload): a visitor decorates one photo without an account (TryFreeSteps: photo, room
 * and style, decorate), then redecorates it, downloads it in HD or starts again. The try is kept in this
 * browser until its images are deleted, so a reload or a sign-in shows it again.
 */
export function FreeTryPage() {
  const { t, i18n } = useTranslation();
  // A visitor has no plan: the rooms and styles a plan adds are shown locked, as after registering.
  const roomAndStyleLock = useRoomAndStyleLock();
  const [freeTry, setFreeTry] = useState<FreeTry | null>(loadCurrentTry);
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const [reducing, setReducing] = useState(false);
  const [photoError, setPhotoError] = useState<{ name: string; code: ErrorCode } | null>(null);
  const [error, setError] = useState<ErrorCode | null>(null);
  const { watch, setValue, handleSubmit } = useForm<FieldsInput, unknown, FieldsOutput>({
    resolver: zodResolver(startFreeTryFieldsSchema),
    defaultValues: { roomType: DEFAULT_ROOM_TYPE, style: DEFAULT_STYLE },
  });
  const start = useMutation({
    mutationFn: ({ file, fields }: { file: File; fields: FieldsOutput }) => freeTryApi.start(file, fields),
  });

  // The chosen photo's preview URL is freed when it is replaced or the page is left.
  useEffect(
    () => () => {
      if (photo) URL.revokeObjectURL(photo.url);
    },
    [photo],
  );

  const show = (next: FreeTry) => {
    saveCurrentTry(next);
    setFreeTry(next);
  };
  const startOver = () => {
    forgetCurrentTry();
    setFreeTry(null);
    setPhoto(null);
    setPhotoError(null);
    setError(null);
  };
  const choose = async (files: File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    setError(null);
    setPhotoError(null);
    setReducing(chosen.size > LIMITS.maxImageBytes);
    const fit = await fitPhoto(chosen);
    setReducing(false);
    if (!fit.ok) return setPhotoError({ name: fit.name, code: fit.code });
    const reducedFrom = fit.reduced ? fit.originalBytes : undefined;
    setPhoto({ file: fit.file, url: URL.createObjectURL(fit.file), reducedFrom });
  };
  const decorate = handleSubmit(async (fields) => {
    if (!photo) return setError(ErrorCode.NO_IMAGE_SELECTED);
    setError(null);
    try {
      show(await start.mutateAsync({ file: photo.file, fields }));
      setPhoto(null);
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.code : ErrorCode.INTERNAL);
    }
  });

  const step = freeTry || start.isPending ? 2 : photo ? 1 : 0;
  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>
        {t('routes.FileUpload')}
      </Typography>
      <Typography>{t('pages.FileUpload')}</Typography>
      <TryFreeSteps active={step} />

      {freeTry ? (
        <FreeTryResult
          freeTry={freeTry}
          mode="visitor"
          title={t('freeTry.result.title')}
          onChange={show}
          onStartOver={startOver}
        />
      ) : (
        <Box component="form" noValidate onSubmit={decorate}>
          <Box component="section" aria-labelledby="free-try-photo-title">
            <Typography id="free-try-photo-title" component="h2" variant="h5" gutterBottom>
              1. {t('freeTry.steps.photo')}
            </Typography>
            <Typography sx={{ mb: 2 }}>{t('freeTry.photoTips')}</Typography>
            <PhotoPicker
              label={t('freeTry.photoLabel')}
              onFiles={(files) => void choose(files)}
              multiple={false}
              disabled={start.isPending || reducing}
            />
            {reducing && (
              <Stack direction="row" gap={1} alignItems="center" role="status" sx={{ mt: 2 }}>
                <CircularProgress size={20} aria-hidden />
                <Typography variant="body2">{t('photoFit.reducing')}</Typography>
              </Stack>
            )}
            {photoError && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {photoError.name}: {t(`errors:${photoError.code}`)}
              </Alert>
            )}
            {photo && (
              <Box
                component="img"
                src={photo.url}
                alt={t('freeTry.photoAlt', { name: photo.file.name })}
                sx={{ mt: 2, maxWidth: '100%', maxHeight: 280, borderRadius: 1 }}
              />
            )}
            {photo?.reducedFrom !== undefined && (
              <Typography variant="body2" role="status">
                {t('photoFit.reduced', reductionValues(photo.reducedFrom, photo.file.size, i18n.language))}
              </Typography>
            )}
          </Box>
          <Box component="section" aria-labelledby="free-try-choice-title" sx={{ mt: 4 }}>
            <Typography id="free-try-choice-title" component="h2" variant="h5" gutterBottom>
              2. {t('freeTry.steps.roomAndStyle')}
            </Typography>
            <RoomAndStyleFields
              idPrefix="free-try"
              roomType={watch('roomType') as RoomType}
              style={watch('style') as Style}
              roomTypeLabel={t('freeTry.roomType')}
              styleLabel={t('freeTry.style')}
              onChange={(value) => {
                setValue('roomType', value.roomType);
                setValue('style', value.style);
              }}
              lock={roomAndStyleLock}
            />
          </Box>
          {error && <StartError code={error} />}
          <Stack direction="row" gap={2} alignItems="center" sx={{ mt: 3 }}>
            <Button type="submit" variant="contained" size="large" disabled={start.isPending || reducing}>
              {t('freeTry.decorate')}
            </Button>
            {start.isPending && (
              <Stack direction="row" gap={1} alignItems="center" role="status">
                <CircularProgress size={24} aria-hidden />
                <Typography>{t('freeTry.decorating')}</Typography>
              </Stack>
            )}
          </Stack>
        </Box>
      )}

      <InspirationGallery />
    </>
  );
}

/** Why the try was not made: the photo, high demand, or the free tries used up (then: register). */
function StartError({ code }: { code: ErrorCode }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity={code === ErrorCode.HIGH_DEMAND ? 'warning' : 'error'}
      role="alert"
      sx={{ mt: 3 }}
      action={
        code === ErrorCode.FREE_TRY_LIMIT ? (
          <Button color="inherit" size="small" component={RouterLink} to={pathTo('Register')}>
            {t('freeTry.limitRegister')}
          </Button>
        ) : undefined
      }
    >
      {t(`errors:${code}`)}
    </Alert>
  );
}

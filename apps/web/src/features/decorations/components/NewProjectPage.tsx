import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router-dom';
import { ErrorCode, LIMITS, type DecorationType, type RoomType, type Style } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { queryKeys } from '../../../shared/query-client';
import { ApiRequestError } from '../../../shared/api';
import { reportApiError } from '../../../shared/forms';
import { notifications } from '../../notifications/notifications';
import { useEngineCapabilities } from '../../platform/hooks/usePlatform';
import { Tutorial } from '../../onboarding/components/Tutorial';
import { projectsApi } from '../../projects/api/projects-api';
import { session, useSession } from '../../session/session';
import { DEFAULT_ROOM_TYPE, DEFAULT_STYLE } from '../catalogue';
import { checkFiles, orderCost, type FileRefusal } from '../wizard-rules';
import { DecorationLimitDialog, NeedMoreCreditsDialog } from './CreditModals';
import { EmptyRoomSwitch } from './EmptyRoomSwitch';
import { PhotoPicker } from './PhotoPicker';
import { RoomAndStyleFields } from './RoomAndStyleFields';

interface Photo {
  key: number;
  file: File;
  url: string;
  roomType: RoomType;
  style: Style;
  type: DecorationType;
  emptyRoom: boolean;
  /** Set once the API has accepted the upload, so a second finish does not send it again. */
  imageId?: string;
  refusal?: ErrorCode;
}

let nextKey = 1;

export function NewProjectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useSession();
  const balance = user?.credits ?? 0;
  const { emptiesRooms } = useEngineCapabilities();
  const [propertyName, setPropertyName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [refusals, setRefusals] = useState<FileRefusal[]>([]);
  const [overLimit, setOverLimit] = useState<number | null>(null);
  const [needCredits, setNeedCredits] = useState(false);
  const [photosError, setPhotosError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  // The project is created once; a finish retried after refused uploads reuses it.
  const projectId = useRef<string | null>(null);

  const cost = orderCost(photos.map((photo) => photo.type));
  const blocker = useBlocker(photos.length > 0 && !done);

  // The previews' object URLs are freed when the wizard is left.
  const shown = useRef(photos);
  shown.current = photos;
  useEffect(() => () => shown.current.forEach((photo) => URL.revokeObjectURL(photo.url)), []);

  const addFiles = (files: File[]) => {
    const check = checkFiles(photos.length, files);
    setRefusals(check.refused);
    setOverLimit(check.overLimit);
    if (check.accepted.length) setPhotosError(false);
    setPhotos((current) => [
      ...current,
      ...check.accepted.map((file) => ({
        key: nextKey++,
        file,
        url: URL.createObjectURL(file),
        roomType: DEFAULT_ROOM_TYPE,
        style: DEFAULT_STYLE,
        type: 'automatic' as const,
        emptyRoom: false,
      })),
    ]);
  };
  const update = (key: number, change: Partial<Photo>) =>
    setPhotos((current) => current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));
  const removePhoto = (key: number) =>
    setPhotos((current) => {
      const photo = current.find((p) => p.key === key);
      if (photo) URL.revokeObjectURL(photo.url);
      return current.filter((p) => p.key !== key);
    });

  const finish = async () => {
    const name = propertyName.trim();
    setNameError(name ? null : t('validation:required'));
    setPhotosError(photos.length === 0);
    if (!name || photos.length === 0) return;
    if (cost > balance) {
      setNeedCredits(true);
      return;
    }
    setBusy(true);
    try {
      if (!projectId.current) {
        try {
          projectId.current = (await projectsApi.create(name)).id;
        } catch (error) {
          if (error instanceof ApiRequestError && error.code === ErrorCode.PROJECT_EXISTS) {
            setNameError(t('errors:PROJECT_EXISTS'));
          }
          reportApiError(error);
          return;
        }
      }
      const id = projectId.current;
      // One photo per request, so each refusal (a person in it, not an image…) lands on its own photo.
      const uploaded = await Promise.all(
        photos.map(async (photo) => {
          if (photo.imageId) return photo;
          try {
            const { images } = await projectsApi.upload(id, [photo.file]);
            return { ...photo, imageId: images[0]?.id, refusal: undefined };
          } catch (error) {
            const code = error instanceof ApiRequestError ? error.code : ErrorCode.INTERNAL;
            return { ...photo, refusal: code };
          }
        }),
      );
      setPhotos(uploaded);
      if (uploaded.some((photo) => !photo.imageId)) {
        notifications.toast('error', { key: 'wizard.uploadRefused' });
        return;
      }
      try {
        const order = await projectsApi.order(id, {
          items: uploaded.map((photo) => ({
            imageId: photo.imageId as string,
            roomType: photo.roomType,
            style: photo.style,
            type: photo.type,
            // A switch left on from before the engine changed is not sent: the API would refuse the order.
            emptyRoom: emptiesRooms && photo.emptyRoom,
          })),
        });
        const current = session.getState().user;
        if (current) session.setUser({ ...current, credits: order.balance });
      } catch (error) {
        if (error instanceof ApiRequestError && error.code === ErrorCode.INSUFFICIENT_CREDITS) {
          setNeedCredits(true);
        } else {
          // The engine changed since the page loaded: ask again, so the switch goes away.
          if (error instanceof ApiRequestError && error.code === ErrorCode.EMPTY_ROOM_UNAVAILABLE) {
            void client.invalidateQueries({ queryKey: queryKeys.platformEngine });
          }
          reportApiError(error);
        }
        return;
      }
      setDone(true);
      void client.invalidateQueries({ queryKey: ['projects'] });
      notifications.toast('information', { key: 'wizard.finished' });
    } finally {
      setBusy(false);
    }
  };

  // Navigate once the blocker has seen `done`, so the finish does not ask about unsaved changes.
  useEffect(() => {
    if (done && projectId.current) void navigate(pathTo('Project', { id: projectId.current }));
  }, [done, navigate]);

  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>
        {t('routes.NewProject')}
      </Typography>
      <Tutorial name="newProject" pageTitle={t('routes.NewProject')} />
      <TextField
        id="wizard-property-name"
        label={t('wizard.propertyName')}
        value={propertyName}
        onChange={(event) => {
          setPropertyName(event.target.value);
          setNameError(null);
          // A new name means a new project: a project that failed to be created is not reused.
          if (!photos.some((photo) => photo.imageId)) projectId.current = null;
        }}
        error={nameError !== null}
        helperText={nameError}
        slotProps={{ htmlInput: { 'aria-required': true, maxLength: 120 } }}
        fullWidth
        margin="normal"
        disabled={photos.some((photo) => photo.imageId)}
      />

      <Typography component="h2" variant="h5" sx={{ mt: 3, mb: 1 }}>
        {t('wizard.photos')}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        <Typography fontWeight="bold">{t('wizard.tipsTitle')}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          <li>{t('wizard.tipWalls')}</li>
          <li>{t('wizard.tipStraight')}</li>
          <li>{t('wizard.tipLight')}</li>
        </Box>
      </Alert>
      <PhotoPicker
        label={t('wizard.fileInput')}
        onFiles={addFiles}
        disabled={busy || photos.length >= LIMITS.maxPhotosPerProject}
      />
      {photosError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('wizard.noPhotos')}
        </Alert>
      )}
      {refusals.length > 0 && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {refusals.map((refusal, index) => (
              <li key={`${refusal.name}-${index}`}>
                {refusal.name}: {t(`errors:${refusal.code}`)}
              </li>
            ))}
          </Box>
        </Alert>
      )}

      <Stack spacing={2} sx={{ my: 2 }}>
        {photos.map((photo, index) => {
          const n = index + 1;
          return (
            <Card
              key={photo.key}
              variant="outlined"
              component="section"
              aria-label={t('wizard.photoAlt', { n, name: photo.file.name })}
            >
              <Stack direction={{ xs: 'column', md: 'row' }}>
                <CardMedia
                  component="img"
                  image={photo.url}
                  alt={t('wizard.photoAlt', { n, name: photo.file.name })}
                  sx={{ width: { md: 240 }, maxHeight: 200, objectFit: 'cover' }}
                />
                <CardContent sx={{ flex: 1 }}>
                  <Stack direction="row" justifyContent="space-between" alignItems="center">
                    <Typography component="h3" variant="subtitle1" noWrap>
                      {n}. {photo.file.name}
                    </Typography>
                    <IconButton
                      aria-label={t('wizard.remove', { n })}
                      onClick={() => removePhoto(photo.key)}
                      disabled={busy}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Stack>
                  {photo.refusal && (
                    <Alert severity="error" sx={{ my: 1 }}>
                      {t('wizard.refused', { n, reason: t(`errors:${photo.refusal}`) })}
                    </Alert>
                  )}
                  <Box sx={{ my: 1 }}>
                    <RoomAndStyleFields
                      idPrefix={`photo-${photo.key}`}
                      roomType={photo.roomType}
                      style={photo.style}
                      roomTypeLabel={t('wizard.roomType', { n })}
                      styleLabel={t('wizard.style', { n })}
                      onChange={(value) => update(photo.key, value)}
                    />
                  </Box>
                  {emptiesRooms && (
                    <Box sx={{ mb: 1 }}>
                      <EmptyRoomSwitch
                        id={`photo-${photo.key}-empty-room`}
                        checked={photo.emptyRoom}
                        disabled={busy}
                        onChange={(emptyRoom) => update(photo.key, { emptyRoom })}
                      />
                    </Box>
                  )}
                  <FormControl>
                    <FormLabel id={`photo-${photo.key}-type`}>{t('wizard.type', { n })}</FormLabel>
                    <RadioGroup
                      row
                      aria-labelledby={`photo-${photo.key}-type`}
                      value={photo.type}
                      onChange={(event) => update(photo.key, { type: event.target.value as DecorationType })}
                    >
                      <FormControlLabel
                        value="automatic"
                        control={<Radio />}
                        label={t('wizard.automaticHint')}
                      />
                      <FormControlLabel
                        value="supervised"
                        control={<Radio />}
                        label={t('wizard.supervisedHint')}
                      />
                    </RadioGroup>
                  </FormControl>
                </CardContent>
              </Stack>
            </Card>
          );
        })}
      </Stack>

      <Card variant="outlined" component="section" aria-labelledby="credit-summary-title" sx={{ my: 2 }}>
        <CardContent>
          <Typography id="credit-summary-title" component="h2" variant="h6">
            {t('wizard.summaryTitle')}
          </Typography>
          <Typography>{t('wizard.summaryCost', { count: cost })}</Typography>
          <Typography>{t('wizard.summaryBalance', { count: balance })}</Typography>
          <Typography color={cost > balance ? 'error' : undefined}>
            {t('wizard.summaryAfter', { count: balance - cost })}
          </Typography>
        </CardContent>
      </Card>
      <Button variant="contained" size="large" onClick={() => void finish()} disabled={busy}>
        {busy ? t('wizard.finishing') : t('wizard.finish')}
      </Button>

      <NeedMoreCreditsDialog
        open={needCredits}
        cost={cost}
        balance={balance}
        onClose={() => setNeedCredits(false)}
      />
      <DecorationLimitDialog
        selected={overLimit}
        limit={LIMITS.maxPhotosPerProject}
        onClose={() => setOverLimit(null)}
      />
      <Dialog
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        aria-labelledby="unsaved-title"
      >
        <DialogTitle id="unsaved-title">{t('wizard.unsavedTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('wizard.unsavedText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => blocker.reset?.()}>{t('wizard.stay')}</Button>
          <Button color="error" onClick={() => blocker.proceed?.()}>
            {t('wizard.leave')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

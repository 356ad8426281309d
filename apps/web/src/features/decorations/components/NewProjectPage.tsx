import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import CircularProgress from '@mui/material/CircularProgress';
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
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router-dom';
import { ErrorCode, LIMITS, type DecorationType, type RoomType, type Style } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { queryKeys } from '../../../shared/query-client';
import { ApiRequestError } from '../../../shared/api';
import { fitPhoto, reductionValues } from '../../../shared/photo-fit';
import { reportApiError } from '../../../shared/forms';
import { refreshSessionUser } from '../../billing/api/subscription';
import { checkoutReturn } from '../../billing/checkout-return';
import { notifications } from '../../notifications/notifications';
import { useEngineCapabilities } from '../../platform/hooks/usePlatform';
import { Tutorial } from '../../onboarding/components/Tutorial';
import { projectsApi } from '../../projects/api/projects-api';
import { session, useSession } from '../../session/session';
import { DEFAULT_ROOM_TYPE, DEFAULT_STYLE } from '../catalogue';
import { useRoomAndStyleLock } from '../hooks/useRoomAndStyleLock';
import { useWizardDraft } from '../hooks/useWizardDraft';
import { newDraftPhotoId, type WizardDraft } from '../wizard-draft';
import { checkFiles, orderCost, type FileRefusal } from '../wizard-rules';
import { DecorationLimitDialog, NeedMoreCreditsDialog, orderLimitOf, takeToldBalance } from './CreditModals';
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
  /** Being reduced to the 2 MB limit in the browser (shared/photo-fit). */
  preparing?: boolean;
  /** The chosen file's size, when it was reduced to fit. */
  reducedFrom?: number;
}

/** A chosen file that did not become a photo, shown where the photos are, by its name. */
interface Refusal extends FileRefusal {
  key: number;
}

let nextKey = 1;

export function NewProjectPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { user } = useSession();
  const balance = user?.credits ?? 0;
  const { emptiesRooms } = useEngineCapabilities();
  const roomAndStyleLock = useRoomAndStyleLock();
  const [propertyName, setPropertyName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [overLimit, setOverLimit] = useState<{ selected: number; limit: number; byPlan: boolean } | null>(
    null,
  );
  const [needCredits, setNeedCredits] = useState(false);
  // The API said the plan's decorations are used up (PLAN_EXCEEDED): the subscriber's offer, whatever the session says.
  const [planExceeded, setPlanExceeded] = useState(false);
  const [photosError, setPhotosError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  // The project is created once; a finish retried after refused uploads reuses it.
  const projectId = useRef<string | null>(null);
  const [restored, setRestored] = useState(false);
  // Set while the customer leaves to buy credits: the draft is kept, so nothing to ask about.
  const leavingForCredits = useRef(false);

  const cost = orderCost(photos.map((photo) => photo.type));
  const blocker = useBlocker(() => photos.length > 0 && !done && !leavingForCredits.current);

  // The previews' object URLs are freed when the wizard is left.
  const shown = useRef(photos);
  shown.current = photos;

  // The draft survives a reload and the trip to the payment gateway (wizard-draft.ts). Each photo keeps
  // one id across saves: a restored photo its stored one, a new one this visit's id plus its key.
  const visit = useRef(newDraftPhotoId());
  const draftIds = useRef(new Map<number, string>());
  const currentProjectId = projectId.current;
  const draft = useMemo<WizardDraft>(
    () => ({
      propertyName,
      projectId: currentProjectId,
      // A photo still being reduced is stored once it fits the limit.
      photos: photos
        .filter((photo) => !photo.preparing)
        .map((photo) => ({
          id: draftIds.current.get(photo.key) ?? `${visit.current}-${photo.key}`,
          file: photo.file,
          roomType: photo.roomType,
          style: photo.style,
          type: photo.type,
          emptyRoom: photo.emptyRoom,
          imageId: photo.imageId,
        })),
    }),
    [propertyName, currentProjectId, photos],
  );
  const restoreDraft = (stored: WizardDraft) => {
    // Photos chosen before the stored draft was read win over it.
    if (shown.current.length > 0) return;
    setPhotos(
      stored.photos.map((photo) => {
        const key = nextKey++;
        draftIds.current.set(key, photo.id);
        return {
          key,
          file: photo.file,
          url: URL.createObjectURL(photo.file),
          roomType: photo.roomType,
          style: photo.style,
          type: photo.type,
          emptyRoom: photo.emptyRoom,
          imageId: photo.imageId,
        };
      }),
    );
    setPropertyName((current) => current || stored.propertyName);
    projectId.current = stored.projectId;
    setRestored(true);
  };
  const savedDraft = useWizardDraft(user?.id, draft, restoreDraft);
  const leaveForCredits = () => {
    leavingForCredits.current = true;
    return savedDraft.flush();
  };
  const startOver = () => {
    void savedDraft.discard();
    photos.forEach((photo) => URL.revokeObjectURL(photo.url));
    setPhotos([]);
    setPropertyName('');
    setNameError(null);
    setRefusals([]);
    setPhotosError(false);
    projectId.current = null;
    setRestored(false);
  };
  useEffect(() => () => shown.current.forEach((photo) => URL.revokeObjectURL(photo.url)), []);

  // Photos over 2 MB are reduced one after another (several 12 MP decodes at once can exhaust a phone).
  const fitting = useRef<Promise<void>>(Promise.resolve());
  const fitToLimit = (photo: Photo) => {
    fitting.current = fitting.current.then(async () => {
      const fit = await fitPhoto(photo.file);
      // Removed while it was being reduced: nothing to show.
      if (!shown.current.some((p) => p.key === photo.key)) return;
      if (fit.ok) {
        const url = URL.createObjectURL(fit.file);
        URL.revokeObjectURL(photo.url);
        const reducedFrom = fit.reduced ? fit.originalBytes : undefined;
        update(photo.key, { file: fit.file, url, preparing: false, reducedFrom });
      } else {
        URL.revokeObjectURL(photo.url);
        setPhotos((current) => current.filter((p) => p.key !== photo.key));
        setRefusals((current) => [...current, { key: nextKey++, name: fit.name, code: fit.code }]);
      }
    });
  };

  const addFiles = (files: File[]) => {
    const check = checkFiles(photos.length, files);
    setRefusals(check.refused.map((refusal) => ({ ...refusal, key: nextKey++ })));
    setOverLimit(
      check.overLimit === null
        ? null
        : { selected: check.overLimit, limit: LIMITS.maxPhotosPerProject, byPlan: false },
    );
    if (check.accepted.length) setPhotosError(false);
    const added: Photo[] = check.accepted.map((file) => ({
      key: nextKey++,
      file,
      url: URL.createObjectURL(file),
      roomType: DEFAULT_ROOM_TYPE,
      style: DEFAULT_STYLE,
      type: 'automatic' as const,
      emptyRoom: false,
      preparing: file.size > LIMITS.maxImageBytes,
    }));
    setPhotos((current) => [...current, ...added]);
    added.filter((photo) => photo.preparing).forEach(fitToLimit);
  };
  const update = (key: number, change: Partial<Photo>) =>
    setPhotos((current) => current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));
  const removePhoto = (key: number) =>
    setPhotos((current) => {
      const photo = current.find((p) => p.key === key);
      if (photo) URL.revokeObjectURL(photo.url);
      return current.filter((p) => p.key !== key);
    });

  const preparing = photos.some((photo) => photo.preparing);
  const finish = async () => {
    if (preparing) return;
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
      // One photo per request, so each refusal (a person in it, not an image…) lands on its own photo; one
      // after the other, so the project lists the photos in the order the customer chose them.
      const uploaded: typeof photos = [];
      for (const photo of photos) {
        if (photo.imageId) {
          uploaded.push(photo);
          continue;
        }
        try {
          const { images } = await projectsApi.upload(id, [photo.file]);
          uploaded.push({ ...photo, imageId: images[0]?.id, refusal: undefined });
        } catch (error) {
          const code = error instanceof ApiRequestError ? error.code : ErrorCode.INTERNAL;
          uploaded.push({ ...photo, refusal: code });
        }
      }
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
        const code = error instanceof ApiRequestError ? error.code : null;
        const limit = error instanceof ApiRequestError ? orderLimitOf(error) : null;
        if (code === ErrorCode.INSUFFICIENT_CREDITS || code === ErrorCode.PLAN_EXCEEDED) {
          // The balance shown was out of date: the summary and the dialog must say what is really missing.
          if (error instanceof ApiRequestError) takeToldBalance(error);
          void refreshSessionUser();
          setPlanExceeded(code === ErrorCode.PLAN_EXCEEDED);
          setNeedCredits(true);
        } else if (limit) {
          setOverLimit({ ...limit, byPlan: true });
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
      // The project exists now: its draft and any way back from a payment are done with.
      void savedDraft.discard();
      checkoutReturn.forget();
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
      {restored && (
        <Alert
          severity="info"
          sx={{ my: 2 }}
          action={
            <Button color="inherit" size="small" onClick={startOver} disabled={busy}>
              {t('wizard.startOver')}
            </Button>
          }
        >
          {t('wizard.restored')}
        </Alert>
      )}
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
                  {photo.preparing && (
                    <Stack direction="row" gap={1} alignItems="center" role="status" sx={{ my: 1 }}>
                      <CircularProgress size={20} aria-hidden />
                      <Typography variant="body2">{t('photoFit.reducing')}</Typography>
                    </Stack>
                  )}
                  {photo.reducedFrom !== undefined && (
                    <Typography variant="body2" role="status" sx={{ my: 1 }}>
                      {t(
                        'photoFit.reduced',
                        reductionValues(photo.reducedFrom, photo.file.size, i18n.language),
                      )}
                    </Typography>
                  )}
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
                      lock={roomAndStyleLock}
                      onLeave={leaveForCredits}
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
        {refusals.map((refusal) => (
          <Alert
            key={refusal.key}
            severity="error"
            role="alert"
            onClose={() => setRefusals((current) => current.filter((r) => r.key !== refusal.key))}
            closeText={t('photoFit.dismiss', { name: refusal.name })}
          >
            {refusal.name}: {t(`errors:${refusal.code}`)}
          </Alert>
        ))}
      </Stack>

      <Card variant="outlined" component="section" aria-labelledby="credit-summary-title" sx={{ my: 2 }}>
        <CardContent>
          <Typography id="credit-summary-title" component="h2" variant="h6">
            {t('wizard.summaryTitle')}
          </Typography>
          <Typography>{t('wizard.summaryCost', { count: cost })}</Typography>
          <Typography>{t('wizard.summaryBalance', { count: balance })}</Typography>
          {cost > balance ? (
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              gap={1}
              alignItems={{ sm: 'center' }}
              justifyContent="space-between"
              sx={{ mt: 1 }}
            >
              <Typography color="error" fontWeight={700}>
                {t('wizard.summaryMissing', { count: cost - balance })}
              </Typography>
              <Button variant="outlined" onClick={() => setNeedCredits(true)} disabled={busy}>
                {t('wizard.buyCredits')}
              </Button>
            </Stack>
          ) : (
            <Typography>{t('wizard.summaryAfter', { count: balance - cost })}</Typography>
          )}
        </CardContent>
      </Card>
      <Button variant="contained" size="large" onClick={() => void finish()} disabled={busy || preparing}>
        {busy ? t('wizard.finishing') : t('wizard.finish')}
      </Button>

      <NeedMoreCreditsDialog
        open={needCredits}
        cost={cost}
        balance={balance}
        planExceeded={planExceeded}
        onClose={() => {
          leavingForCredits.current = false;
          setNeedCredits(false);
          setPlanExceeded(false);
        }}
        onLeave={leaveForCredits}
      />
      <DecorationLimitDialog
        selected={overLimit?.selected ?? null}
        limit={overLimit?.limit ?? LIMITS.maxPhotosPerProject}
        byPlan={overLimit?.byPlan}
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
          <Button
            color="error"
            onClick={() => {
              // Leaving means giving the draft up, as the dialog says.
              void savedDraft.discard();
              blocker.proceed?.();
            }}
          >
            {t('wizard.leave')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

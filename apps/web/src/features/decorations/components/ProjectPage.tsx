import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import {
  decorationCost,
  ErrorCode,
  LIMITS,
  type Decoration,
  type ProjectDetail,
  type ProjectImage,
} from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { ApiRequestError } from '../../../shared/api';
import { reportApiError } from '../../../shared/forms';
import { fitPhoto, reductionValues } from '../../../shared/photo-fit';
import { queryKeys } from '../../../shared/query-client';
import { visuallyHidden } from '@estancia/ui';
import { notifications } from '../../notifications/notifications';
import { type DownloadedFile, projectsApi, saveBlob } from '../../projects/api/projects-api';
import { FavouritesButton, ProjectReformButton } from '../../shop';
import { session, useSession } from '../../session/session';
import { DECORATION_PARAM, isEditView } from '../edit-route';
import { projectKey, refreshProject } from '../live-updates';
import { checkFiles, redoCost } from '../wizard-rules';
import { DescriptionsPanel } from '../../descriptions/components/DescriptionsPanel';
import { NeedMoreCreditsDialog, takeToldBalance } from './CreditModals';
import { DecorateDialog, VersionHistoryDialog, type DecorationChoice } from './DecorationDialogs';
import { ImageResult, type ImageAction } from './ImageResult';
import { ResultViewer, type ViewerResult } from './ResultViewer';
import { resultTitle } from '../result-names';
import { PhotoPicker } from './PhotoPicker';

// The editor's own code loads only when a decoration is edited.
const EditDecorationPage = lazy(() =>
  import('./EditDecorationPage').then((module) => ({ default: module.EditDecorationPage })),
);

/** The decoration shown for an image: its most recent one. */
function decorationOf(project: ProjectDetail, image: ProjectImage): Decoration | null {
  const own = project.decorations.filter((d) => d.imageId === image.id);
  own.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return own[0] ?? null;
}

/** What became of the photo last chosen to add, shown beside the picker. */
type UploadNote =
  | { kind: 'reducing'; name: string }
  | { kind: 'reduced'; name: string; from: number; to: number }
  | { kind: 'refused'; name: string; code: ErrorCode };

type Open = {
  kind: 'decorate' | 'redo' | 'history';
  n: number;
  image: ProjectImage;
  decoration: Decoration | null;
};

export function ProjectPage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const { id = '' } = params;
  const [search] = useSearchParams();
  const client = useQueryClient();
  const { user } = useSession();
  const [tab, setTab] = useState<'results' | 'descriptions'>('results');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<Open | null>(null);
  const [busy, setBusy] = useState(false);
  const [needCredits, setNeedCredits] = useState<number | null>(null);
  // PLAN_EXCEEDED: a subscriber past the plan's decorations; the dialog offers the extra ones.
  const [planExceeded, setPlanExceeded] = useState(false);
  /** The decoration shown full screen. */
  const [viewing, setViewing] = useState<string | null>(null);
  const [uploadNote, setUploadNote] = useState<UploadNote | null>(null);
  const project = useQuery({
    queryKey: projectKey(id),
    queryFn: () => projectsApi.detail(id),
    enabled: id !== '',
  });
  // A result redone (here or elsewhere) leaves the viewer, and does not reopen it once ready again.
  useEffect(() => {
    if (viewing && !project.data?.decorations.some((d) => d.id === viewing && d.state === 'ready'))
      setViewing(null);
  }, [project.data, viewing]);

  const afterSpend = (balance: number | null, cost: number) => {
    const current = session.getState().user;
    if (!current) return;
    if (balance === null) session.reduceCredits(cost);
    else session.setUser({ ...current, credits: balance });
  };

  const guard = async (cost: number, work: () => Promise<void>) => {
    if (cost > (session.getState().user?.credits ?? 0)) {
      setNeedCredits(cost);
      return;
    }
    setBusy(true);
    try {
      await work();
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.code : null;
      if (code === ErrorCode.INSUFFICIENT_CREDITS || code === ErrorCode.PLAN_EXCEEDED) {
        if (error instanceof ApiRequestError) takeToldBalance(error);
        setPlanExceeded(code === ErrorCode.PLAN_EXCEEDED);
        setNeedCredits(cost);
      } else {
        // The engine changed since the dialog opened: ask again, so the empty-room switch goes away.
        if (error instanceof ApiRequestError && error.code === ErrorCode.EMPTY_ROOM_UNAVAILABLE)
          void client.invalidateQueries({ queryKey: queryKeys.platformEngine });
        reportApiError(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const confirmDecorate = (choice: DecorationChoice) => {
    if (!open) return;
    const { image, decoration } = open;
    const cost = decoration ? redoCost(decoration) : decorationCost(choice.type);
    void guard(cost, async () => {
      if (decoration) {
        await projectsApi.redo(decoration.id, { roomType: choice.roomType, style: choice.style });
        // The balance push may already have counted this redo: read the balance rather than subtract again.
        afterSpend(await projectsApi.balance().catch(() => null), cost);
        notifications.toast('information', { key: 'project.redoStarted' });
      } else {
        const order = await projectsApi.order(id, { items: [{ imageId: image.id, ...choice }] });
        afterSpend(order.balance, cost);
        notifications.toast('information', { key: 'project.ordered' });
      }
      setOpen(null);
      void refreshProject(client, id);
    });
  };

  const restore = async (decoration: Decoration, versionId: string) => {
    setBusy(true);
    try {
      await projectsApi.restore(decoration.id, versionId);
      notifications.toast('information', { key: 'project.restored' });
      setOpen(null);
      void refreshProject(client, id);
    } catch (error) {
      reportApiError(error);
    } finally {
      setBusy(false);
    }
  };

  /** Saved under the server's name for the file; `fileName` only if it gave none. */
  const download = async (fetchFile: () => Promise<DownloadedFile>, fileName: string) => {
    setBusy(true);
    try {
      const file = await fetchFile();
      saveBlob(file.blob, file.fileName ?? fileName);
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.code : ErrorCode.DOWNLOAD_NOT_POSSIBLE;
      notifications.toast('error', {
        key: `errors:${code === ErrorCode.INTERNAL ? ErrorCode.DOWNLOAD_NOT_POSSIBLE : code}`,
      });
    } finally {
      setBusy(false);
    }
  };

  const upload = async (files: File[]) => {
    const data = project.data;
    if (!data) return;
    const check = checkFiles(data.images.length, files);
    const refusal = check.refused[0];
    if (refusal) {
      setUploadNote({ kind: 'refused', ...refusal });
      return;
    }
    const chosen = check.accepted[0];
    if (check.overLimit !== null || !chosen) {
      notifications.toast('error', { key: `errors:${ErrorCode.TOO_MANY_PHOTOS}` });
      return;
    }
    setBusy(true);
    try {
      setUploadNote(chosen.size > LIMITS.maxImageBytes ? { kind: 'reducing', name: chosen.name } : null);
      const fit = await fitPhoto(chosen);
      if (!fit.ok) {
        setUploadNote({ kind: 'refused', name: fit.name, code: fit.code });
        return;
      }
      setUploadNote(
        fit.reduced
          ? { kind: 'reduced', name: chosen.name, from: fit.originalBytes, to: fit.file.size }
          : null,
      );
      const { images } = await projectsApi.upload(id, [fit.file]);
      notifications.toast('information', { key: 'project.uploaded' });
      await client.invalidateQueries({ queryKey: projectKey(id) });
      // Straight on to ordering the new photo's decoration.
      const image = images[0];
      if (image) setOpen({ kind: 'decorate', n: data.images.length + 1, image, decoration: null });
    } catch (error) {
      // The API's refusal of this photo (a person in it, not an image…) is shown beside the picker.
      if (error instanceof ApiRequestError)
        setUploadNote({ kind: 'refused', name: chosen.name, code: error.code });
      else reportApiError(error);
    } finally {
      setBusy(false);
    }
  };

  const onAction = (n: number, image: ProjectImage, decoration: Decoration | null, action: ImageAction) => {
    if (action === 'download' && decoration) {
      const name = `${project.data?.propertyName ?? ''} - ${resultTitle(t, n, decoration)}.jpg`;
      void download(() => projectsApi.downloadDecoration(decoration.id), name);
    } else if (action === 'redo' || action === 'decorate' || action === 'history') {
      setOpen({ kind: action, n, image, decoration });
    }
  };

  if (project.isPending) return <Typography role="status">{t('common.loading')}</Typography>;
  if (project.isError || !project.data) {
    const code = project.error instanceof ApiRequestError ? project.error.code : ErrorCode.INTERNAL;
    return (
      <>
        <Typography component="h1" variant="h1" gutterBottom>
          {t('routes.Project')}
        </Typography>
        <Alert severity="error">{t(`errors:${code}`)}</Alert>
        <Button component={RouterLink} to={pathTo('MyProjects')} sx={{ mt: 2 }}>
          {t('project.backToProjects')}
        </Button>
      </>
    );
  }
  const data = project.data;
  if (isEditView(params)) {
    return (
      <Suspense fallback={<Typography role="status">{t('common.loading')}</Typography>}>
        <EditDecorationPage project={data} decorationId={search.get(DECORATION_PARAM)} />
      </Suspense>
    );
  }
  const ready = new Set(data.decorations.filter((d) => d.state === 'ready').map((d) => d.id));
  const selectedIds = [...selected].filter((decorationId) => ready.has(decorationId));
  // The viewer goes through the ready results in the photos' order.
  const results: ViewerResult[] = data.images.flatMap((image, index) => {
    const decoration = decorationOf(data, image);
    if (decoration?.state !== 'ready' || !decoration.resultUrl) return [];
    const n = index + 1;
    return [
      {
        id: decoration.id,
        n,
        title: resultTitle(t, n, decoration),
        before: image.previewUrl,
        after: decoration.resultUrl,
        width: image.width,
        height: image.height,
      },
    ];
  });
  const viewingIndex = results.findIndex((result) => result.id === viewing);
  return (
    <>
      <Typography component="h1" variant="h1" gutterBottom>
        {data.propertyName}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, value: 'results' | 'descriptions') => setTab(value)}
        aria-label={t('routes.Project')}
      >
        <Tab value="results" label={t('project.results')} id="tab-results" aria-controls="panel-results" />
        <Tab
          value="descriptions"
          label={t('project.descriptions')}
          id="tab-descriptions"
          aria-controls="panel-descriptions"
        />
      </Tabs>
      <>
        <Box
          role="tabpanel"
          id="panel-results"
          aria-labelledby="tab-results"
          hidden={tab !== 'results'}
          sx={{ py: 2 }}
        >
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            alignItems={{ md: 'center' }}
            sx={{ mb: 2 }}
          >
            <Button
              variant="contained"
              startIcon={<DownloadIcon />}
              disabled={busy || ready.size === 0}
              onClick={() => void download(() => projectsApi.downloadProject(id), `${data.propertyName}.zip`)}
            >
              {t('project.downloadAll')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={busy || selectedIds.length === 0}
              onClick={() =>
                void download(() => projectsApi.downloadProject(id, selectedIds), `${data.propertyName}.zip`)
              }
            >
              {t('project.downloadSelected')}
            </Button>
            <ProjectReformButton projectId={id} />
            <FavouritesButton />
          </Stack>
          <Grid container spacing={2}>
            {data.images.map((image, index) => {
              const decoration = decorationOf(data, image);
              return (
                <Grid key={image.id} size={{ xs: 12, md: 6 }}>
                  <ImageResult
                    n={index + 1}
                    image={image}
                    decoration={decoration}
                    selected={decoration !== null && selected.has(decoration.id)}
                    onSelect={(on) =>
                      setSelected((current) => {
                        const next = new Set(current);
                        if (decoration) {
                          if (on) next.add(decoration.id);
                          else next.delete(decoration.id);
                        }
                        return next;
                      })
                    }
                    onAction={(action) => onAction(index + 1, image, decoration, action)}
                    onView={() => decoration && setViewing(decoration.id)}
                  />
                </Grid>
              );
            })}
          </Grid>
          {data.images.length < LIMITS.maxPhotosPerProject && (
            <Box sx={{ mt: 3 }}>
              <Typography component="h2" variant="h6" gutterBottom>
                {t('project.uploadPhoto')}
              </Typography>
              <PhotoPicker
                label={t('project.uploadInput')}
                onFiles={(files) => void upload(files)}
                disabled={busy}
                multiple={false}
              />
              {uploadNote?.kind === 'reducing' && (
                <Typography role="status" variant="body2" sx={{ mt: 1 }}>
                  {uploadNote.name}: {t('photoFit.reducing')}
                </Typography>
              )}
              {uploadNote?.kind === 'reduced' && (
                <Typography role="status" variant="body2" sx={{ mt: 1 }}>
                  {uploadNote.name}:{' '}
                  {t('photoFit.reduced', reductionValues(uploadNote.from, uploadNote.to, i18n.language))}
                </Typography>
              )}
              {uploadNote?.kind === 'refused' && (
                <Alert severity="error" role="alert" sx={{ mt: 1 }} onClose={() => setUploadNote(null)}>
                  {uploadNote.name}: {t(`errors:${uploadNote.code}`)}
                </Alert>
              )}
            </Box>
          )}
        </Box>
        <Box
          role="tabpanel"
          id="panel-descriptions"
          aria-labelledby="tab-descriptions"
          hidden={tab !== 'descriptions'}
          sx={{ py: 2 }}
        >
          {/* The tab above already shows the name: the heading is for screen readers' page outline. */}
          <Typography component="h2" sx={visuallyHidden}>
            {t('project.descriptions')}
          </Typography>
          {tab === 'descriptions' && <DescriptionsPanel projectId={id} />}
        </Box>
      </>

      {open && (open.kind === 'decorate' || open.kind === 'redo') && (
        <DecorateDialog
          n={open.n}
          decoration={open.kind === 'redo' ? open.decoration : null}
          busy={busy}
          onClose={() => setOpen(null)}
          onConfirm={confirmDecorate}
        />
      )}
      {open?.kind === 'history' && open.decoration && (
        <VersionHistoryDialog
          decoration={open.decoration}
          busy={busy}
          onClose={() => setOpen(null)}
          onRestore={(versionId) => void restore(open.decoration as Decoration, versionId)}
        />
      )}
      <ResultViewer
        results={results}
        index={viewingIndex === -1 ? null : viewingIndex}
        onIndexChange={(index) => setViewing(results[index]?.id ?? null)}
        onClose={() => setViewing(null)}
      />
      <NeedMoreCreditsDialog
        open={needCredits !== null}
        cost={needCredits ?? 0}
        balance={user?.credits ?? 0}
        planExceeded={planExceeded}
        onClose={() => {
          setNeedCredits(null);
          setPlanExceeded(false);
        }}
      />
    </>
  );
}

import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  EDITS_WITHOUT_UNLIMITED_EDITING,
  ErrorCode,
  type EditDocument,
  type ProjectDetail,
} from '@estancia/contracts';
import { DecorationEditor } from '@estancia/editor';
import { pathTo } from '../../../app/route-meta';
import { ApiRequestError } from '../../../shared/api';
import { notifications } from '../../notifications/notifications';
import { editApi, useEditorProducts, useEditSession, useRenderEdit, useSaveEdit } from '../api/edit-api';
import { useLeaveAfterSaving } from '../hooks/useLeaveAfterSaving';
import { EditUpgradeDialog } from './EditUpgradeDialog';

/** Refusals a better plan lifts: their message comes with the way to the plans. */
const UPGRADE_CODES: readonly ErrorCode[] = [ErrorCode.LIMIT_REACHED, ErrorCode.PLAN_REQUIRED];

const codeOf = (error: unknown): ErrorCode =>
  error instanceof ApiRequestError ? error.code : ErrorCode.INTERNAL;

function SeePlansButton() {
  const { t } = useTranslation();
  return (
    <Button color="inherit" size="small" component={RouterLink} to={pathTo('Offers')}>
      {t('edit.seePlans')}
    </Button>
  );
}

/** An API refusal as `errors.<code>`, with the way to the plans when a plan would lift it. */
function ProblemAlert({ code }: { code: ErrorCode }) {
  const { t } = useTranslation();
  return (
    <Alert severity="error" action={UPGRADE_CODES.includes(code) ? <SeePlansButton /> : undefined}>
      {t(`errors:${code}`)}
    </Alert>
  );
}

function EditsLeft({ editsLeft }: { editsLeft: number | null }) {
  const { t } = useTranslation();
  if (editsLeft === null) return <Chip color="success" variant="outlined" label={t('edit.unlimited')} />;
  if (editsLeft === 0)
    return (
      <Alert severity="warning" action={<SeePlansButton />}>
        {t('edit.noEditsLeft')}
      </Alert>
    );
  return (
    <Typography>
      {t('edit.editsLeft', { count: editsLeft, total: EDITS_WITHOUT_UNLIMITED_EDITING })}
    </Typography>
  );
}

/** Leaving while the autosave is due or under way: wait for it, or confirm losing what it could not save. */
function LeavingDialog({
  held,
  onStay,
  onLeave,
}: {
  held: 'waiting' | 'failed' | null;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const failed = held === 'failed';
  return (
    <Dialog open={held !== null} onClose={onStay} aria-labelledby="edit-leaving-title">
      <DialogTitle id="edit-leaving-title">
        {failed ? t('edit.leaving.failedTitle') : t('edit.leaving.savingTitle')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{failed ? t('edit.leaving.failed') : t('edit.leaving.saving')}</DialogContentText>
        {!failed && <LinearProgress sx={{ mt: 2 }} aria-label={t('edit.leaving.savingTitle')} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay}>{t('edit.leaving.stay')}</Button>
        {failed && (
          <Button color="error" onClick={onLeave}>
            {t('edit.leaving.leave')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * The Project route's edit view (`/project/edit/:id?decoration=<id>`): the canvas editor of one ready
 * decoration of the project. Changes save themselves; "Save result" renders a new current version and
 * goes back to the project.
 */
export function EditDecorationPage({
  project,
  decorationId,
}: {
  project: ProjectDetail;
  decorationId: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const decoration = project.decorations.find((d) => d.id === decorationId) ?? null;
  const editable = decoration?.state === 'ready';
  const id = editable ? decoration.id : '';
  const session = useEditSession(id);
  const products = useEditorProducts();
  const save = useSaveEdit(id);
  const render = useRenderEdit(id, project.id);
  const leaving = useLeaveAfterSaving();
  const [upgrade, setUpgrade] = useState(false);
  const [saveProblem, setSaveProblem] = useState<ErrorCode | null>(null);
  const [renderProblem, setRenderProblem] = useState<ErrorCode | null>(null);

  const projectPath = pathTo('Project', { id: project.id });
  const n = project.images.findIndex((image) => image.id === decoration?.imageId) + 1;

  const onSave = async (document: EditDocument, basedOn: string | null) => {
    try {
      const saved = await save.mutateAsync({ document, basedOn });
      setSaveProblem(null);
      return saved;
    } catch (error) {
      // Another tab saved since: the editor shows that save (and says so).
      if (codeOf(error) === ErrorCode.EDIT_SAVED_ELSEWHERE) return 'saved_elsewhere' as const;
      setSaveProblem(codeOf(error));
      // The editor marks the save as failed and offers to retry.
      throw error;
    }
  };

  const onRender = async () => {
    setRenderProblem(null);
    try {
      await render.mutateAsync();
    } catch (error) {
      setRenderProblem(codeOf(error));
      return;
    }
    notifications.toast('information', { key: 'edit.rendered' });
    void navigate(projectPath);
  };

  const body = () => {
    if (!decoration) return <ProblemAlert code={ErrorCode.NOT_FOUND} />;
    if (!editable) return <ProblemAlert code={ErrorCode.DECORATION_NOT_READY} />;
    if (session.isError) return <ProblemAlert code={codeOf(session.error)} />;
    if (products.error) return <ProblemAlert code={codeOf(products.error)} />;
    if (!session.data || !products.data) return <Typography role="status">{t('common.loading')}</Typography>;
    return (
      <DecorationEditor
        session={session.data}
        products={products.data}
        onSave={onSave}
        // Another tab's save shows when this page comes back into view.
        loadSession={() => editApi.session(id)}
        onRender={onRender}
        onLockedTool={() => setUpgrade(true)}
        onSaveStatusChange={leaving.onSaveStatusChange}
        onAiPreview={(document, layerId) => editApi.aiPreview(id, document, layerId)}
      />
    );
  };

  return (
    <Stack spacing={2}>
      <Stack
        component="header"
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        alignItems={{ md: 'center' }}
        justifyContent="space-between"
      >
        <Stack spacing={0.5} alignItems="flex-start">
          {/* A fingertip-sized way out on a phone (the editor's own buttons are at least 40 px too). */}
          <Button
            component={RouterLink}
            to={projectPath}
            startIcon={<ArrowBackIcon />}
            sx={{ minHeight: 40 }}
          >
            {t('edit.back')}
          </Button>
          <Typography component="h1" variant="h1">
            {t('edit.title')}
          </Typography>
          <Typography color="text.secondary">
            {n > 0 ? t('edit.subtitle', { name: project.propertyName, n }) : project.propertyName}
          </Typography>
        </Stack>
        {session.data && <EditsLeft editsLeft={session.data.editsLeft} />}
      </Stack>
      {renderProblem && <ProblemAlert code={renderProblem} />}
      {saveProblem && <ProblemAlert code={saveProblem} />}
      {body()}
      <EditUpgradeDialog open={upgrade} onClose={() => setUpgrade(false)} />
      <LeavingDialog held={leaving.held} onStay={leaving.stay} onLeave={leaving.leave} />
    </Stack>
  );
}

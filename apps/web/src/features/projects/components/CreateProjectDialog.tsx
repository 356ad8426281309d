import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type CreateProjectRequest, type ProjectSummary } from '@estancia/contracts';
import { FormTextField } from '../../../shared/FormTextField';
import { reportApiError } from '../../../shared/forms';
import { lazyZodResolver } from '../../../shared/lazy-resolver';
import { notifications } from '../../notifications/notifications';
import { projectsApi } from '../api/projects-api';

export function CreateProjectDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (project: ProjectSummary) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<CreateProjectRequest>({
    resolver: lazyZodResolver(() =>
      import('../../../shared/form-schemas').then((m) => m.createProjectRequestSchema),
    ),
    defaultValues: { propertyName: '' },
  });
  const submit = form.handleSubmit(async ({ propertyName }) => {
    try {
      const project = await projectsApi.create(propertyName);
      notifications.toast('information', { key: 'projects.created' });
      form.reset();
      onCreated(project);
    } catch (error) {
      reportApiError(error, form.setError, { codeFields: { [ErrorCode.PROJECT_EXISTS]: 'propertyName' } });
    }
  });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="create-project-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-project-title">{t('projects.createTitle')}</DialogTitle>
        <DialogContent>
          <FormTextField
            name="propertyName"
            control={form.control}
            label={t('projects.propertyName')}
            required
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t('projects.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

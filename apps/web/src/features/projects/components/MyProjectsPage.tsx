import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ProjectSummary } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';
import { notifications } from '../../notifications/notifications';
import { Tutorial } from '../../onboarding/components/Tutorial';
import { projectsApi } from '../api/projects-api';
import { useDebounced } from '../hooks/useDebounced';
import { CreateProjectDialog } from './CreateProjectDialog';
import { ProjectCard } from './ProjectCard';

export const projectListKey = (search: string, page: number) => ['projects', search, page] as const;

export function MyProjectsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<ProjectSummary | null>(null);
  const term = useDebounced(search.trim());
  const list = useQuery({
    queryKey: projectListKey(term, page),
    queryFn: () => projectsApi.list(term, page),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: string) => projectsApi.remove(id),
    onSuccess: () => notifications.toast('information', { key: 'projects.deleted' }),
    onError: () => notifications.toast('error', { key: 'projects.deleteFailed' }),
    onSettled: () => {
      setToDelete(null);
      void client.invalidateQueries({ queryKey: ['projects'] });
    },
  });

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        justifyContent="space-between"
        alignItems={{ sm: 'center' }}
        gap={2}
      >
        <Typography component="h1" variant="h1">
          {t('routes.MyProjects')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {t('projects.create')}
        </Button>
      </Stack>
      <Tutorial name="myProjects" pageTitle={t('routes.MyProjects')} />
      <TextField
        id="project-search"
        type="search"
        label={t('projects.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
        fullWidth
        margin="normal"
      />
      {list.isPending ? (
        <Typography role="status">{t('common.loading')}</Typography>
      ) : data && data.items.length === 0 ? (
        <Typography sx={{ my: 4 }}>{term ? t('projects.noResults') : t('projects.empty')}</Typography>
      ) : (
        <Grid container spacing={2} sx={{ my: 2 }}>
          {data?.items.map((project) => (
            <Grid key={project.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <ProjectCard project={project} onDelete={() => setToDelete(project)} />
            </Grid>
          ))}
        </Grid>
      )}
      {pages > 1 && (
        <Pagination
          aria-label={t('projects.pagination')}
          count={pages}
          page={page}
          onChange={(_, value) => setPage(value)}
        />
      )}
      <CreateProjectDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(project) => {
          setCreating(false);
          void client.invalidateQueries({ queryKey: ['projects'] });
          void navigate(pathTo('Project', { id: project.id }));
        }}
      />
      <Dialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        aria-labelledby="delete-project-title"
      >
        <DialogTitle id="delete-project-title">{t('projects.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('projects.deleteConfirm', { name: toDelete?.propertyName ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToDelete(null)}>{t('common.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => toDelete && remove.mutate(toDelete.id)}
          >
            {t('projects.deleteAction')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

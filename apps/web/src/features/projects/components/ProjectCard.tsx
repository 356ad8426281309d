import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PROJECT_STATUS, type ProjectSummary } from '@estancia/contracts';
import { pathTo } from '../../../app/route-meta';

/** The card's state label (spec: complete, processing, pending). */
export function projectStateLabel(project: ProjectSummary): 'complete' | 'processing' | 'pending' {
  if (
    project.status === PROJECT_STATUS.finished ||
    (project.totalImages > 0 && project.imagesCompleted >= project.totalImages)
  )
    return 'complete';
  if (project.totalImages > 0) return 'processing';
  return 'pending';
}

const STATE_COLOURS = { complete: 'success', processing: 'info', pending: 'default' } as const;

export function ProjectCard({ project, onDelete }: { project: ProjectSummary; onDelete: () => void }) {
  const { t } = useTranslation();
  const state = projectStateLabel(project);
  return (
    <Card component="article" aria-label={project.propertyName} variant="outlined">
      <CardActionArea
        component={RouterLink}
        to={pathTo('Project', { id: project.id })}
        aria-label={t('projects.open', { name: project.propertyName })}
      >
        {project.coverUrl ? (
          <CardMedia
            component="img"
            height="140"
            image={project.coverUrl}
            alt={t('projects.cover', { name: project.propertyName })}
          />
        ) : (
          <Stack height={140} alignItems="center" justifyContent="center" bgcolor="action.hover">
            <Typography color="text.secondary">{t('projects.noCover')}</Typography>
          </Stack>
        )}
        <CardContent>
          <Typography component="h2" variant="h6" noWrap>
            {project.propertyName}
          </Typography>
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap my={1}>
            <Chip size="small" color={STATE_COLOURS[state]} label={t(`projects.${state}`)} />
            {project.newImagesAvailable && (
              <Chip size="small" color="secondary" label={t('projects.newImages')} />
            )}
          </Stack>
          <Typography variant="body2">
            {t('projects.imagesUploaded', { count: project.imagesUploaded })}
          </Typography>
          <Typography variant="body2">
            {t('projects.completed', { done: project.imagesCompleted, total: project.totalImages })}
          </Typography>
          <Typography variant="body2">{t('projects.credits', { count: project.credits })}</Typography>
        </CardContent>
      </CardActionArea>
      <CardActions>
        <IconButton aria-label={t('projects.delete', { name: project.propertyName })} onClick={onDelete}>
          <DeleteOutlineIcon />
        </IconButton>
      </CardActions>
    </Card>
  );
}

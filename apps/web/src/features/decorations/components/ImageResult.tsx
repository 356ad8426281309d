import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Decoration, ProjectImage, Supervision } from '@estancia/contracts';
import { editDecorationPath } from '../edit-route';
import { formatDelivery, resultTitle } from '../result-names';
import { ShopActions } from '../../shop';
import { CompareSlider } from './CompareSlider';

export type ImageAction = 'download' | 'redo' | 'history' | 'decorate';

const STAGE_COLOURS = { queued: 'default', in_review: 'info', delivered: 'success' } as const;

/** A supervised decoration's stage (queued, with a decorator, delivered) and its promised or actual delivery. */
function SupervisionStatus({ supervision }: { supervision: Supervision }) {
  const { t, i18n } = useTranslation();
  const delivered = supervision.stage === 'delivered' && supervision.deliveredAt;
  return (
    <Stack direction="row" alignItems="center" gap={1} flexWrap="wrap" sx={{ mb: 1 }}>
      <Chip
        size="small"
        variant={supervision.stage === 'queued' ? 'outlined' : 'filled'}
        color={STAGE_COLOURS[supervision.stage]}
        label={t(`results.supervision.${supervision.stage}`)}
      />
      <Typography variant="body2" color="text.secondary">
        {delivered
          ? t('results.supervision.deliveredAt', { date: formatDelivery(delivered, i18n.language) })
          : t('results.supervision.dueAt', { date: formatDelivery(supervision.dueAt, i18n.language) })}
      </Typography>
    </Stack>
  );
}

/** One uploaded photo and its decoration: named by room and style, live progress, the result with a comparison, its menu. */
export function ImageResult({
  n,
  image,
  decoration,
  selected,
  onSelect,
  onAction,
  onView,
}: {
  n: number;
  image: ProjectImage;
  decoration: Decoration | null;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onAction: (action: ImageAction) => void;
  /** Opens the result full screen. */
  onView: () => void;
}) {
  const { t } = useTranslation();
  const title = resultTitle(t, n, decoration);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const ready = decoration?.state === 'ready' && decoration.resultUrl !== null;
  const waitingReview =
    decoration?.type === 'supervised' && decoration.state === 'pending' && decoration.awaitingReview;
  // Only a ready result can be edited; the editor is a view of the Project route.
  const editPath = ready ? editDecorationPath(decoration.projectId, decoration.id) : null;
  const act = (action: ImageAction) => {
    setAnchor(null);
    onAction(action);
  };
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={decoration ? t('results.cardLabel', { n, title }) : title}
    >
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="flex-start" gap={1} sx={{ mb: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            {decoration && (
              <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.5 }}>
                {t('results.photo', { n })}
              </Typography>
            )}
            <Typography component="h2" variant="h6">
              {title}
            </Typography>
          </Box>
          <Stack direction="row" alignItems="center" spacing={0.5} sx={{ flexShrink: 0 }}>
            {decoration && <Chip size="small" label={t(`catalogue.${decoration.type}`)} />}
            {ready && (
              <IconButton aria-label={t('results.open', { n })} onClick={onView}>
                <OpenInFullIcon />
              </IconButton>
            )}
            <IconButton
              aria-label={t('project.menu', { n })}
              aria-haspopup="menu"
              onClick={(event) => setAnchor(event.currentTarget)}
            >
              <MoreVertIcon />
            </IconButton>
          </Stack>
        </Stack>
        <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          <MenuItem disabled={!ready} onClick={() => act('download')}>
            {t('project.download')}
          </MenuItem>
          {decoration ? (
            <MenuItem disabled={decoration.state === 'pending'} onClick={() => act('redo')}>
              {t('project.redo')}
            </MenuItem>
          ) : (
            <MenuItem onClick={() => act('decorate')}>{t('project.decorate')}</MenuItem>
          )}
          <MenuItem disabled={!decoration} onClick={() => act('history')}>
            {t('project.history')}
          </MenuItem>
          {editPath ? (
            <MenuItem component={RouterLink} to={editPath} onClick={() => setAnchor(null)}>
              {t('project.edit')}
            </MenuItem>
          ) : (
            <MenuItem disabled>{t('project.edit')}</MenuItem>
          )}
        </Menu>

        {ready ? (
          <CompareSlider
            before={image.previewUrl}
            after={decoration.resultUrl as string}
            beforeAlt={t('project.original', { n })}
            afterAlt={t('project.decorated', { n })}
            label={t('project.compare', { n })}
          />
        ) : (
          <img
            src={image.previewUrl}
            alt={t('project.original', { n })}
            style={{ width: '100%', display: 'block' }}
          />
        )}

        <FormControlLabel
          control={
            <Checkbox
              checked={selected}
              onChange={(event) => onSelect(event.target.checked)}
              disabled={!ready}
            />
          }
          label={t('project.select', { n })}
        />
        <Box sx={{ mt: 1 }}>
          {decoration?.supervision && decoration.state !== 'failed' && (
            <SupervisionStatus supervision={decoration.supervision} />
          )}
          {ready && decoration.structureChanged && (
            <Alert severity="warning" sx={{ mb: 1 }}>
              <AlertTitle>{t('project.structureChanged')}</AlertTitle>
              {decoration.freeRedo && t('project.structureChangedFreeRedo')}
            </Alert>
          )}
          {!decoration ? (
            <Stack direction="row" justifyContent="space-between" alignItems="center">
              <Typography color="text.secondary">{t('project.notOrdered')}</Typography>
              <Button onClick={() => onAction('decorate')}>{t('project.decorate')}</Button>
            </Stack>
          ) : decoration.state === 'failed' ? (
            <Alert severity="error">{t(`errors:${decoration.failure ?? 'GENERATION_ERROR'}`)}</Alert>
          ) : waitingReview ? (
            <Alert severity="info">{t('project.supervisedPending')}</Alert>
          ) : decoration.state === 'pending' ? (
            <>
              <Typography variant="body2">
                {t(`project.stage_${decoration.stage}`)} · {decoration.percent}%
              </Typography>
              <LinearProgress
                variant="determinate"
                value={decoration.percent}
                aria-label={t('project.progress', { n })}
              />
              {decoration.type === 'supervised' && (
                <Typography variant="body2" color="text.secondary">
                  {t('project.supervisedPending')}
                </Typography>
              )}
            </>
          ) : editPath ? (
            <Stack direction="row" gap={1} flexWrap="wrap">
              <Button
                component={RouterLink}
                to={editPath}
                startIcon={<EditIcon />}
                aria-label={t('project.editPhoto', { n })}
              >
                {t('project.edit')}
              </Button>
              <ShopActions n={n} decoration={decoration} />
            </Stack>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}

import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import AutoFixOffIcon from '@mui/icons-material/AutoFixOff';
import BrandingWatermarkIcon from '@mui/icons-material/BrandingWatermark';
import BrushIcon from '@mui/icons-material/Brush';
import ConstructionIcon from '@mui/icons-material/Construction';
import FormatPaintIcon from '@mui/icons-material/FormatPaint';
import GestureIcon from '@mui/icons-material/Gesture';
import GridOnIcon from '@mui/icons-material/GridOn';
import HighlightAltIcon from '@mui/icons-material/HighlightAlt';
import LockIcon from '@mui/icons-material/Lock';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import type { EditTool } from '@estancia/contracts';
import { TOOL_SHORTCUTS } from '../tools';

const TOOL_ICONS: Record<EditTool, ComponentType<{ fontSize?: 'small' }>> = {
  wall: FormatPaintIcon,
  floor: GridOnIcon,
  brush: BrushIcon,
  eraser: AutoFixOffIcon,
  select: HighlightAltIcon,
  lasso: GestureIcon,
  ai_decoration: AutoAwesomeIcon,
  reform: ConstructionIcon,
  watermark: BrandingWatermarkIcon,
};

export interface EditorToolbarProps {
  /** The tools to show, in order (the usable and the locked ones). */
  readonly tools: readonly EditTool[];
  readonly locked: ReadonlySet<EditTool>;
  readonly active: EditTool | null;
  readonly watermark: boolean;
  readonly onChoose: (tool: EditTool) => void;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly onUndo: () => void;
  readonly onRedo: () => void;
}

/**
 * The tools as toggle buttons named by the tool (a locked one looks disabled, shows a lock and
 * still answers, so the host can offer the upgrade), then undo and redo.
 */
export function EditorToolbar(props: EditorToolbarProps) {
  const { t } = useTranslation('editor');
  const canvasTools = props.tools.filter((tool) => tool !== 'watermark');
  const button = (tool: EditTool, selected?: boolean) => {
    const Icon = TOOL_ICONS[tool];
    const name = t(`tools.${tool}`);
    const locked = props.locked.has(tool);
    const description = locked
      ? t('locked', { tool: name })
      : t('shortcut', { action: t(`hints.${tool}`), key: TOOL_SHORTCUTS[tool] });
    return (
      <Tooltip key={tool} title={description} describeChild>
        <ToggleButton
          value={tool}
          selected={selected}
          aria-label={name}
          data-locked={locked || undefined}
          onClick={() => props.onChoose(tool)}
          // A locked tool stays legible (AA contrast): the lock badge and a dashed border say it is locked.
          sx={{
            flexDirection: 'column',
            gap: 0.25,
            px: 1,
            py: 0.5,
            color: 'text.primary',
            ...(locked && { borderStyle: 'dashed' }),
          }}
        >
          <Badge
            invisible={!locked}
            overlap="circular"
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            badgeContent={<LockIcon sx={{ fontSize: 12 }} />}
          >
            <Icon fontSize="small" />
          </Badge>
          <Typography variant="caption" component="span" sx={{ lineHeight: 1.1, textTransform: 'none' }}>
            {name}
          </Typography>
        </ToggleButton>
      </Tooltip>
    );
  };

  return (
    <Stack direction="row" role="toolbar" aria-label={t('tools.label')} sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ToggleButtonGroup size="small" exclusive value={props.active} aria-label={t('tools.label')}>
        {canvasTools.map((tool) => button(tool))}
      </ToggleButtonGroup>
      {props.tools.includes('watermark') && (
        <ToggleButtonGroup size="small">{button('watermark', props.watermark)}</ToggleButtonGroup>
      )}
      <Divider orientation="vertical" flexItem />
      <Stack direction="row" role="group" aria-label={t('history.label')}>
        <Tooltip title={t('shortcut', { action: t('history.undo'), key: t('keys.undo') })} describeChild>
          <span>
            <IconButton aria-label={t('history.undo')} disabled={!props.canUndo} onClick={props.onUndo}>
              <UndoIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('shortcut', { action: t('history.redo'), key: t('keys.redo') })} describeChild>
          <span>
            <IconButton aria-label={t('history.redo')} disabled={!props.canRedo} onClick={props.onRedo}>
              <RedoIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Stack>
  );
}

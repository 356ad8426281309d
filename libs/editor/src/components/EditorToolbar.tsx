import { useCallback, useEffect, useRef, useState, type ComponentType, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
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
import HealingIcon from '@mui/icons-material/Healing';
import HighlightAltIcon from '@mui/icons-material/HighlightAlt';
import LockIcon from '@mui/icons-material/Lock';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import type { EditTool } from '@estancia/contracts';
import { useElementSize } from '../hooks/useElementSize';
import { TOOL_SHORTCUTS } from '../tools';
import { touchTarget } from './touch';

const TOOL_ICONS: Record<EditTool, ComponentType<{ fontSize?: 'small' }>> = {
  wall: FormatPaintIcon,
  floor: GridOnIcon,
  brush: BrushIcon,
  eraser: AutoFixOffIcon,
  heal: HealingIcon,
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

/** How far the strip's hidden sides fade out, in px; a tool brought into view stops clear of the fade. */
const FADE = 32;

/** Scrolls the strip sideways (never the page) just enough to show the chosen tool. */
function revealInStrip(strip: HTMLElement, button: HTMLElement) {
  const start = button.offsetLeft - FADE;
  const end = button.offsetLeft + button.offsetWidth + FADE;
  if (start < strip.scrollLeft) strip.scrollLeft = Math.max(0, start);
  else if (end > strip.scrollLeft + strip.clientWidth) strip.scrollLeft = end - strip.clientWidth;
}

/** Whether the strip hides tools before or after what it shows, following its scroll and its size. */
function useHiddenEdges(ref: RefObject<HTMLElement | null>) {
  const { width } = useElementSize(ref);
  const [edges, setEdges] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const start = element.scrollLeft > 1;
    const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
  }, [ref]);
  useEffect(measure, [measure, width]);
  return { edges, measure };
}

/** Fades the strip's hidden side(s) out, whatever the background, so a cut tool reads as "more this way". */
const fadeMask = ({ start, end }: { start: boolean; end: boolean }) =>
  start || end
    ? `linear-gradient(to right, ${start ? 'transparent' : '#000'}, #000 ${FADE}px, #000 calc(100% - ${FADE}px), ${end ? 'transparent' : '#000'})`
    : undefined;

/**
 * The tools as toggle buttons named by the tool (a locked one looks disabled, shows a lock and
 * still answers, so the host can offer the upgrade), then undo and redo. When the tools do not fit
 * (a phone), they scroll sideways inside their own strip while undo and redo stay in view.
 */
export function EditorToolbar(props: EditorToolbarProps) {
  const { t } = useTranslation('editor');
  const canvasTools = props.tools.filter((tool) => tool !== 'watermark');
  const strip = useRef<HTMLDivElement>(null);
  const { edges, measure } = useHiddenEdges(strip);
  // A tool chosen by its shortcut may be out of the strip's view: bring it in.
  useEffect(() => {
    const chosen = strip.current?.querySelector<HTMLElement>(`[value="${props.active ?? ''}"]`);
    if (strip.current && chosen) revealInStrip(strip.current, chosen);
  }, [props.active]);
  const button = (tool: EditTool, selected?: boolean) => {
    const Icon = TOOL_ICONS[tool];
    const name = t(`tools.${tool}`);
    const locked = props.locked.has(tool);
    const description = locked
      ? t('locked', { tool: name })
      : t('shortcut', { action: t(`hints.${tool}`), key: TOOL_SHORTCUTS[tool] });
    // Tooltips here let pointers through: on a phone a tool's tooltip lies over the photo and took the
    // first tap on it (the first corner of a wall).
    return (
      <Tooltip disableInteractive key={tool} title={description} describeChild>
        <ToggleButton
          value={tool}
          selected={selected}
          aria-label={name}
          data-locked={locked || undefined}
          onClick={() => props.onChoose(tool)}
          // A locked tool stays legible (AA contrast): the lock badge and a dashed border say it is locked.
          sx={[
            {
              flexDirection: 'column',
              gap: 0.25,
              px: 1,
              py: 0.5,
              color: 'text.primary',
              whiteSpace: 'nowrap',
            },
            locked && { borderStyle: 'dashed' },
            touchTarget,
          ]}
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
    <Stack
      direction="row"
      role="toolbar"
      aria-label={t('tools.label')}
      sx={{ alignItems: 'center', gap: 1, minWidth: 0, maxWidth: '100%' }}
    >
      <Box
        ref={strip}
        data-testid="editor-tool-strip"
        onScroll={measure}
        sx={{
          // The offset parent of the buttons, so revealInStrip measures within the strip.
          position: 'relative',
          display: 'flex',
          gap: 1,
          minWidth: 0,
          overflowX: 'auto',
          overscrollBehaviorX: 'contain',
          // Focus and scrollIntoView stop a tool clear of the fade too.
          scrollPaddingInline: `${FADE}px`,
          scrollbarWidth: 'thin',
          // Room for a focus ring, and at the ends for the buttons' fractional widths, so the last one shows whole.
          p: 0.25,
          '& > *': { flexShrink: 0 },
          maskImage: fadeMask(edges),
        }}
      >
        <ToggleButtonGroup size="small" exclusive value={props.active} aria-label={t('tools.label')}>
          {canvasTools.map((tool) => button(tool))}
        </ToggleButtonGroup>
        {props.tools.includes('watermark') && (
          <ToggleButtonGroup size="small">{button('watermark', props.watermark)}</ToggleButtonGroup>
        )}
      </Box>
      <Divider orientation="vertical" flexItem />
      <Stack direction="row" role="group" aria-label={t('history.label')} sx={{ flexShrink: 0 }}>
        <Tooltip
          disableInteractive
          title={t('shortcut', { action: t('history.undo'), key: t('keys.undo') })}
          describeChild
        >
          <span>
            <IconButton aria-label={t('history.undo')} disabled={!props.canUndo} onClick={props.onUndo}>
              <UndoIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip
          disableInteractive
          title={t('shortcut', { action: t('history.redo'), key: t('keys.redo') })}
          describeChild
        >
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

import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CompareIcon from '@mui/icons-material/Compare';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import PanToolIcon from '@mui/icons-material/PanTool';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { touchTarget } from './touch';
import { MAX_ZOOM, MIN_ZOOM } from './view';

export interface ViewControlsProps {
  readonly zoom: number;
  readonly onZoomIn: () => void;
  readonly onZoomOut: () => void;
  readonly onFit: () => void;
  readonly panning: boolean;
  readonly onPanningChange: (panning: boolean) => void;
  /** Where the before/after comparison splits (0..1 of the width), or null when not comparing. */
  readonly compare: number | null;
  readonly onCompareChange: (compare: number | null) => void;
}

/** Zoom, pan and the before/after comparison. */
export function ViewControls(props: ViewControlsProps) {
  const { t } = useTranslation('editor');
  const hint = (action: string, key: string) => t('shortcut', { action, key });
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={t('view.label')}
      sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}
    >
      <Tooltip disableInteractive title={hint(t('view.zoomOut'), t('keys.zoomOut'))} describeChild>
        <span>
          <IconButton
            aria-label={t('view.zoomOut')}
            disabled={props.zoom <= MIN_ZOOM}
            onClick={props.onZoomOut}
          >
            <ZoomOutIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Typography variant="body2" aria-live="polite" sx={{ minWidth: 48, textAlign: 'center' }}>
        {t('view.zoom', { value: Math.round(props.zoom * 100) })}
      </Typography>
      <Tooltip disableInteractive title={hint(t('view.zoomIn'), t('keys.zoomIn'))} describeChild>
        <span>
          <IconButton
            aria-label={t('view.zoomIn')}
            disabled={props.zoom >= MAX_ZOOM}
            onClick={props.onZoomIn}
          >
            <ZoomInIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip disableInteractive title={hint(t('view.fit'), t('keys.fit'))} describeChild>
        <IconButton aria-label={t('view.fit')} onClick={props.onFit}>
          <FitScreenIcon />
        </IconButton>
      </Tooltip>
      <Tooltip disableInteractive title={hint(t('view.pan'), t('keys.pan'))} describeChild>
        <ToggleButton
          size="small"
          value="pan"
          sx={touchTarget}
          aria-label={t('view.pan')}
          selected={props.panning}
          onChange={() => props.onPanningChange(!props.panning)}
        >
          <PanToolIcon fontSize="small" />
        </ToggleButton>
      </Tooltip>
      <Tooltip disableInteractive title={t('view.compare')} describeChild>
        <ToggleButton
          size="small"
          value="compare"
          sx={touchTarget}
          aria-label={t('view.compare')}
          selected={props.compare !== null}
          onChange={() => props.onCompareChange(props.compare === null ? 0.5 : null)}
        >
          <CompareIcon fontSize="small" />
        </ToggleButton>
      </Tooltip>
      {props.compare !== null && (
        <Stack
          direction="row"
          sx={{
            alignItems: 'center',
            gap: 1,
            minWidth: 0,
            flex: { xs: '1 1 220px', sm: '0 1 280px' },
            ml: 1,
          }}
        >
          <Typography variant="caption">{t('view.before')}</Typography>
          <Slider
            size="small"
            aria-label={t('view.split')}
            value={Math.round(props.compare * 100)}
            min={0}
            max={100}
            getAriaValueText={(value) => t('options.percent', { value })}
            onChange={(_, value) => props.onCompareChange((value as number) / 100)}
          />
          <Typography variant="caption">{t('view.after')}</Typography>
        </Stack>
      )}
    </Stack>
  );
}

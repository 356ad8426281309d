import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import type { EditTool } from '@estancia/contracts';
import { CLICK_SELECTION } from '../selection/client';
import type { ToolSettings } from '../tools';
import { touchTarget } from './touch';

export interface ToolOptionsProps {
  readonly tool: EditTool;
  readonly settings: ToolSettings;
  readonly onChange: (settings: Partial<ToolSettings>) => void;
  /** AI tools: turn the chosen layer's area into an AI area; null when no layer is chosen. */
  readonly onApplyAi: (() => void) | null;
  /** Wall and floor: refine the chosen wall or floor again at this tolerance (the slider let go). */
  readonly onRefine?: (tolerance: number) => void;
}

function PercentSlider(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  onCommit?: (value: number) => void;
}) {
  const { t } = useTranslation('editor');
  const id = useId();
  return (
    // A phone gives each slider a line of its own, as wide as the screen.
    <Box sx={{ minWidth: 160, flex: { xs: '1 1 160px', sm: '0 1 220px' } }}>
      <Typography id={id} variant="caption" component="div">
        {props.label}
      </Typography>
      <Slider
        size="small"
        value={props.value}
        min={props.min}
        max={props.max}
        step={props.step}
        aria-labelledby={id}
        valueLabelDisplay="auto"
        valueLabelFormat={(value) => t('options.percent', { value })}
        getAriaValueText={(value) => t('options.percent', { value })}
        onChange={(_, value) => props.onChange(value as number)}
        onChangeCommitted={(_, value) => props.onCommit?.(value as number)}
      />
    </Box>
  );
}

const round = (value: number) => Math.round(value * 10) / 10;

/** A toggle's label in the theme's muted text (MUI's default grey misses 4.5:1 on the page's background). */
const toggle = (theme: Theme) => ({ ...touchTarget(theme), color: theme.palette.text.secondary });

/** Quiet time while the tolerance slider moves before the selection runs again. */
const REFINE_DEBOUNCE_MS = 150;

/** `refine` at most once per quiet spell: the slider never queues a selection per pixel moved. */
function useDebounced(refine: ((tolerance: number) => void) | undefined) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(refine);
  useEffect(() => {
    latest.current = refine;
  });
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return (tolerance: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current?.(tolerance), REFINE_DEBOUNCE_MS);
  };
}

/** The options of the chosen tool: brush size and hardness, selection tolerance, what it does. */
export function ToolOptions({ tool, settings, onChange, onApplyAi, onRefine }: ToolOptionsProps) {
  const { t } = useTranslation('editor');
  const stroke = tool === 'brush' || tool === 'eraser' || tool === 'heal';
  const ai = tool === 'ai_decoration' || tool === 'reform';
  const refineSoon = useDebounced(onRefine);
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={t('options.label')}
      sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 3, rowGap: 1 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
        {t(`hints.${tool}`)}
      </Typography>
      {stroke && (
        <>
          <PercentSlider
            label={t('options.brushSize')}
            value={round(settings.brushSize * 100)}
            min={0.5}
            max={20}
            step={0.5}
            onChange={(value) => onChange({ brushSize: value / 100 })}
          />
          <PercentSlider
            label={t('options.hardness')}
            value={Math.round(settings.hardness * 100)}
            min={0}
            max={100}
            step={5}
            onChange={(value) => onChange({ hardness: value / 100 })}
          />
        </>
      )}
      {(tool === 'wall' || tool === 'floor') && (
        <PercentSlider
          label={t('options.surfaceTolerance')}
          value={Math.round(settings.surfaceTolerance * 100)}
          min={0}
          max={100}
          step={1}
          onChange={(value) => {
            onChange({ surfaceTolerance: value / 100 });
            refineSoon(value / 100);
          }}
        />
      )}
      {CLICK_SELECTION && (tool === 'wall' || tool === 'floor') && (
        <>
          <ToggleButton
            value="outline"
            size="small"
            selected={Boolean(settings.surfaceOutline)}
            onChange={() => onChange({ surfaceOutline: !settings.surfaceOutline })}
            sx={toggle}
          >
            {t('options.surfaceOutline')}
          </ToggleButton>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={settings.surfaceBrush ?? null}
            aria-label={t('options.surfaceBrush')}
            onChange={(_, surfaceBrush: 'add' | 'subtract' | null) => onChange({ surfaceBrush })}
          >
            <ToggleButton value="add" sx={toggle}>
              {t('options.surfaceAdd')}
            </ToggleButton>
            <ToggleButton value="subtract" sx={toggle}>
              {t('options.surfaceSubtract')}
            </ToggleButton>
          </ToggleButtonGroup>
        </>
      )}
      {tool === 'brush' && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={settings.restore}
          aria-label={t('options.restore')}
          onChange={(_, restore: ToolSettings['restore'] | null) => restore && onChange({ restore })}
        >
          <ToggleButton value="original" sx={toggle}>
            {t('options.restoreOriginal')}
          </ToggleButton>
          <ToggleButton value="draft" sx={toggle}>
            {t('options.restoreDraft')}
          </ToggleButton>
        </ToggleButtonGroup>
      )}
      {(tool === 'select' || ai) && (
        <PercentSlider
          label={t('options.tolerance')}
          value={Math.round(settings.tolerance * 100)}
          min={0}
          max={100}
          step={1}
          onChange={(value) => onChange({ tolerance: value / 100 })}
        />
      )}
      {ai && (
        <Button
          variant="outlined"
          size="small"
          disabled={!onApplyAi}
          onClick={() => onApplyAi?.()}
          sx={touchTarget}
        >
          {t('options.applyAi')}
        </Button>
      )}
    </Stack>
  );
}

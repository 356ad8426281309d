import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Arrow keys move the divider this much (percent of the width); Page Up/Down a larger step. */
export const COMPARE_STEP = 5;
export const COMPARE_PAGE_STEP = 20;

const clamp = (value: number) => Math.min(100, Math.max(0, value));

/**
 * The original and the decorated photo on top of each other, split by a divider: the original
 * ("Antes") on its left, the result ("Después") on its right. The divider's handle is a slider
 * (arrows, Page Up/Down, Home/End); a pointer, a finger or a pen drags it, or presses anywhere on the
 * photo to move it there.
 *
 * `dragAnywhere=false` leaves presses outside the handle to the parent (the viewer pans with them when zoomed).
 */
export function CompareSlider({
  before,
  after,
  beforeAlt,
  afterAlt,
  label,
  initial = 50,
  dragAnywhere = true,
  sx,
}: {
  before: string;
  after: string;
  beforeAlt: string;
  afterAlt: string;
  label: string;
  initial?: number;
  dragAnywhere?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const [position, setPosition] = useState(() => clamp(initial));
  const frame = useRef<HTMLDivElement>(null);
  const handle = useRef<HTMLDivElement>(null);
  const dragging = useRef<number | null>(null);

  const moveTo = (clientX: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setPosition(clamp(((clientX - box.left) / box.width) * 100));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const onHandle = handle.current?.contains(event.target as Node) ?? false;
    if (!dragAnywhere && !onHandle) return;
    // The press is ours: a viewer around this must not pan with it.
    event.stopPropagation();
    event.preventDefault();
    dragging.current = event.pointerId;
    frame.current?.setPointerCapture?.(event.pointerId);
    handle.current?.focus({ preventScroll: true });
    if (!onHandle) moveTo(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current !== event.pointerId) return;
    event.stopPropagation();
    moveTo(event.clientX);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current !== event.pointerId) return;
    dragging.current = null;
    if (frame.current?.hasPointerCapture?.(event.pointerId))
      frame.current.releasePointerCapture(event.pointerId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = {
      ArrowLeft: -COMPARE_STEP,
      ArrowDown: -COMPARE_STEP,
      ArrowRight: COMPARE_STEP,
      ArrowUp: COMPARE_STEP,
      PageDown: -COMPARE_PAGE_STEP,
      PageUp: COMPARE_PAGE_STEP,
    }[event.key];
    let next: number | null = null;
    if (step !== undefined) next = clamp(position + step);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = 100;
    if (next === null) return;
    // The key moved the divider: it must not also change the photo shown by a viewer around this.
    event.preventDefault();
    event.stopPropagation();
    setPosition(next);
  };

  const shown = Math.round(position);
  const tag = {
    position: 'absolute',
    top: 8,
    px: 1,
    py: 0.25,
    borderRadius: 1,
    bgcolor: 'rgba(0, 0, 0, 0.66)',
    color: 'common.white',
    typography: 'caption',
    fontWeight: 600,
    lineHeight: 1.6,
    pointerEvents: 'none',
    transition: 'opacity 120ms',
  } as const;
  return (
    <Box
      ref={frame}
      data-testid="compare-slider"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      sx={[
        {
          position: 'relative',
          width: '100%',
          lineHeight: 0,
          overflow: 'hidden',
          userSelect: 'none',
          // Vertical swipes still scroll the page; horizontal ones move the divider.
          touchAction: dragAnywhere ? 'pan-y' : 'none',
          cursor: dragAnywhere ? 'ew-resize' : undefined,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <img
        src={before}
        alt={beforeAlt}
        draggable={false}
        style={{ width: '100%', height: '100%', display: 'block', objectFit: 'cover' }}
      />
      <img
        src={after}
        alt={afterAlt}
        draggable={false}
        style={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          clipPath: `inset(0 0 0 ${position}%)`,
        }}
      />
      <Box aria-hidden="true" sx={{ ...tag, left: 8, opacity: position < 15 ? 0 : 1 }}>
        {t('results.before')}
      </Box>
      <Box aria-hidden="true" sx={{ ...tag, right: 8, opacity: position > 85 ? 0 : 1 }}>
        {t('results.after')}
      </Box>
      <Box
        aria-hidden="true"
        sx={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: `${position}%`,
          width: 2,
          ml: '-1px',
          bgcolor: 'common.white',
          boxShadow: '0 0 4px rgba(0, 0, 0, 0.6)',
          pointerEvents: 'none',
        }}
      />
      <Box
        ref={handle}
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-orientation="horizontal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        aria-valuetext={t('results.compareValue', { before: shown, after: 100 - shown })}
        onKeyDown={onKeyDown}
        sx={{
          position: 'absolute',
          top: '50%',
          left: `${position}%`,
          width: 44,
          height: 44,
          transform: 'translate(-50%, -50%)',
          borderRadius: '50%',
          bgcolor: 'common.white',
          color: 'grey.900',
          boxShadow: 3,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          cursor: 'ew-resize',
          touchAction: 'none',
          '& svg': { fontSize: 20, mx: '-3px' },
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <ChevronLeftIcon aria-hidden="true" />
        <ChevronRightIcon aria-hidden="true" />
      </Box>
    </Box>
  );
}

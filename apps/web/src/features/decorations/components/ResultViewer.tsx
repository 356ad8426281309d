import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clampView,
  FIT,
  fitIn,
  MAX_SCALE,
  MIN_SCALE,
  panBy,
  wheelFactor,
  ZOOM_STEP,
  zoomAt,
  type Point,
  type Size,
  type ZoomView,
} from '../zoom';
import { CompareSlider } from './CompareSlider';
import { visuallyHidden } from '@estancia/ui';

/** One ready result of the project, as the viewer shows it. */
export interface ViewerResult {
  /** The decoration's id. */
  id: string;
  /** The photo's number on the project page. */
  n: number;
  /** Room type and style, e.g. "Salón · Moderno". */
  title: string;
  before: string;
  after: string;
  width: number;
  height: number;
}

export type ViewerMode = 'after' | 'before' | 'compare';

// Photos read best on a dark surround; the brand theme is light.
const viewerTheme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: '#8cc8da' },
    background: { default: '#111111', paper: '#111111' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
});

/**
 * The project's results full screen: the result, the original or both with the divider; zoom with
 * the buttons, + and −, the wheel or two fingers, and pan by dragging once zoomed in; the previous and
 * next result with the buttons or the arrow keys, round the ends; Escape closes.
 */
export function ResultViewer({
  results,
  index,
  onIndexChange,
  onClose,
}: {
  results: ViewerResult[];
  /** The result shown; null: closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const open = index !== null && results[index] !== undefined;
  return (
    <ThemeProvider theme={viewerTheme}>
      <Dialog fullScreen open={open} onClose={onClose} aria-labelledby="result-viewer-title">
        {open && (
          <ViewerBody results={results} index={index} onIndexChange={onIndexChange} onClose={onClose} />
        )}
      </Dialog>
    </ThemeProvider>
  );
}

function ViewerBody({
  results,
  index,
  onIndexChange,
  onClose,
}: {
  results: ViewerResult[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const result = results[index];
  const [mode, setMode] = useState<ViewerMode>('after');
  const [view, setView] = useState<ZoomView>(FIT);
  const stage = useRef<HTMLDivElement>(null);
  const [stageSize, setStageSize] = useState<Size>({ width: 0, height: 0 });
  const pointers = useRef(new Map<number, Point>());
  const modeLabel = useId();

  const content = fitIn(stageSize, { width: result.width, height: result.height });
  // The latest sizes for handlers that outlive a render (the wheel listener).
  const sizes = useRef({ content, stage: stageSize });
  sizes.current = { content, stage: stageSize };

  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => {
      const box = element.getBoundingClientRect();
      setStageSize((current) =>
        current.width === box.width && current.height === box.height
          ? current
          : { width: box.width, height: box.height },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Another photo starts fitted to the screen.
  useEffect(() => setView(FIT), [result.id]);

  /** A client point relative to the stage's centre. */
  const fromClient = useCallback((clientX: number, clientY: number): Point => {
    const box = stage.current?.getBoundingClientRect();
    if (!box) return { x: 0, y: 0 };
    return { x: clientX - box.left - box.width / 2, y: clientY - box.top - box.height / 2 };
  }, []);

  const zoomBy = (factor: number, anchor: Point = { x: 0, y: 0 }) =>
    setView((current) =>
      zoomAt(current, current.scale * factor, anchor, sizes.current.content, sizes.current.stage),
    );

  // The wheel needs a listener that may cancel the page's own zoom or scroll (React's is passive).
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const anchor = fromClient(event.clientX, event.clientY);
      const factor = wheelFactor(event.deltaY, event.deltaMode);
      setView((current) =>
        zoomAt(current, current.scale * factor, anchor, sizes.current.content, sizes.current.stage),
      );
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [fromClient]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    stage.current?.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const last = pointers.current.get(event.pointerId);
    if (!last) return;
    const now = { x: event.clientX, y: event.clientY };
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId);
    pointers.current.set(event.pointerId, now);
    const { content: c, stage: s } = sizes.current;
    if (others.length === 1) {
      // Two fingers: the spread zooms around their middle, and the middle's move pans.
      const other = others[0][1];
      const before = Math.hypot(last.x - other.x, last.y - other.y);
      const after = Math.hypot(now.x - other.x, now.y - other.y);
      if (before < 1) return;
      const middleBefore = { x: (last.x + other.x) / 2, y: (last.y + other.y) / 2 };
      const middleAfter = { x: (now.x + other.x) / 2, y: (now.y + other.y) / 2 };
      const anchor = fromClient(middleAfter.x, middleAfter.y);
      setView((current) =>
        panBy(
          zoomAt(current, (current.scale * after) / before, anchor, c, s),
          middleAfter.x - middleBefore.x,
          middleAfter.y - middleBefore.y,
          c,
          s,
        ),
      );
    } else if (others.length === 0) {
      setView((current) =>
        current.scale > MIN_SCALE ? panBy(current, now.x - last.x, now.y - last.y, c, s) : current,
      );
    }
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (stage.current?.hasPointerCapture?.(event.pointerId))
      stage.current.releasePointerCapture(event.pointerId);
  };

  // Round the ends: after the last result comes the first (no button turns disabled under the focus).
  const several = results.length > 1;
  const go = (step: 1 | -1) => {
    if (several) onIndexChange((index + step + results.length) % results.length);
  };

  const onKey = (event: globalThis.KeyboardEvent) => {
    // Keys the divider or a button used already, and shortcuts of the browser, are not ours.
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const handled: Record<string, () => void> = {
      ArrowLeft: () => go(-1),
      ArrowRight: () => go(1),
      '+': () => zoomBy(ZOOM_STEP),
      '=': () => zoomBy(ZOOM_STEP),
      '-': () => zoomBy(1 / ZOOM_STEP),
      '0': () => setView(FIT),
      // The dialog closes on Escape only with the focus inside it; "fit to screen" turns disabled under
      // the pointer's focus, which falls to the page, and Escape must still close the viewer.
      Escape: onClose,
    };
    const action = handled[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  // On the document: the dialog's focus may sit on its own container, outside this body.
  const latestKey = useRef(onKey);
  latestKey.current = onKey;
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => latestKey.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  // A resize (a phone turned) keeps the view inside the new bounds.
  const shown = clampView(view, content, stageSize);
  const zoomed = shown.scale > MIN_SCALE;
  const percent = Math.round(shown.scale * 100);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', bgcolor: 'background.default' }}>
      <Stack
        direction="row"
        alignItems="center"
        flexWrap="wrap"
        gap={1}
        sx={{ px: { xs: 1, sm: 2 }, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
          <Typography id="result-viewer-title" component="h2" variant="h6" noWrap>
            {result.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {t('results.viewer.position', { n: index + 1, total: results.length, photo: result.n })}
          </Typography>
        </Box>
        <Typography id={modeLabel} variant="body2" sx={visuallyHidden}>
          {t('results.viewer.show')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_, value: ViewerMode | null) => value && setMode(value)}
          aria-labelledby={modeLabel}
        >
          <ToggleButton value="after">{t('results.after')}</ToggleButton>
          <ToggleButton value="before">{t('results.before')}</ToggleButton>
          <ToggleButton value="compare">{t('results.viewer.compare')}</ToggleButton>
        </ToggleButtonGroup>
        <Stack direction="row" alignItems="center" role="group" aria-label={t('results.viewer.zoom')}>
          <IconButton
            aria-label={t('results.viewer.zoomOut')}
            onClick={() => zoomBy(1 / ZOOM_STEP)}
            disabled={!zoomed}
          >
            <ZoomOutIcon />
          </IconButton>
          <Typography variant="body2" sx={{ minWidth: '3.5rem', textAlign: 'center' }}>
            {t('results.viewer.scale', { percent })}
          </Typography>
          <IconButton
            aria-label={t('results.viewer.zoomIn')}
            onClick={() => zoomBy(ZOOM_STEP)}
            disabled={shown.scale >= MAX_SCALE}
          >
            <ZoomInIcon />
          </IconButton>
          <IconButton aria-label={t('results.viewer.fit')} onClick={() => setView(FIT)} disabled={!zoomed}>
            <FitScreenIcon />
          </IconButton>
        </Stack>
        <IconButton aria-label={t('results.viewer.close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>

      <Box
        ref={stage}
        data-testid="result-viewer-stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        sx={{
          position: 'relative',
          flex: 1,
          minHeight: 0,
          overflow: 'hidden',
          touchAction: 'none',
          userSelect: 'none',
          cursor: zoomed ? 'grab' : 'default',
          '&:active': { cursor: zoomed ? 'grabbing' : 'default' },
        }}
      >
        <Box
          sx={{
            position: 'absolute',
            left: '50%',
            top: '50%',
            width: content.width,
            height: content.height,
            ml: `${-content.width / 2}px`,
            mt: `${-content.height / 2}px`,
            transform: `translate(${shown.x}px, ${shown.y}px) scale(${shown.scale})`,
            transformOrigin: 'center',
            lineHeight: 0,
          }}
        >
          {mode === 'compare' ? (
            <CompareSlider
              key={result.id}
              before={result.before}
              after={result.after}
              beforeAlt={t('project.original', { n: result.n })}
              afterAlt={t('project.decorated', { n: result.n })}
              label={t('project.compare', { n: result.n })}
              dragAnywhere={false}
              sx={{ height: '100%' }}
            />
          ) : (
            <img
              src={mode === 'after' ? result.after : result.before}
              alt={t(mode === 'after' ? 'project.decorated' : 'project.original', { n: result.n })}
              draggable={false}
              style={{ width: '100%', height: '100%', display: 'block', objectFit: 'contain' }}
            />
          )}
        </Box>
        {several && (
          <>
            <IconButton
              aria-label={t('results.viewer.previous')}
              onClick={() => go(-1)}
              onPointerDown={(event) => event.stopPropagation()}
              sx={navButton('left')}
            >
              <ChevronLeftIcon fontSize="large" />
            </IconButton>
            <IconButton
              aria-label={t('results.viewer.next')}
              onClick={() => go(1)}
              onPointerDown={(event) => event.stopPropagation()}
              sx={navButton('right')}
            >
              <ChevronRightIcon fontSize="large" />
            </IconButton>
          </>
        )}
      </Box>
    </Box>
  );
}

const navButton = (side: 'left' | 'right') => ({
  position: 'absolute',
  top: '50%',
  [side]: { xs: 4, sm: 16 },
  transform: 'translateY(-50%)',
  bgcolor: 'rgba(0, 0, 0, 0.55)',
  '&:hover': { bgcolor: 'rgba(0, 0, 0, 0.75)' },
});

import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  EDIT_TOOLS,
  type EditDocument,
  type EditLayer,
  type EditSession,
  type EditTool,
  type Locale,
  type Product,
} from '@estancia/contracts';
import { RemoveLayerCommand, ReorderLayerCommand, SetLayerProductCommand } from '../model/commands';
import { findLayer } from '../model/document';
import { canRedo, canUndo, savedDocument, type EditorState } from '../model/state';
import { createEditorStore } from '../model/store';
import { canvasSupported } from '../render/canvas';
import { DEFAULT_SURFACE_TOLERANCE } from '../mask';
import {
  applyAiToSelection,
  refineSelectedSurface,
  createTools,
  type ToolContext,
  type ToolNotice,
  type ToolPreview,
  type SurfaceSelectionRequest,
  type ToolSettings,
} from '../tools';
import { useAutosave, type SaveStatus } from '../hooks/useAutosave';
import { useSavedElsewhere } from '../hooks/useSavedElsewhere';
import { useEditorShortcuts } from '../hooks/useEditorShortcuts';
import { useElementSize } from '../hooks/useElementSize';
import { EditorI18n } from '../i18n/EditorI18n';
import type { FetchAiPreview } from '../ai/ai-result';
import { useAiResults } from '../ai/useAiResults';
import { EditorCanvas, type CanvasHandle } from './EditorCanvas';
import { EditorToolbar } from './EditorToolbar';
import { LayerList } from './LayerList';
import { ProductSwatches } from './ProductSwatches';
import { CLICK_SELECTION } from '../selection/client';
import { ToolOptions } from './ToolOptions';
import { touchTarget } from './touch';
import { ViewControls } from './ViewControls';
import { FIT_VIEW, ZOOM_STEP, zoomView, type ViewState } from './view';

export interface DecorationEditorProps {
  /** What to edit and over which images, and which tools this user may use. */
  readonly session: EditSession;
  /** The catalogue's wall_paint and floor products (others are ignored). */
  readonly products: readonly Product[];
  /**
   * Autosave (PUT .../edit): called once changes stop, never twice at once, always with the latest
   * document, its undo/redo history included, and `basedOn`: the `updatedAt` of the save (or load)
   * this editor knows. Answers the saved session, or 'saved_elsewhere' when the server refused the
   * save because another tab or window saved since (EDIT_SAVED_ELSEWHERE): the editor shows that save.
   */
  readonly onSave: (
    document: EditDocument,
    basedOn: string | null,
  ) => Promise<{ updatedAt: string | null } | 'saved_elsewhere'>;
  /**
   * Reads the session again (GET .../edit). With it, a document saved in another tab or window since
   * this editor's last save is shown when this page comes back into view, instead of being overwritten.
   */
  readonly loadSession?: () => Promise<EditSession>;
  /** "Save result" (POST .../edit/render), after the latest document is saved; the host shows progress and errors. */
  readonly onRender: () => Promise<void>;
  /** A locked tool was chosen: the host offers the upgrade. */
  readonly onLockedTool?: (tool: EditTool) => void;
  readonly readOnly?: boolean;
  /** Quiet time before an autosave, in ms (default 1500). */
  readonly autosaveMs?: number;
  /** The language when the host has no react-i18next instance (react-admin); else the host's is used. */
  readonly locale?: Locale;
  /** Follows the autosave, e.g. to warn before leaving with unsaved changes. */
  readonly onSaveStatusChange?: (status: SaveStatus) => void;
  /**
   * The engine's actual result for one AI layer of the document as it is now (POST .../edit/ai-preview),
   * shown inside the area; asked again when the layer or what lies under it changes. Without it the AI
   * areas show a hatched outline.
   */
  readonly onAiPreview?: FetchAiPreview;
}

const NO_PREVIEW: ToolPreview = { stroke() {}, outline() {}, clear() {} };

/** What the snackbar says: why a gesture did nothing, or that another tab's save was loaded. */
type Notice = ToolNotice | 'saved_elsewhere';

/** Two editor states save the same document when their document is the same (history comes with it). */
const sameEdits = (a: EditorState, b: EditorState) => a.document === b.document;

/** Tools whose shapes may go into the selected layer when "add to layer" is on. */
const ADDING_TOOLS: ReadonlySet<EditTool> = new Set(['select', 'lasso']);

/**
 * The product a wall or a floor gets next: the one chosen last (saved in the document), else the one
 * the top layer of that surface uses, else the first; only products of the catalogue given.
 */
export function chosenProductId(
  document: EditDocument,
  surface: 'wall' | 'floor',
  products: readonly Product[],
): string | null {
  const known = (id: string | undefined) => (id && products.some((p) => p.id === id) ? id : undefined);
  const used = document.layers.findLast(
    (layer): layer is Extract<EditLayer, { type: 'paint' }> =>
      layer.type === 'paint' && layer.surface === surface && known(layer.productId) !== undefined,
  );
  return known(document.chosenProducts?.[surface]) ?? used?.productId ?? products[0]?.id ?? null;
}

/**
 * The canvas editor of a decoration, for customers (apps/web) and staff (apps/admin). A new
 * decoration or base version starts a new editor (fresh history and autosave).
 */
export function DecorationEditor(props: DecorationEditorProps) {
  return (
    <EditorI18n locale={props.locale}>
      <EditorWorkspace
        key={`${props.session.decorationId}/${props.session.document.baseVersionId}`}
        {...props}
      />
    </EditorI18n>
  );
}

function SaveStatusText({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const { t } = useTranslation('editor');
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
      <Typography
        role="status"
        variant="body2"
        color={status === 'error' ? 'error' : 'text.secondary'}
        data-testid="editor-save-status"
        data-status={status}
      >
        {t(`save.${status}`)}
      </Typography>
      {status === 'error' && (
        <Button size="small" onClick={onRetry} sx={touchTarget}>
          {t('save.retry')}
        </Button>
      )}
    </Stack>
  );
}

function EditorWorkspace({
  session,
  products,
  onSave,
  loadSession,
  onRender,
  onLockedTool,
  readOnly = false,
  autosaveMs = 1500,
  onSaveStatusChange,
  onAiPreview,
}: DecorationEditorProps) {
  const { t } = useTranslation('editor');
  const [store] = useState(() => createEditorStore(session.document));
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const saves = useRef(0);
  // The server's save this editor's document follows: the next save is refused if another came between.
  const basedOn = useRef(session.updatedAt);
  const takeOver = useRef<(latest: EditSession) => void>(() => undefined);
  const autosave = useAutosave(
    state,
    async (edits: EditorState) => {
      saves.current++;
      const saved = await onSave(savedDocument(edits), basedOn.current);
      if (saved !== 'saved_elsewhere') {
        basedOn.current = saved.updatedAt;
        return;
      }
      if (!loadSession) throw new Error('saved_elsewhere');
      const latest = await loadSession();
      // After the autosave has taken this attempt as done: what shows then is the other tab's save.
      setTimeout(() => takeOver.current(latest), 0);
    },
    autosaveMs,
    !readOnly,
    sameEdits,
  );
  const statusListener = useRef(onSaveStatusChange);
  useEffect(() => {
    statusListener.current = onSaveStatusChange;
  });
  useEffect(() => {
    statusListener.current?.(autosave.status);
  }, [autosave.status]);

  const ai = useAiResults(state.document, onAiPreview);

  const [tools] = useState(createTools);
  const locked = useMemo(() => new Set(session.lockedTools), [session.lockedTools]);
  const shown = useMemo(
    () => EDIT_TOOLS.filter((tool) => session.tools.includes(tool) || locked.has(tool)),
    [session.tools, locked],
  );
  const [active, setActive] = useState<EditTool | null>(() =>
    readOnly ? null : (shown.find((tool) => !locked.has(tool) && !tools[tool].instant) ?? null),
  );

  const paints = useMemo(() => products.filter((p) => p.type === 'wall_paint'), [products]);
  const floors = useMemo(() => products.filter((p) => p.type === 'floor'), [products]);
  const productsById = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const [chosen, setChosen] = useState<Omit<ToolSettings, 'wallProductId' | 'floorProductId'>>({
    brushSize: 0.03,
    hardness: 0.8,
    tolerance: 0.12,
    restore: 'original',
    surfaceTolerance: DEFAULT_SURFACE_TOLERANCE,
  });
  const [addToLayer, setAddToLayer] = useState(false);
  const settings: ToolSettings = useMemo(
    () => ({
      ...chosen,
      addToLayer,
      wallProductId: chosenProductId(state.document, 'wall', paints),
      floorProductId: chosenProductId(state.document, 'floor', floors),
    }),
    [chosen, addToLayer, state.document, paints, floors],
  );

  const [notice, setNotice] = useState<Notice | null>(null);
  const [view, setView] = useState<ViewState>(FIT_VIEW);
  const [panToggle, setPanToggle] = useState(false);
  const [spaceHeld, setSpaceHeld] = useState(false);
  const panning = panToggle || spaceHeld;
  const [compare, setCompare] = useState<number | null>(null);
  const [rendering, setRendering] = useState(false);

  const stageBox = useRef<HTMLDivElement>(null);
  const box = useElementSize(stageBox);
  const canvas = useRef<CanvasHandle>(null);
  const [supported] = useState(canvasSupported);
  const image = useMemo(
    () => ({ width: session.width, height: session.height }),
    [session.width, session.height],
  );
  const hintId = useId();

  const makeContext = useCallback(
    (): ToolContext => ({
      store,
      settings,
      image,
      hitRadius: canvas.current?.hitRadius() ?? 0.01,
      readPixels: () => canvas.current?.readPixels() ?? null,
      ...(CLICK_SELECTION
        ? {
            selectSurface: (request: SurfaceSelectionRequest) =>
              canvas.current?.selectSurface(request) ?? Promise.resolve(null),
          }
        : {}),
      modifiers: () => canvas.current?.modifiers() ?? { shift: false, alt: false },
      preview: canvas.current?.preview ?? NO_PREVIEW,
      notify: setNotice,
      random: Math.random,
    }),
    [store, settings, image],
  );

  const cancelGesture = () => {
    if (active) tools[active].onCancel?.(makeContext());
  };
  const chooseTool = (tool: EditTool) => {
    if (readOnly) return;
    if (locked.has(tool)) {
      onLockedTool?.(tool);
      return;
    }
    if (tools[tool].instant) {
      tools[tool].onActivate?.(makeContext());
      return;
    }
    if (tool === active) return;
    cancelGesture();
    setActive(tool);
    tools[tool].onActivate?.(makeContext());
  };
  const undo = () => {
    cancelGesture();
    store.undo();
  };
  const redo = () => {
    cancelGesture();
    store.redo();
  };
  const zoomBy = (factor: number) =>
    setView((current) => zoomView(current, factor, { x: box.width / 2, y: box.height / 2 }, box, image));

  useEditorShortcuts({
    undo: () => !readOnly && undo(),
    redo: () => !readOnly && redo(),
    chooseTool,
    cancel: cancelGesture,
    commit: () => active && tools[active].onCommit?.(makeContext()),
    zoomIn: () => zoomBy(ZOOM_STEP),
    zoomOut: () => zoomBy(1 / ZOOM_STEP),
    fit: () => setView(FIT_VIEW),
    setPanning: setSpaceHeld,
  });

  const chooseProduct = (product: Product) => {
    const surface = product.type === 'floor' ? 'floor' : 'wall';
    const selected = findLayer(store.getState().document, store.getState().selection);
    if (selected?.type === 'paint' && selected.surface === surface)
      store.execute(new SetLayerProductCommand(selected.id, product.id));
    store.chooseProduct(surface, product.id);
  };

  // A chosen wall or floor shows its product in the swatches, and the next one gets the same.
  const selectedPaint = findLayer(state.document, state.selection);
  const selectedProduct = selectedPaint?.type === 'paint' ? selectedPaint : null;
  useEffect(() => {
    if (!selectedProduct || !productsById.has(selectedProduct.productId)) return;
    store.chooseProduct(selectedProduct.surface, selectedProduct.productId);
  }, [store, selectedProduct, productsById]);

  // Leaving for another tab or window saves at once, so the other one reads the latest when it checks.
  const flush = autosave.flush;
  useEffect(() => {
    if (readOnly) return;
    const leave = () => void flush().catch(() => undefined);
    const onHidden = () => globalThis.document.visibilityState === 'hidden' && leave();
    globalThis.addEventListener('blur', leave);
    globalThis.document.addEventListener('visibilitychange', onHidden);
    return () => {
      globalThis.removeEventListener('blur', leave);
      globalThis.document.removeEventListener('visibilitychange', onHidden);
    };
  }, [readOnly, flush]);

  useSavedElsewhere({
    load: loadSession,
    saved: () => autosave.saved().document,
    busy: autosave.busy,
    saves: () => saves.current,
    updatedAt: session.updatedAt,
    onNewer: (latest) => takeOver.current(latest),
  });
  useEffect(() => {
    takeOver.current = (latest: EditSession) => {
      cancelGesture();
      const selection = store.getState().selection;
      store.reset(latest.document);
      store.select(selection);
      basedOn.current = latest.updatedAt;
      autosave.markSaved(store.getState());
      setNotice('saved_elsewhere');
    };
  });

  const saveResult = async () => {
    setRendering(true);
    try {
      await autosave.flush();
      await onRender();
    } catch {
      // The save status shows a failed save; the host shows a failed render.
    } finally {
      setRendering(false);
    }
  };

  const editsLeft = session.editsLeft;
  const activeTool = active ? tools[active] : null;
  const selectedLayer = findLayer(state.document, state.selection);
  const aiMode = active === 'reform' ? 'reform' : active === 'ai_decoration' ? 'decoration' : null;
  return (
    <Box
      component="section"
      aria-label={t('title')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Stack
        direction="row"
        sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
      >
        {readOnly ? (
          <Chip label={t('readOnly')} size="small" />
        ) : (
          <EditorToolbar
            tools={shown}
            locked={locked}
            active={active}
            watermark={state.document.watermark}
            onChoose={chooseTool}
            canUndo={canUndo(state)}
            canRedo={canRedo(state)}
            onUndo={undo}
            onRedo={redo}
          />
        )}
        {!readOnly && (
          <Stack
            direction="row"
            sx={{
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'flex-end',
              columnGap: 1.5,
              rowGap: 1,
              ml: 'auto',
            }}
          >
            <SaveStatusText
              status={autosave.status}
              onRetry={() => void autosave.flush().catch(() => undefined)}
            />
            {editsLeft !== null && (
              <Chip
                size="small"
                color={editsLeft > 0 ? 'default' : 'warning'}
                label={editsLeft > 0 ? t('editsLeft', { count: editsLeft }) : t('noEditsLeft')}
              />
            )}
            <Button
              variant="contained"
              disabled={rendering || editsLeft === 0}
              onClick={() => void saveResult()}
              startIcon={rendering ? <CircularProgress size={16} color="inherit" /> : undefined}
              title={t('render.hint')}
              sx={touchTarget}
            >
              {rendering ? t('render.running') : t('render.action')}
            </Button>
          </Stack>
        )}
      </Stack>

      {active && (
        <ToolOptions
          tool={active}
          settings={settings}
          onChange={(change) => setChosen((current) => ({ ...current, ...change }))}
          onRefine={(tolerance) => refineSelectedSurface(makeContext(), tolerance)}
          onApplyAi={
            aiMode && selectedLayer && !(selectedLayer.type === 'ai' && selectedLayer.mode === aiMode)
              ? () => applyAiToSelection(makeContext(), aiMode)
              : null
          }
        />
      )}

      {/* Side by side when both fit, else the panels go below the canvas; the canvas takes nearly all the
      spare width (999 : 1) and the panels, once on a line of their own, all of it. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: '999 1 480px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <ViewControls
            zoom={view.zoom}
            onZoomIn={() => zoomBy(ZOOM_STEP)}
            onZoomOut={() => zoomBy(1 / ZOOM_STEP)}
            onFit={() => setView(FIT_VIEW)}
            panning={panning}
            onPanningChange={setPanToggle}
            compare={compare}
            onCompareChange={setCompare}
          />
          <Box
            ref={stageBox}
            data-testid="editor-stage"
            role="region"
            tabIndex={0}
            aria-label={t('canvas.label')}
            aria-describedby={activeTool ? hintId : undefined}
            sx={{
              position: 'relative',
              width: '100%',
              aspectRatio: `${session.width} / ${session.height}`,
              maxHeight: '70vh',
              overflow: 'hidden',
              borderRadius: 1,
              bgcolor: 'grey.900',
              touchAction: 'none',
              userSelect: 'none',
              cursor: panning ? 'grab' : (activeTool?.cursor ?? 'default'),
            }}
          >
            {activeTool && (
              <Box id={hintId} sx={{ display: 'none' }}>
                {t(`hints.${activeTool.id}`)}
              </Box>
            )}
            {ai.pending && (
              <Chip
                role="status"
                size="small"
                icon={<CircularProgress size={14} color="inherit" />}
                label={t('render.aiArea')}
                data-testid="editor-ai-rendering"
                sx={{ position: 'absolute', top: 8, left: 8, zIndex: 1, bgcolor: 'background.paper' }}
              />
            )}
            {supported ? (
              box.width > 0 && (
                <EditorCanvas
                  ref={canvas}
                  box={box}
                  image={image}
                  baseImageUrl={session.baseImageUrl}
                  originalImageUrl={session.originalImageUrl}
                  addedMaskUrl={session.addedMaskUrl}
                  document={state.document}
                  selection={state.selection}
                  products={productsById}
                  tool={readOnly ? null : activeTool}
                  makeContext={makeContext}
                  view={view}
                  onViewChange={setView}
                  panning={panning}
                  compare={compare}
                  aiResults={ai.results}
                />
              )
            ) : (
              <Typography sx={{ color: 'common.white', p: 2 }}>{t('canvas.unsupported')}</Typography>
            )}
          </Box>
        </Box>

        <Box
          component="aside"
          sx={{
            flex: '1 1 300px',
            minWidth: 0,
            display: 'grid',
            gap: 2,
            // One column beside the canvas or on a phone; below the canvas on a wider screen, as many as fit.
            gridTemplateColumns: 'repeat(auto-fill, minmax(min(240px, 100%), 1fr))',
            alignItems: 'start',
          }}
        >
          {/* On a phone or tablet the tools' swatches and the layers come first, the original last. */}
          <Paper variant="outlined" component="figure" sx={{ m: 0, p: 1, order: { xs: 1, md: 0 } }}>
            <Box
              component="img"
              src={session.originalImageUrl}
              alt={t('original.alt')}
              sx={{ display: 'block', width: '100%', height: 'auto', borderRadius: 0.5 }}
            />
            <Typography component="figcaption" variant="caption" color="text.secondary">
              {t('original.title')}
            </Typography>
          </Paper>
          {!readOnly && (shown.includes('wall') || shown.includes('floor')) && (
            <>
              {shown.includes('wall') && (
                <ProductSwatches
                  title={t('products.paints')}
                  products={paints}
                  chosen={settings.wallProductId}
                  onChoose={chooseProduct}
                />
              )}
              {shown.includes('floor') && (
                <ProductSwatches
                  title={t('products.floors')}
                  products={floors}
                  chosen={settings.floorProductId}
                  onChoose={chooseProduct}
                />
              )}
            </>
          )}
          <LayerList
            layers={state.document.layers}
            products={productsById}
            selection={state.selection}
            readOnly={readOnly}
            addToLayer={
              !readOnly && active && ADDING_TOOLS.has(active)
                ? { checked: addToLayer, onChange: setAddToLayer }
                : null
            }
            onSelect={(layerId) => store.select(layerId)}
            onMove={(layerId, toIndex) => store.execute(new ReorderLayerCommand(layerId, toIndex))}
            onRemove={(layerId) => store.execute(new RemoveLayerCommand(layerId))}
          />
        </Box>
      </Box>

      <Snackbar
        open={notice !== null}
        autoHideDuration={5000}
        onClose={() => setNotice(null)}
        message={notice ? t(`notices.${notice}`) : ''}
      />
    </Box>
  );
}

import { useEffect, useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { Group, Image as KonvaImage, Layer, Line, Shape, Stage } from 'react-konva';
import type { EditDocument, EditLayer, Product } from '@estancia/contracts';
import { findLayer } from '../model/document';
import type { PixelGrid } from '../mask/flood-fill';
import { areaCoverage } from '../render/area';
import { createCanvas, fitSize } from '../render/canvas';
import { addedCoverage, furnitureInFront } from '../render/added';
import type { LayerPreviewImage } from '../render/layer-preview';
import { LayerPreviewStack } from '../render/layer-stack';
import type { AiResult } from '../ai/ai-result';
import { useImage, useImages } from '../hooks/useImage';
import { createSurfaceSelector, type SurfaceSelector } from '../selection/client';
import type {
  EditorTool,
  NormalPoint,
  SelectedSurface,
  SurfaceSelectionRequest,
  ToolContext,
  ToolPreview,
} from '../tools';
import { panTo, viewPosition, viewScale, zoomView, ZOOM_STEP, type Size, type ViewState } from './view';
import { ANT_DASH, areaOutline, drawOutline, outlinePoints, type OutlineContext } from './selection-outline';

/** Longest side of the layer previews and the stroke canvas: sharp on screen, light in memory. */
const PREVIEW_LONGEST = 1600;
/** Longest side of the grid object selection works on (and its masks are stored at). */
const SELECTION_LONGEST = 768;
/** Longest side of the pixels the surface selection reads (and its masks are stored at): the contract's cap. */
const SURFACE_LONGEST = 4096;
/** A click within this many screen pixels of a corner hits it, whatever the zoom. */
const HIT_PIXELS = 10;
const BRUSH_COLOUR = '#ff6e40';
const ERASER_COLOUR = '#40c4ff';
/** The ants march one step this often (ms), redrawing only the outline's own Konva layer. */
const ANTS_STEP_MS = 120;
/** Past this many points the outline stays still: redrawing it would cost too much per step. */
const ANTS_MAX_POINTS = 60_000;
/** Fixed arrays: a new array per render would make react-konva reset the live outline. */
const NO_POINTS: number[] = [];
const DASH = [8, 4];

/** What the tools reach of the canvas: the live preview, the photo's pixels and the hit radius. */
export interface CanvasHandle {
  readonly preview: ToolPreview;
  readPixels(): PixelGrid | null;
  hitRadius(): number;
  /** The surface selection on the picture as edited (draft and corrections), off the main thread. */
  selectSurface(request: SurfaceSelectionRequest): Promise<SelectedSurface | null>;
  modifiers(): { shift: boolean; alt: boolean };
}

export interface EditorCanvasProps {
  readonly ref?: Ref<CanvasHandle>;
  /** The stage's size on screen. */
  readonly box: Size;
  /** The photo's size in pixels. */
  readonly image: Size;
  readonly baseImageUrl: string;
  readonly originalImageUrl: string;
  /** White where the engine added furniture: paint and floors are previewed under it. */
  readonly addedMaskUrl?: string | null;
  readonly document: EditDocument;
  readonly selection: string | null;
  readonly products: ReadonlyMap<string, Product>;
  readonly tool: EditorTool | null;
  readonly makeContext: () => ToolContext;
  readonly view: ViewState;
  readonly onViewChange: (view: ViewState) => void;
  readonly panning: boolean;
  readonly compare: number | null;
  /** The engine's results of the AI layers, by layer id: drawn inside their area instead of the hatching. */
  readonly aiResults?: ReadonlyMap<string, AiResult>;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

function LayerPreview(props: { preview: LayerPreviewImage; image: Size }) {
  const { preview, image } = props;
  return (
    <KonvaImage
      image={preview.canvas}
      width={image.width}
      height={image.height}
      globalCompositeOperation={preview.blend}
      opacity={preview.opacity ?? 1}
      listening={false}
    />
  );
}

/**
 * The selected layer's edge as marching ants: one Konva shape drawing the border (never a tint over the
 * area, so the picture keeps its true colours), stepped on a timer by redrawing its layer, with no
 * React render per step.
 */
function SelectionOutline({ layer, work, image }: { layer: EditLayer; work: Size; image: Size }) {
  const lines = useMemo(() => {
    const coverage = areaCoverage(layer.area, work.width, work.height);
    const ctx = coverage.getContext('2d', { willReadFrequently: true });
    return ctx ? areaOutline(ctx.getImageData(0, 0, coverage.width, coverage.height)) : [];
  }, [layer, work]);
  const node = useRef<Konva.Shape>(null);
  const phase = useRef(0);
  useEffect(() => {
    if (lines.length === 0 || outlinePoints(lines) > ANTS_MAX_POINTS) return;
    const timer = setInterval(() => {
      phase.current = (phase.current + 1) % (2 * ANT_DASH);
      node.current?.getLayer()?.batchDraw();
    }, ANTS_STEP_MS);
    return () => clearInterval(timer);
  }, [lines]);
  return (
    <Shape
      ref={node}
      listening={false}
      perfectDrawEnabled={false}
      sceneFunc={(context, shape) => {
        const native = (context as unknown as { _context: OutlineContext })._context;
        drawOutline(native, lines, {
          scaleX: image.width / work.width,
          scaleY: image.height / work.height,
          pixel: 1 / shape.getAbsoluteScale().x,
          phase: phase.current,
        });
      }}
    />
  );
}

/**
 * The react-konva stage: one layer with the photo and the previews of the document's layers, one
 * with the selected layer's outline (marching ants), one with what a gesture draws (strokes into an offscreen
 * canvas shown by a single Konva.Image, outlines by a single line), all `listening(false)`: pointer
 * events go to the stage itself.
 */
export function EditorCanvas(props: EditorCanvasProps) {
  const { box, image, document, tool, view, panning, compare } = props;
  const base = useImage(props.baseImageUrl);
  const original = useImage(props.originalImageUrl);
  const addedMask = useImage(props.addedMaskUrl);
  const textureUrls = useMemo(
    () =>
      document.layers.flatMap((layer) => {
        const url = layer.type === 'paint' ? props.products.get(layer.productId)?.textureUrl : null;
        return url ? [url] : [];
      }),
    [document.layers, props.products],
  );
  const textures = useImages(textureUrls);
  const work = useMemo(
    () => fitSize(image.width, image.height, PREVIEW_LONGEST),
    [image.width, image.height],
  );
  const added = useMemo(
    () => (addedMask ? addedCoverage(addedMask, work.width, work.height) : null),
    [addedMask, work],
  );
  const chain = useRef<ReturnType<typeof furnitureInFront>['chain']>([]);
  const fronts = useMemo(() => {
    if (!added) return new Map<string, HTMLCanvasElement>();
    const next = furnitureInFront(document.layers, added, chain.current);
    chain.current = next.chain;
    return next.fronts;
  }, [document.layers, added]);
  // One stack per canvas: corrections and heals are previewed over the picture as edited under them.
  const stack = useRef<LayerPreviewStack | null>(null);
  stack.current ??= new LayerPreviewStack();
  const previews = useMemo(
    () =>
      stack.current!.render(document.layers, work.width, work.height, (layer) => {
        const product = layer.type === 'paint' ? props.products.get(layer.productId) : undefined;
        return {
          product,
          texture: product?.textureUrl ? textures.get(product.textureUrl) : null,
          original,
          base,
          front: fronts.get(layer.id),
          aiResult: layer.type === 'ai' ? (props.aiResults?.get(layer.id) ?? null) : null,
          imageWidth: image.width,
          imageHeight: image.height,
        };
      }),
    [
      document.layers,
      work,
      props.products,
      textures,
      original,
      base,
      fronts,
      props.aiResults,
      image.width,
      image.height,
    ],
  );
  const scale = viewScale(view, box, image);
  const position = viewPosition(view, box, image);

  const strokeCanvas = useMemo(() => createCanvas(work.width, work.height), [work]);
  const strokeNode = useRef<Konva.Image>(null);
  const outlineNode = useRef<Konva.Line>(null);
  const drawnValues = useRef(0);
  const scaleNow = useRef(scale);
  const pixels = useRef<{ image: HTMLImageElement; grid: PixelGrid | null } | null>(null);
  const pressed = useRef(false);
  const keys = useRef({ shift: false, alt: false });
  // The selection worker lives with the canvas; its pixels follow the draft and the corrections.
  const selector = useRef<SurfaceSelector | null>(null);
  useEffect(() => {
    selector.current = createSurfaceSelector();
    // A new worker has no picture yet (React's strict mode starts the effect twice).
    sentPixels.current = null;
    return () => {
      selector.current?.dispose();
      selector.current = null;
    };
  }, []);
  const corrections = useMemo(
    () => document.layers.filter((layer) => layer.type === 'correction'),
    [document.layers],
  );
  const sentPixels = useRef<{ key: unknown[]; ready: boolean } | null>(null);
  const ensurePixels = (): boolean => {
    const key = [base, original, ...corrections];
    const sent = sentPixels.current;
    if (sent && sent.key.length === key.length && sent.key.every((item, i) => item === key[i]))
      return sent.ready;
    // The draft with its corrections, composed in the worker: pixels that cannot be read reject the request.
    const size = fitSize(image.width, image.height, SURFACE_LONGEST);
    if (base) selector.current?.setPicture({ base, original, layers: corrections, ...size });
    sentPixels.current = { key, ready: base !== null };
    return base !== null;
  };
  const ensureRef = useRef(ensurePixels);
  useEffect(() => {
    ensureRef.current = ensurePixels;
  });

  useEffect(() => {
    scaleNow.current = scale;
  }, [scale]);

  useImperativeHandle(
    props.ref,
    (): CanvasHandle => {
      const redraw = () => strokeNode.current?.getLayer()?.batchDraw();
      const preview: ToolPreview = {
        stroke(points, size, _hardness, erase) {
          const ctx = strokeCanvas.getContext('2d');
          if (!ctx || points.length < 2) return;
          const { width, height } = strokeCanvas;
          ctx.strokeStyle = ctx.fillStyle = erase ? ERASER_COLOUR : BRUSH_COLOUR;
          ctx.lineCap = 'round';
          ctx.lineJoin = 'round';
          ctx.lineWidth = size * width;
          // Only what is new since the last call: from the last drawn point on.
          const from = Math.max(0, drawnValues.current - 2);
          ctx.beginPath();
          if (points.length === 2) {
            ctx.arc(points[0]! * width, points[1]! * height, ctx.lineWidth / 2, 0, Math.PI * 2);
            ctx.fill();
          } else {
            ctx.moveTo(points[from]! * width, points[from + 1]! * height);
            for (let i = from + 2; i < points.length; i += 2)
              ctx.lineTo(points[i]! * width, points[i + 1]! * height);
            ctx.stroke();
          }
          drawnValues.current = points.length;
          redraw();
        },
        outline(points, closed) {
          const line = outlineNode.current;
          if (!line) return;
          line.points(points.map((value, i) => value * (i % 2 ? image.height : image.width)));
          line.closed(closed);
          line.getLayer()?.batchDraw();
        },
        clear() {
          strokeCanvas.getContext('2d')?.clearRect(0, 0, strokeCanvas.width, strokeCanvas.height);
          drawnValues.current = 0;
          outlineNode.current?.points([]);
          redraw();
        },
      };
      return {
        preview,
        readPixels() {
          if (!base) return null;
          if (pixels.current?.image !== base) {
            const size = fitSize(image.width, image.height, SELECTION_LONGEST);
            const canvas = createCanvas(size.width, size.height);
            const ctx = canvas.getContext('2d', { willReadFrequently: true });
            let grid: PixelGrid | null = null;
            try {
              ctx?.drawImage(base, 0, 0, size.width, size.height);
              grid = ctx?.getImageData(0, 0, size.width, size.height) ?? null;
            } catch {
              // A photo served without CORS taints the canvas: its pixels cannot be read.
            }
            pixels.current = { image: base, grid };
          }
          return pixels.current.grid;
        },
        hitRadius: () => HIT_PIXELS / (image.width * scaleNow.current),
        async selectSurface(request) {
          if (!selector.current || !ensureRef.current()) throw new Error('no_pixels');
          const size = fitSize(image.width, image.height, SURFACE_LONGEST);
          const scaled = (points: readonly number[]) =>
            points.map((value, i) => value * (i % 2 ? size.height : size.width));
          const strokes = request.strokes ?? [];
          return selector.current.select(
            {
              seed: { x: request.seed.x * size.width, y: request.seed.y * size.height },
              tolerance: request.tolerance,
              ...(request.outline ? { outline: request.outline } : {}),
              add: strokes
                .filter((s) => !s.subtract)
                .map((s) => ({ points: scaled(s.points), radius: (s.size * size.width) / 2 })),
              subtract: strokes
                .filter((s) => s.subtract)
                .map((s) => ({ points: scaled(s.points), radius: (s.size * size.width) / 2 })),
            },
            request.key,
          );
        },
        modifiers: () => keys.current,
      };
    },
    [strokeCanvas, base, image.width, image.height],
  );

  const pointOf = (event: KonvaEventObject<Event>): NormalPoint | null => {
    const at = event.target.getStage()?.getRelativePointerPosition();
    return at ? { x: clamp01(at.x / image.width), y: clamp01(at.y / image.height) } : null;
  };

  const onPointerDown = (event: KonvaEventObject<PointerEvent>) => {
    const p = pointOf(event);
    if (!tool || panning || event.evt.button !== 0 || !p) return;
    pressed.current = true;
    keys.current = { shift: event.evt.shiftKey, alt: event.evt.altKey };
    tool.onPointerDown(props.makeContext(), p, { alt: event.evt.altKey, shift: event.evt.shiftKey });
  };
  const onPointerMove = (event: KonvaEventObject<PointerEvent>) => {
    const p = pointOf(event);
    if (tool && !panning && p) tool.onPointerMove(props.makeContext(), p);
  };
  const onPointerUp = (event: KonvaEventObject<PointerEvent>) => {
    const p = pointOf(event);
    if (!pressed.current || !tool || !p) return;
    pressed.current = false;
    tool.onPointerUp(props.makeContext(), p);
  };
  const onDoubleClick = (event: KonvaEventObject<Event>) => {
    const p = pointOf(event);
    if (tool && !panning && p) tool.onDoubleClick?.(props.makeContext(), p);
  };
  const onWheel = (event: KonvaEventObject<WheelEvent>) => {
    event.evt.preventDefault();
    const anchor = event.target.getStage()?.getPointerPosition();
    if (!anchor) return;
    props.onViewChange(zoomView(view, event.evt.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, anchor, box, image));
  };
  const onDragEnd = (event: KonvaEventObject<DragEvent>) => {
    const stage = event.target.getStage();
    if (stage && event.target === stage) props.onViewChange(panTo(view, stage.position(), box, image));
  };

  const selected = findLayer(document, props.selection);
  const split = compare === null ? null : compare * image.width;
  return (
    <Stage
      width={box.width}
      height={box.height}
      scaleX={scale}
      scaleY={scale}
      x={position.x}
      y={position.y}
      draggable={panning}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerLeave={onPointerUp}
      onDblClick={onDoubleClick}
      onDblTap={onDoubleClick}
      onWheel={onWheel}
      onDragEnd={onDragEnd}
    >
      <Layer listening={false}>
        {split !== null && original && (
          <KonvaImage image={original} width={image.width} height={image.height} />
        )}
        <Group
          clipX={split ?? undefined}
          clipY={split === null ? undefined : 0}
          clipWidth={split === null ? undefined : image.width - split}
          clipHeight={split === null ? undefined : image.height}
        >
          {base && <KonvaImage image={base} width={image.width} height={image.height} />}
          {document.layers.map((layer, i) => (
            <LayerPreview key={layer.id} preview={previews[i]!} image={image} />
          ))}
        </Group>
      </Layer>
      <Layer listening={false}>
        {selected && split === null && <SelectionOutline layer={selected} work={work} image={image} />}
      </Layer>
      {/* A layer of its own: a stroke or an outline redraws it at every pointer move, and a Konva layer
      redraws whole; the highlight (a full-size image) beside them took a quarter of each frame. */}
      <Layer listening={false}>
        <KonvaImage
          ref={strokeNode}
          image={strokeCanvas}
          width={image.width}
          height={image.height}
          opacity={0.5}
        />
        <Line
          ref={outlineNode}
          points={NO_POINTS}
          stroke="#ffffff"
          strokeWidth={2}
          dash={DASH}
          shadowColor="#000000"
          shadowBlur={3}
          strokeScaleEnabled={false}
        />
        {split !== null && (
          <Line
            points={[split, 0, split, image.height]}
            stroke="#ffffff"
            strokeWidth={3}
            strokeScaleEnabled={false}
          />
        )}
      </Layer>
    </Stage>
  );
}

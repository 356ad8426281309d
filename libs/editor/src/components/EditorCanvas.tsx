import { useEffect, useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { Group, Image as KonvaImage, Layer, Line, Stage } from 'react-konva';
import type { EditDocument, EditLayer, Product } from '@estancia/contracts';
import { findLayer } from '../model/document';
import type { PixelGrid } from '../mask/flood-fill';
import { areaCoverage } from '../render/area';
import { createCanvas, fitSize } from '../render/canvas';
import { addedCoverage, furnitureInFront } from '../render/added';
import { renderLayerPreview } from '../render/layer-preview';
import { useImage, useImages } from '../hooks/useImage';
import type { EditorTool, NormalPoint, ToolContext, ToolPreview } from '../tools';
import { panTo, viewPosition, viewScale, zoomView, ZOOM_STEP, type Size, type ViewState } from './view';

/** Longest side of the layer previews and the stroke canvas: sharp on screen, light in memory. */
const PREVIEW_LONGEST = 1600;
/** Longest side of the grid object selection works on (and its masks are stored at). */
const SELECTION_LONGEST = 768;
/** A click within this many screen pixels of a corner hits it, whatever the zoom. */
const HIT_PIXELS = 10;
const BRUSH_COLOUR = '#ff6e40';
const ERASER_COLOUR = '#40c4ff';
const HIGHLIGHT_COLOUR = '#00b0ff';
/** Fixed arrays: a new array per render would make react-konva reset the live outline. */
const NO_POINTS: number[] = [];
const DASH = [8, 4];

/** What the tools reach of the canvas: the live preview, the photo's pixels and the hit radius. */
export interface CanvasHandle {
  readonly preview: ToolPreview;
  readPixels(): PixelGrid | null;
  hitRadius(): number;
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
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

function LayerPreview(props: {
  layer: EditLayer;
  work: Size;
  image: Size;
  product?: Product;
  texture?: HTMLImageElement | null;
  original: HTMLImageElement | null;
  base: HTMLImageElement | null;
  front?: HTMLCanvasElement;
}) {
  const { layer, work, product, texture, original, base, front } = props;
  // Documents are immutable: an unchanged layer keeps its object and its rendered preview.
  const { canvas, blend } = useMemo(
    () => renderLayerPreview(layer, work.width, work.height, { product, texture, original, base, front }),
    [layer, work, product, texture, original, base, front],
  );
  return (
    <KonvaImage
      image={canvas}
      width={props.image.width}
      height={props.image.height}
      globalCompositeOperation={blend}
      opacity={layer.type === 'ai' ? 0.85 : 1}
      listening={false}
    />
  );
}

function SelectionHighlight({ layer, work, image }: { layer: EditLayer; work: Size; image: Size }) {
  const canvas = useMemo(() => {
    const result = createCanvas(work.width, work.height);
    const ctx = result.getContext('2d');
    if (ctx) {
      ctx.drawImage(areaCoverage(layer.area, result.width, result.height), 0, 0);
      ctx.globalCompositeOperation = 'source-in';
      ctx.fillStyle = HIGHLIGHT_COLOUR;
      ctx.fillRect(0, 0, result.width, result.height);
    }
    return result;
  }, [layer, work]);
  return (
    <KonvaImage image={canvas} width={image.width} height={image.height} opacity={0.25} listening={false} />
  );
}

/**
 * The react-konva stage: one layer with the photo and the previews of the document's layers, one
 * with the selected layer's highlight, one with what a gesture draws (strokes into an offscreen
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
  const scale = viewScale(view, box, image);
  const position = viewPosition(view, box, image);

  const strokeCanvas = useMemo(() => createCanvas(work.width, work.height), [work]);
  const strokeNode = useRef<Konva.Image>(null);
  const outlineNode = useRef<Konva.Line>(null);
  const drawnValues = useRef(0);
  const scaleNow = useRef(scale);
  const pixels = useRef<{ image: HTMLImageElement; grid: PixelGrid | null } | null>(null);
  const pressed = useRef(false);

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
    tool.onPointerDown(props.makeContext(), p);
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
          {document.layers.map((layer) => {
            const product = layer.type === 'paint' ? props.products.get(layer.productId) : undefined;
            return (
              <LayerPreview
                key={layer.id}
                layer={layer}
                work={work}
                image={image}
                product={product}
                texture={product?.textureUrl ? textures.get(product.textureUrl) : null}
                original={original}
                base={base}
                front={fronts.get(layer.id)}
              />
            );
          })}
        </Group>
      </Layer>
      <Layer listening={false}>
        {selected && split === null && <SelectionHighlight layer={selected} work={work} image={image} />}
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

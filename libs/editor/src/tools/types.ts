import type { EditTool, SurfaceBrushStroke } from '@estancia/contracts';
import type { PixelGrid } from '../mask/flood-fill';
import type { EditorStore } from '../model/store';

/** A point on the photo as fractions of its width and height (0..1), as the document stores them. */
export interface NormalPoint {
  readonly x: number;
  readonly y: number;
}

/** What the user chose in the tool options. */
export interface ToolSettings {
  /** Brush and eraser diameter, as a fraction of the photo's width. */
  readonly brushSize: number;
  /** 1 = hard edge, 0 = fully feathered. */
  readonly hardness: number;
  /** Object selection: how different a colour may be from the clicked one (0..1). */
  readonly tolerance: number;
  /** Wall and floor: how far from the surface's colour a pixel may be and still be painted (0..1). */
  readonly surfaceTolerance: number;
  /** What the corrector brush shows again: the original photo, or the AI draft the layers go over. */
  readonly restore: 'original' | 'draft';
  /** Wall and floor: draw an outline (corners) instead of selecting the surface with one click. */
  readonly surfaceOutline?: boolean;
  /** Wall and floor on a touch screen: drags brush the selected surface (add or subtract) instead. */
  readonly surfaceBrush?: 'add' | 'subtract' | null;
  readonly wallProductId: string | null;
  readonly floorProductId: string | null;
  /**
   * "Add to layer": object selection and the lasso extend the selected correction or AI layer instead
   * of starting a layer of their own (never a wall's or a floor's). Off when absent.
   */
  readonly addToLayer?: boolean;
}

/** Why a gesture made no change; the view says it to the user. */
export type ToolNotice =
  | 'choose_product'
  | 'area_full'
  | 'too_many_layers'
  | 'no_pixels'
  | 'empty_selection'
  | 'selection_too_complex'
  | 'nothing_to_erase'
  | 'select_area_first'
  | 'heal_source_set';

/**
 * The transient drawing of a gesture in progress. The view draws it imperatively (an offscreen
 * canvas, a Konva line), never through React state per pointer move.
 */
export interface ToolPreview {
  /** The whole stroke so far; the view draws only the part it has not drawn yet. */
  stroke(points: readonly number[], size: number, hardness: number, erase: boolean): void;
  /** A lasso path (closed) or the corners of a wall or floor so far (open). */
  outline(points: readonly number[], closed: boolean): void;
  clear(): void;
}

/** A surface selection asked of the selection worker, in the document's fractions. */
export interface SurfaceSelectionRequest {
  /**
   * What the selection is for (a layer's id, or a new surface): a newer request for the same
   * supersedes an older one still running; requests for different things are all answered.
   */
  readonly key: string;
  readonly seed: NormalPoint;
  readonly outline?: readonly number[];
  readonly tolerance: number;
  readonly strokes?: readonly SurfaceBrushStroke[];
}

/** The selected surface as a mask grid (the photo's size, at most 4096 a side). */
export interface SelectedSurface {
  readonly width: number;
  readonly height: number;
  readonly mask: Uint8Array;
}

/** What a tool works with; the view builds a fresh one per event, so settings are always current. */
export interface ToolContext {
  readonly store: EditorStore;
  readonly settings: ToolSettings;
  /** The photo's size in pixels: distances are measured with its aspect ratio. */
  readonly image: { readonly width: number; readonly height: number };
  /** How close (a fraction of the photo's width) a click must be to hit a point at the current zoom. */
  readonly hitRadius: number;
  /** The displayed photo's pixels at the selection's working resolution, or null when unreadable. */
  readPixels(): PixelGrid | null;
  readonly preview: ToolPreview;
  /**
   * Selects the clicked surface on the picture as edited, off the main thread; null when a newer
   * request overtook it. Absent where the pixels cannot be read that way (the tools fall back to
   * outlines then).
   */
  selectSurface?(request: SurfaceSelectionRequest): Promise<SelectedSurface | null>;
  /** Modifier keys held at the gesture's start: shift adds to a selected surface, alt subtracts. */
  modifiers?(): { readonly shift: boolean; readonly alt: boolean };
  notify(notice: ToolNotice): void;
  random(): number;
}

/** Keys held at a pointer press (the heal brush's alt-click picks its source). */
export interface PointerModifiers {
  readonly alt?: boolean;
  readonly shift?: boolean;
}

/** A tool: a small strategy turning pointer gestures into commands. */
export interface EditorTool {
  readonly id: EditTool;
  /** CSS cursor over the canvas. */
  readonly cursor: string;
  /** Acts once when chosen instead of on the canvas (the watermark toggle). */
  readonly instant?: boolean;
  onActivate?(ctx: ToolContext): void;
  onPointerDown(ctx: ToolContext, p: NormalPoint, modifiers?: PointerModifiers): void;
  onPointerMove(ctx: ToolContext, p: NormalPoint): void;
  onPointerUp(ctx: ToolContext, p: NormalPoint): void;
  onDoubleClick?(ctx: ToolContext, p: NormalPoint): void;
  /** Enter: finish what is being drawn (closes a wall or floor outline). */
  onCommit?(ctx: ToolContext): void;
  /** Escape or another tool chosen: drop the gesture in progress. */
  onCancel?(ctx: ToolContext): void;
}

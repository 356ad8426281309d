import {
  ACCEPTED_IMAGE_TYPES,
  decorationCost,
  ErrorCode,
  LIMITS,
  type Decoration,
  type DecorationType,
} from '@estancia/contracts';

export interface FileRefusal {
  name: string;
  code: ErrorCode;
}

export interface FileCheck {
  accepted: File[];
  refused: FileRefusal[];
  /** More photos were offered than the project can take: how many in all, for the decoration-limit modal. */
  overLimit: number | null;
}

/**
 * The browser's first checks, before anything is decoded or sent (the API checks again from the bytes): an
 * image type we accept and at most 5 photos in the project. The 2 MB limit is met afterwards by
 * `shared/photo-fit`, which reduces bigger photos or refuses them.
 */
export function checkFiles(alreadyChosen: number, offered: readonly File[]): FileCheck {
  const accepted: File[] = [];
  const refused: FileRefusal[] = [];
  for (const file of offered) {
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      refused.push({ name: file.name, code: ErrorCode.IMAGE_NOT_VALID });
    } else {
      accepted.push(file);
    }
  }
  const room = Math.max(0, LIMITS.maxPhotosPerProject - alreadyChosen);
  const overLimit = accepted.length > room ? alreadyChosen + accepted.length : null;
  return { accepted: accepted.slice(0, room), refused, overLimit };
}

/** Credits an order costs: automatic 1, supervised 5 per image. */
export const orderCost = (types: readonly DecorationType[]): number =>
  types.reduce((sum, type) => sum + decorationCost(type), 0);

/** Credits a redo costs: none when it was granted after the structure guard flagged the result. */
export const redoCost = (decoration: Pick<Decoration, 'type' | 'freeRedo'>): number =>
  decoration.freeRedo ? 0 : decorationCost(decoration.type, true);

import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import {
  createProjectRequestSchema,
  DECORATION_TYPES,
  decorationCost,
  decorationSchema,
  importImageRequestSchema,
  PROJECT_PAGE_SIZE,
  projectImageSchema,
  projectListResponseSchema,
  projectSummarySchema,
  ROOM_TYPES,
  ROOM_TYPES_COMING_SOON,
  STYLES,
  STYLES_COMING_SOON,
  walletSchema,
  type Decoration,
  type ErrorCode,
  type ProjectImage,
  type ProjectListResponse,
  type ProjectSummary,
} from '@estancia/contracts';
import { translate } from '@estancia/i18n';
import { z } from 'zod';

/** What can be ordered today: the catalogue's "coming soon" entries are refused by the app too. */
export const ORDERABLE_ROOM_TYPES = ROOM_TYPES.filter((r) => !ROOM_TYPES_COMING_SOON.includes(r));
export const ORDERABLE_STYLES = STYLES.filter((s) => !STYLES_COMING_SOON.includes(s));

/** `bedroom (Bedroom), study_room (Study)…`: the wire value an assistant sends and what a customer calls it. */
const labelled = (values: readonly string[], group: 'roomTypes' | 'styles'): string =>
  values.map((value) => `${value} (${translate('en', 'web', `catalogue.${group}.${value}`)})`).join(', ');

const id = (what: string) => z.string().describe(`The ${what}'s id, as an earlier tool answered it.`);

/** Told to the assistant when it connects: the order in which the tools stage a photo. */
export const SERVER_INSTRUCTIONS =
  'Estancia stages real-estate photos: it furnishes and decorates empty or dated rooms. To stage a photo: ' +
  'create_project (one per property), upload_image_from_url for each photo, order_decoration for each photo ' +
  'with a room type and a style, then call get_decoration every few seconds until its state is "ready" ' +
  '(resultUrl is the staged photo) or "failed" (the credits are refunded). Every call acts for the owner of ' +
  'the API key and spends their credits; get_wallet tells the balance.';

/** The tools an assistant sees: what each does, its input and the shape of its answer. */
export const STAGING_TOOLS = {
  list_projects: {
    title: 'List projects',
    description:
      "Lists the user's projects (one per property), newest first, with how many photos each has and how " +
      `many are decorated. Filter by property name with \`search\`; pages hold up to ${PROJECT_PAGE_SIZE} projects.`,
    inputSchema: {
      search: z.string().optional().describe('Part of the property name, case-insensitive.'),
      page: z.number().int().min(1).optional().describe('1 unless the previous page was full.'),
    },
    outputSchema: projectListResponseSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  create_project: {
    title: 'Create a project',
    description:
      'Creates a project for one property (a flat, a house…); its photos are uploaded and decorated inside ' +
      'it. The name must be new among the user’s projects (PROJECT_EXISTS otherwise: use list_projects to ' +
      'find the existing one).',
    inputSchema: {
      propertyName: createProjectRequestSchema.shape.propertyName.describe(
        'How the user names the property, e.g. its address or listing reference (1–120 characters).',
      ),
    },
    outputSchema: projectSummarySchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  upload_image_from_url: {
    title: 'Add a photo from a URL',
    description:
      'Downloads a room photo from a public https URL into a project (JPEG, PNG or WebP, within the upload ' +
      'size limit; private and local addresses are refused) and checks it like an upload in the app: photos ' +
      'with people in them are refused (IMAGE_HAS_PERSON). Answers the stored photo, whose id order_decoration ' +
      'takes. Usually takes a few seconds.',
    inputSchema: {
      projectId: id('project'),
      url: importImageRequestSchema.shape.url.describe(
        'Where the photo is, e.g. a listing portal image URL.',
      ),
    },
    outputSchema: projectImageSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  },
  order_decoration: {
    title: 'Order a decoration',
    description:
      'Orders the staging of one photo of a project in a room type and a style, and takes its credits from ' +
      `the wallet: "automatic" costs ${decorationCost('automatic')} credit(s) and is ready in seconds; ` +
      `"supervised" costs ${decorationCost('supervised')} credits and is an AI draft fixed by a staff ` +
      'decorator, delivered within 48 working hours. Answers the decoration (state "pending"); follow it ' +
      'with get_decoration. Errors: PLAN_EXCEEDED (credits short: more decorations than the plan includes), ' +
      'PLAN_REQUIRED (a room type or style the plan does not include), HIGH_DEMAND (automatic paused, try supervised or ' +
      `later), NOT_FOUND. Room types: ${labelled(ORDERABLE_ROOM_TYPES, 'roomTypes')}. ` +
      `Styles: ${labelled(ORDERABLE_STYLES, 'styles')}.`,
    inputSchema: {
      projectId: id('project'),
      imageId: id('photo'),
      roomType: z.enum(ORDERABLE_ROOM_TYPES).describe('What the room is (or should be shown as).'),
      style: z.enum(ORDERABLE_STYLES).describe('The decoration style.'),
      type: z.enum(DECORATION_TYPES).describe('automatic (seconds) or supervised (checked by a decorator).'),
    },
    outputSchema: decorationSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  get_decoration: {
    title: 'Read a decoration',
    description:
      'The state of a decoration: "pending" (with stage and percent while it renders; a supervised one ' +
      'shows its review stage and due date), "ready" (resultUrl is the staged photo and thumbnailUrl a ' +
      'small preview; links expire after about an hour, read the decoration again for fresh ones) or ' +
      '"failed" (its credits were refunded).',
    inputSchema: { decorationId: id('decoration') },
    outputSchema: decorationSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  get_wallet: {
    title: 'Read the credit balance',
    description:
      `The user's credit balance. An automatic decoration costs ${decorationCost('automatic')} credit(s), ` +
      `a supervised one ${decorationCost('supervised')}; credits are bought in the app.`,
    inputSchema: {},
    outputSchema: walletSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
} satisfies Record<
  string,
  {
    title: string;
    description: string;
    inputSchema: z.ZodRawShape;
    outputSchema: z.ZodObject;
    annotations: ToolAnnotations;
  }
>;

/** A tool's answer: JSON as text for any client, and the same object as structured content. */
export function toolAnswer(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/**
 * A refused call: the app's stable error code and its English message (and the flagged fields), as a
 * tool error the assistant reads and can act on; no structured content (it would not match the answer's schema).
 */
export function toolRefusal(code: ErrorCode, fields?: Record<string, string>): CallToolResult {
  const body = { code, message: translate('en', 'errors', code), ...(fields && { fields }) };
  return { content: [{ type: 'text', text: JSON.stringify(body) }], isError: true };
}

/**
 * The app's media links are relative (`/data/media/…`); an assistant fetches them from elsewhere, so they
 * are made absolute on the origin the assistant reached us at.
 */
export class AbsoluteLinks {
  constructor(private readonly origin: string) {}

  project(project: ProjectSummary): ProjectSummary {
    return { ...project, coverUrl: this.link(project.coverUrl) };
  }

  projects(list: ProjectListResponse): ProjectListResponse {
    return { ...list, items: list.items.map((p) => this.project(p)) };
  }

  image(image: ProjectImage): ProjectImage {
    return { ...image, previewUrl: this.link(image.previewUrl), thumbnailUrl: this.link(image.thumbnailUrl) };
  }

  decoration(decoration: Decoration): Decoration {
    return {
      ...decoration,
      resultUrl: this.link(decoration.resultUrl),
      thumbnailUrl: this.link(decoration.thumbnailUrl),
    };
  }

  private link<T extends string | null>(url: T): T {
    return (url?.startsWith('/') ? `${this.origin}${url}` : url) as T;
  }
}

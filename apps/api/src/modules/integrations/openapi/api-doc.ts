import { SetMetadata } from '@nestjs/common';
import type { ErrorCode } from '@estancia/contracts';
import type { z } from 'zod';

/**
 * What the OpenAPI document says about one route of the public API, next to its handler. Schemas are the
 * zod contracts the route validates and answers with, so the document is generated from the code (path
 * and method come from the route itself; path parameters from its `:name` segments).
 */
export interface ApiDocSpec {
  /** Groups the route in the documentation (Projects, Images, Decorations, Descriptions, Wallet). */
  tag: string;
  /** Stable id for code generators, e.g. `createProject`. */
  operationId: string;
  summary: string;
  description?: string;
  /** The JSON body's schema (input side). */
  body?: z.ZodType;
  /** A multipart upload: the files' field name and how many a request may carry. */
  multipart?: { field: string; maxFiles: number };
  /** The query string's schema (an object of scalars). */
  query?: z.ZodType;
  /** The success status; 200 unless given. */
  status?: number;
  /** The success answer's schema; omitted: no body (e.g. 204). */
  response?: z.ZodType;
  /** A binary answer instead of JSON: its media types, e.g. `['image/jpeg', 'image/png']` for a download. */
  binary?: string | string[];
  /** The error codes this route can answer besides the ones every route can (key, rate limit, validation). */
  errors?: ErrorCode[];
  /** The path parameters' schema (an object keyed by the `:name` segments); omitted: each is a string. */
  params?: z.ZodType;
}

/**
 * A route (or, on the class, every route of a controller) kept out of the document on purpose, e.g. the
 * MCP endpoint, which speaks its own protocol; the reason is required so the choice is visible in review.
 */
export interface ApiDocExclusion {
  excludeFromDocs: true;
  reason: string;
}

export const API_DOC = 'integrations:api-doc';

/**
 * Documents a route of the public API (see ApiDocSpec); the OpenAPI generator refuses an undocumented one.
 * `@ApiDoc({ excludeFromDocs: true, reason })` on a handler or a controller leaves it out on purpose.
 */
export const ApiDoc = (spec: ApiDocSpec | ApiDocExclusion) => SetMetadata(API_DOC, spec);

export const isApiDocExclusion = (spec: ApiDocSpec | ApiDocExclusion): spec is ApiDocExclusion =>
  'excludeFromDocs' in spec && spec.excludeFromDocs === true;

import type { Response } from 'express';
import { z } from 'zod';
import { ErrorCode } from '@estancia/contracts';
import { AppError } from './app-error';

/**
 * The query of ra-data-simple-rest: `sort=["field","ASC"]`, `range=[0,24]`, `filter={"q":"ana"}`.
 * Sort fields are whitelisted by the caller so nothing user-given reaches SQL unchecked.
 */
export interface ListQuery<F extends string> {
  sort: { field: F; order: 'ASC' | 'DESC' };
  skip: number;
  take: number;
  filter: Record<string, unknown>;
}

const json = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return undefined;
      try {
        return schema.parse(JSON.parse(raw)) as z.output<T>;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'invalid' });
        return z.NEVER;
      }
    });

const querySchema = z.object({
  sort: json(z.tuple([z.string(), z.enum(['ASC', 'DESC'])])),
  range: json(z.tuple([z.number().int().min(0), z.number().int().min(0)])),
  filter: json(z.record(z.string(), z.unknown())),
});

export function parseListQuery<F extends string>(
  query: unknown,
  sortable: readonly F[],
  defaultSort: ListQuery<F>['sort'],
): ListQuery<F> {
  const parsed = querySchema.safeParse(query);
  if (!parsed.success) throw new AppError(ErrorCode.VALIDATION_FAILED, { _: 'invalid' });
  const { sort, range, filter } = parsed.data;
  const [start, end] = range ?? [0, 24];
  if (end < start) throw new AppError(ErrorCode.VALIDATION_FAILED, { range: 'invalid' });
  const field =
    sort && (sortable as readonly string[]).includes(sort[0]) ? (sort[0] as F) : defaultSort.field;
  return {
    sort: { field, order: sort?.[1] ?? defaultSort.order },
    skip: start,
    take: Math.min(end - start + 1, 500),
    filter: filter ?? {},
  };
}

/** Sets `Content-Range: <resource> start-end/total`, which the stock data provider reads. */
export function setContentRange(
  res: Response,
  resource: string,
  skip: number,
  count: number,
  total: number,
): void {
  const end = count === 0 ? skip : skip + count - 1;
  res.setHeader('Content-Range', `${resource} ${skip}-${end}/${total}`);
}

import { ErrorCode } from '@estancia/contracts';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../infra/http/app-error';

/**
 * zxcvbn scores 0–4; 0 and 1 are passwords found in the common and breached password lists (or trivially
 * derived from them, "Password1!", "Qwerty123!"), which the format rules of the contract let through.
 */
const WEAKEST_ALLOWED_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;

/** Built at the first check: the dictionaries take a moment to index and most processes never need them. */
const strength = (): ZxcvbnFactory =>
  (estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }));

/**
 * Refuses a common or breached password with PASSWORD_TOO_COMMON (the `password` field flagged). The
 * account's own e-mail and name count as known words, so "marta.puig1!" is as weak as it looks.
 */
export function assertPasswordNotCommon(password: string, knownWords: readonly string[] = []): void {
  const words = knownWords
    .flatMap((w) => w.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((w) => w.length > 2);
  if (strength().check(password, words).score < WEAKEST_ALLOWED_SCORE) {
    throw new AppError(ErrorCode.PASSWORD_TOO_COMMON, { password: ErrorCode.PASSWORD_TOO_COMMON });
  }
}

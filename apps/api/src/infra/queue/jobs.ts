import type { AppConfig } from '../config/config';
import type { RoomType, Style } from '@estancia/contracts';

/**
 * Every background job: its name (also its BullMQ queue) and its payload, as one discriminated union.
 * A later issue adds its job here together with the `@OnJob` handler that runs it; boot fails when a
 * declared job has no handler or two.
 */
export type Job =
  | {
      name: 'mail.send';
      /** The outbox row to deliver; the row holds the message, the job only points at it. */
      data: { outboxId: string };
    }
  | {
      name: 'decoration.render';
      /** The version to render; its row holds the room type, style and seed. */
      data: { decorationId: string; versionId: string };
    }
  | {
      name: 'decoration.edit';
      /**
       * Renders the decoration's saved edit document into versionId (not yet a row: it is written
       * when the render is done). A review's render carries the review and the staff member holding it.
       */
      data: { decorationId: string; versionId: string; reviewId: string | null; staffId: string | null };
    }
  | {
      name: 'decoration.edit-ai-preview';
      /** Renders one AI layer of an edit document over the layers before it, for the editor to show. */
      data: { decorationId: string; document: unknown; layerId: string };
    }
  | {
      name: 'billing.expire-checkouts';
      /** A repeatable sweep: open checkout sessions past their expiry become expired. */
      data: Record<string, never>;
    }
  | {
      name: 'billing.sandbox-renewals';
      /** A repeatable sweep (sandbox gateway only): subscriptions whose period is over renew or end. */
      data: Record<string, never>;
    }
  | {
      name: 'decoration.sla';
      /** A repeatable sweep: warns admins of reviews at risk or overdue, returns stale claims to the queue. */
      data: Record<string, never>;
    }
  | {
      name: 'free-try.render';
      /**
       * Renders `version` of a visitor's free try (1 = the first decoration, then redecorations); the
       * try's row holds the photo, the payload the choice. The visitor's request waits for it.
       */
      data: { freeTryId: string; version: number; roomType: RoomType; style: Style; seed: number };
    }
  | {
      name: 'free-try.expire';
      /** Delayed to the try's expiry: deletes its files and row unless a redecoration moved the expiry. */
      data: { freeTryId: string };
    }
  | {
      name: 'free-try.sweep';
      /** A repeatable sweep, the safety net of `free-try.expire`: deletes every free try past its expiry. */
      data: Record<string, never>;
    }
  | {
      name: 'description.write';
      /** Writes the pending description version; its row holds the facts and the seed. */
      data: { versionId: string };
    }
  | {
      name: 'password-reset.send';
      /**
       * A forgot-password request: the worker looks the account up and mails it a reset link. The
       * request only enqueues, so a known and an unknown e-mail take the same time to answer.
       */
      data: { email: string };
    }
  | {
      name: 'verification.resend';
      /**
       * "Send the code again": the worker mails a fresh code to an unverified account. The request only
       * enqueues, so an unknown, an unverified and a verified e-mail take the same time to answer.
       */
      data: { email: string };
    }
  | {
      name: 'image.import';
      /** An integrator's photo by URL: the worker fetches it (public https only) and uploads it to the project. */
      data: { userId: string; projectId: string; url: string };
    }
  | {
      name: 'webhook.deliver';
      /** One attempt of a webhook delivery; its row holds the payload, the endpoint and when it is due. */
      data: { deliveryId: string };
    }
  | {
      name: 'free-try.inspiration';
      /** Draws the inspiration gallery's rooms and decorates them with the built-in engine, once. */
      data: Record<string, never>;
    };

export type JobName = Job['name'];
export type JobOf<N extends JobName> = Extract<Job, { name: N }>['data'];

/**
 * How each queue is worked. The Record makes the compiler insist that every job name is listed. Renders
 * follow RENDER_CONCURRENCY; how many of them call the engine at once is bounded apart (ENGINE_CONCURRENCY).
 */
export const JOB_SETTINGS: Record<JobName, { concurrency: number | ((config: AppConfig) => number) }> = {
  'mail.send': { concurrency: 5 },
  'decoration.render': { concurrency: (config) => config.RENDER_CONCURRENCY },
  'decoration.edit': { concurrency: 2 },
  'decoration.edit-ai-preview': { concurrency: 2 },
  'billing.expire-checkouts': { concurrency: 1 },
  'billing.sandbox-renewals': { concurrency: 1 },
  'decoration.sla': { concurrency: 1 },
  'free-try.render': { concurrency: 2 },
  'free-try.expire': { concurrency: 2 },
  'free-try.sweep': { concurrency: 1 },
  'free-try.inspiration': { concurrency: 1 },
  'description.write': { concurrency: 4 },
  'password-reset.send': { concurrency: 2 },
  'verification.resend': { concurrency: 2 },
  'webhook.deliver': { concurrency: 10 },
  'image.import': { concurrency: 4 },
};

export const JOB_NAMES = Object.keys(JOB_SETTINGS) as JobName[];

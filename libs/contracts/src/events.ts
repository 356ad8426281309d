import type { PlatformStatus } from './platform';
import type { User } from './identity';

/** Socket.IO namespace of the real-time hub. */
export const HUB_NAMESPACE = '/hub';

export const DECORATION_STAGES = ['queued', 'analysing', 'rendering', 'saving', 'ready', 'failed'] as const;
export type DecorationStage = (typeof DECORATION_STAGES)[number];

export interface DecorationProgressEvent {
  decorationId: string;
  projectId: string;
  stage: DecorationStage;
  percent: number;
}

/** Events the server pushes (names kept from the spec). */
export interface ServerToClientEvents {
  DescriptionConfirmation: (payload: { decoration: unknown; project: unknown }) => void;
  UserConfirmation: (user: User) => void;
  SendProjectDecorationConfirm: (projectId: string) => void;
  SendProjectDecorationRetryConfirm: (projectId: string) => void;
  DecorationProgress: (event: DecorationProgressEvent) => void;
  PlatformStatus: (status: PlatformStatus) => void;
  /** The account was blocked by staff: the app shows the blocked page; the connection closes right after. */
  AccountBlocked: () => void;
}

export type AddGroupAck = { ok: true } | { ok: false; code: string };

/** Events the client sends: AddGroup joins the caller's own user room only. */
export interface ClientToServerEvents {
  AddGroup: (userId: string, ack?: (result: AddGroupAck) => void) => void;
}

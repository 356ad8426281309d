import { z } from 'zod';
import { LIMITS } from './constants';
import { FieldIssue } from './errors';
import { emailSchema, localeSchema } from './identity';

/** Services a contact request may ask about (spec section 3). */
export const CONTACT_SERVICES = [
  'automatic_images',
  'supervised_images',
  'automatic_video',
  'automatic_description',
  'api',
] as const;
export type ContactService = (typeof CONTACT_SERVICES)[number];

/** Properties a month the customer handles (spec section 9): one band per request, the one that applies. */
export const VOLUME_BANDS = ['1-10', '10-100', '100-500', 'over_500'] as const;
export type VolumeBand = (typeof VOLUME_BANDS)[number];

/** A contact request or problem report as the team works it: new, then in progress, then done. */
export const SUPPORT_STATUSES = ['new', 'in_progress', 'done'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** The only step each status may take next (POST .../:id/start, .../:id/finish). */
export const SUPPORT_NEXT_STATUS = { new: 'in_progress', in_progress: 'done', done: null } as const;

const text = (max: number) => z.string().trim().max(max, FieldIssue.TOO_LONG);
const choices = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values), FieldIssue.CHOOSE_ONE)
    .min(1, FieldIssue.CHOOSE_ONE)
    .transform((picked) => [...new Set(picked)]);

// ---- requests ----

/** POST /data/contact (public): the contact-sales form. Days and times are required when a meeting is wanted. */
export const contactRequestSchema = z
  .object({
    name: text(120).min(1, FieldIssue.REQUIRED),
    email: emailSchema,
    company: text(120).optional().default(''),
    services: choices(CONTACT_SERVICES),
    // A customer handles one volume, so one band; still a list, so requests already stored read alike.
    volumes: z
      .array(z.enum(VOLUME_BANDS), FieldIssue.CHOOSE_ONE)
      .min(1, FieldIssue.CHOOSE_ONE)
      .max(1, FieldIssue.INVALID),
    wantsMeeting: z.boolean().default(false),
    meetingTimes: text(500).optional().default(''),
    message: text(4000).optional().default(''),
    language: localeSchema.optional().default('es'),
  })
  .superRefine((request, ctx) => {
    // Runs even when other fields fail, so the form shows every problem at once.
    const times = typeof request.meetingTimes === 'string' ? request.meetingTimes.trim() : '';
    if (request.wantsMeeting === true && !times) {
      ctx.addIssue({ code: 'custom', path: ['meetingTimes'], message: FieldIssue.MEETING_TIMES_REQUIRED });
    }
  });
export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequestBody = z.output<typeof contactRequestSchema>;

/** POST /data/problem-reports (signed in): what went wrong, with the page and the browser it happened in. */
export const problemReportRequestSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, FieldIssue.REQUIRED)
    .min(LIMITS.problemReportMinLength, FieldIssue.REPORT_TOO_SHORT)
    .max(5000, FieldIssue.TOO_LONG),
  pageUrl: text(2000).optional().default(''),
  userAgent: text(1000).optional().default(''),
});
export type ProblemReportInput = z.input<typeof problemReportRequestSchema>;
export type ProblemReportBody = z.output<typeof problemReportRequestSchema>;

/** Both forms answer the stored record's id. */
export const supportReceiptSchema = z.object({ id: z.string() });
export type SupportReceipt = z.infer<typeof supportReceiptSchema>;

// ---- staff console (admins): /data/admin/contact-requests and /data/admin/problem-reports ----

const staffMemberSchema = z.object({ id: z.string(), name: z.string() }).nullable();

/** Who moved the record to each status, and when. */
const workflowShape = {
  status: z.enum(SUPPORT_STATUSES),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  startedBy: staffMemberSchema,
  doneAt: z.string().nullable(),
  doneBy: staffMemberSchema,
};

export const adminContactRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  services: z.array(z.enum(CONTACT_SERVICES)),
  volumes: z.array(z.enum(VOLUME_BANDS)),
  wantsMeeting: z.boolean(),
  meetingTimes: z.string(),
  message: z.string(),
  language: localeSchema,
  ...workflowShape,
});
export type AdminContactRequest = z.infer<typeof adminContactRequestSchema>;

export const adminProblemReportSchema = z.object({
  id: z.string(),
  reporter: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  text: z.string(),
  pageUrl: z.string(),
  userAgent: z.string(),
  ...workflowShape,
});
export type AdminProblemReport = z.infer<typeof adminProblemReportSchema>;

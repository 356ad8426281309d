/** A message ready to send; subjects and bodies are already in the recipient's language. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Which kind of message this is (e.g. `verification`, `passwordReset`), for the console and tests. */
  template: string;
  /**
   * The values the subject's template (`<template>.subject` in the mail catalogue) was filled with; the outbox keeps
   * those the subject uses, so the staff console can show it in the staff member's language.
   */
  subjectParams?: Record<string, string | number>;
}

/**
 * Transport port: how a stored outbox message leaves the building.
 * Adapters: `outbox` (only recorded and logged) and `smtp` (nodemailer).
 */
export abstract class MailTransport {
  abstract deliver(mail: OutgoingMail & { from: string }): Promise<void>;
}

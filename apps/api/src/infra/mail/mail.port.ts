/** A message ready to send; subjects and bodies are already in the recipient's language. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Which kind of message this is (e.g. `verification`, `passwordReset`), for the console and tests. */
  template: string;
}

/**
 * Transport port: how a stored outbox message leaves the building.
 * Adapters: `outbox` (only recorded and logged) and `smtp` (nodemailer).
 */
export abstract class MailTransport {
  abstract deliver(mail: OutgoingMail & { from: string }): Promise<void>;
}

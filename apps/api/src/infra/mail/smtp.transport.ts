import { createTransport, type Transporter } from 'nodemailer';
import { MailTransport, type OutgoingMail } from './mail.port';

/** Production adapter: any SMTP server, configured by SMTP_URL (smtp[s]://user:pass@host:port?option=value). */
export class SmtpTransport extends MailTransport {
  private readonly transporter: Transporter;

  constructor(url: string) {
    super();
    this.transporter = createTransport(url);
  }

  async deliver(mail: OutgoingMail & { from: string }): Promise<void> {
    await this.transporter.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      headers: { 'X-Estancia-Template': mail.template },
    });
  }

  close(): void {
    this.transporter.close();
  }
}

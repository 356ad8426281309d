import { Injectable } from '@nestjs/common';
import { displayName, type Locale, type ReformRequest } from '@estancia/contracts';
import { mailTemplates } from '../../infra/mail/mail-templates';
import { MailService } from '../../infra/mail/mail.service';

/** The customer's confirmation of a reform budget request, in their language. */
@Injectable()
export class ReformRequestMail {
  constructor(private readonly mail: MailService) {}

  async received(language: Locale, request: ReformRequest): Promise<void> {
    await this.mail.sendTemplate(
      request.customer.email,
      mailTemplates.reformRequestReceived(language, {
        name: displayName(request.customer),
        property: request.propertyName,
        what: request.what,
        area: request.areaSquareMeters,
        budgetRange: request.budgetRange,
        contactPreference: request.contactPreference,
      }),
    );
  }
}

import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { MailDelivery } from './mail-delivery.service';
import { MailLayout } from './mail-layout';
import { MailTransport } from './mail.port';
import { MailService } from './mail.service';
import { OutboxController } from './outbox.controller';
import { OutboxMessageEntity } from './outbox.entity';
import { OutboxTransport } from './outbox.transport';
import { SmtpTransport } from './smtp.transport';

class TransportShutdown implements OnApplicationShutdown {
  constructor(@Inject(MailTransport) private readonly transport: MailTransport) {}
  onApplicationShutdown(): void {
    if (this.transport instanceof SmtpTransport) this.transport.close();
  }
}

/** `MailService.send()` for every module; the transport is chosen by MAIL_TRANSPORT (outbox or smtp). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessageEntity])],
  controllers: [OutboxController],
  providers: [
    MailService,
    MailDelivery,
    TransportShutdown,
    {
      provide: MailLayout,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): MailLayout => new MailLayout(config.PUBLIC_URL.replace(/\/$/, '')),
    },
    {
      provide: MailTransport,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): MailTransport =>
        config.MAIL_TRANSPORT === 'smtp' && config.SMTP_URL
          ? new SmtpTransport(config.SMTP_URL)
          : new OutboxTransport(),
    },
  ],
  exports: [MailService],
})
export class MailModule {}

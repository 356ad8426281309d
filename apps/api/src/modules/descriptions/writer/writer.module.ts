import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/config';
import { BuiltInDescriptionWriter } from './built-in-description.writer';
import { ChatCompletionsDescriptionWriter } from './chat-completions-description.writer';
import { DescriptionWriter } from './description-writer.port';

/** Provides `DescriptionWriter`: the chat-completions endpoint when LLM_URL is set, else the built-in composer. */
@Module({
  providers: [
    {
      provide: DescriptionWriter,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): DescriptionWriter =>
        config.LLM_URL
          ? new ChatCompletionsDescriptionWriter({
              url: config.LLM_URL,
              model: config.LLM_MODEL,
              apiKey: config.LLM_API_KEY,
              timeoutSeconds: config.LLM_TIMEOUT_SECONDS,
              retries: config.LLM_RETRIES,
            })
          : new BuiltInDescriptionWriter(),
    },
  ],
  exports: [DescriptionWriter],
})
export class DescriptionWriterModule {}

import { Global, Module } from '@nestjs/common';
import { DomainEvents } from './domain-events';

/** `DomainEvents.publish()` for every domain module; subscribers register in their own module. */
@Global()
@Module({ providers: [DomainEvents], exports: [DomainEvents] })
export class EventsModule {}

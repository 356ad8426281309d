import { Module } from '@nestjs/common';

/** Edit documents of decorations and their full-resolution rendering on the server. */
@Module({})
export class EditsModule {}

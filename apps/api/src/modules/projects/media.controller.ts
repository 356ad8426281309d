import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../../infra/http/access';
import { Storage } from '../../infra/storage/storage.port';
import { attachmentDisposition } from '../decorations/download-name';
import { MediaUrls } from './media-urls.service';

/** Streams a stored file to whoever holds a valid signed link (the signature is the credential). */
@Controller('media')
export class MediaController {
  constructor(
    private readonly urls: MediaUrls,
    private readonly storage: Storage,
  ) {}

  @Public()
  @Get(':token')
  async show(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const grant = this.urls.verify(token);
    const size = await this.storage.size(grant.key);
    const stream = await this.storage.stream(grant.key);
    const maxAge = Math.max(0, grant.expiresAt - Math.floor(Date.now() / 1000));
    res.status(200);
    res.setHeader('Content-Type', grant.contentType);
    res.setHeader('Content-Length', String(size));
    // private: these are one customer's photos; never kept by shared caches.
    res.setHeader('Cache-Control', `private, max-age=${maxAge}`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (grant.downloadAs) res.setHeader('Content-Disposition', attachmentDisposition(grant.downloadAs));
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }
}

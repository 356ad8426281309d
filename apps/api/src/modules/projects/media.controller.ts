import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { Public } from '../../infra/http/access';
import { Storage } from '../../infra/storage/storage.port';
import { attachmentDisposition } from '../decorations/download-name';
import { type MediaGrant, MediaUrls } from './media-urls.service';

/**
 * Delivers a stored file to whoever holds a valid signed link (the signature is the credential):
 * streamed through the API, or (MEDIA_DELIVERY=presigned) a redirect to a short-lived link of the
 * object store, so the bytes go from the store to the browser.
 */
@Controller('media')
export class MediaController {
  constructor(
    private readonly urls: MediaUrls,
    private readonly storage: Storage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get(':token')
  async show(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const grant = this.urls.verify(token);
    if (this.config.MEDIA_DELIVERY === 'presigned' && this.storage.presignedUrl) {
      return this.redirect(grant, res, this.storage.presignedUrl.bind(this.storage));
    }
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

  /**
   * 302 to a presigned link that never outlives the grant. The browser may keep the redirect a little
   * less than the link lives, so a cached redirect never leads to an expired link. The object is not
   * looked up first: that would cost a round trip to the store on every image, and a link to a file
   * that is gone meets the store's own 404.
   */
  private async redirect(
    grant: MediaGrant,
    res: Response,
    presign: NonNullable<Storage['presignedUrl']>,
  ): Promise<void> {
    const grantLeft = grant.expiresAt - Math.floor(Date.now() / 1000);
    const expiresIn = Math.max(1, Math.min(this.config.MEDIA_PRESIGN_SECONDS, grantLeft));
    const maxAge = Math.max(0, expiresIn - Math.max(5, Math.ceil(expiresIn / 10)));
    const url = await presign(grant.key, {
      expiresIn,
      contentType: grant.contentType,
      contentDisposition: grant.downloadAs ? attachmentDisposition(grant.downloadAs) : undefined,
      // S3 sends CORS headers only to requests with an Origin: a copy kept from a plain <img> would
      // then fail the editor's CORS load of the same link (Chrome reuses it), so the bytes are not kept.
      cacheControl: 'no-store',
    });
    res.setHeader('Cache-Control', `private, max-age=${maxAge}`);
    res.redirect(302, url);
  }
}

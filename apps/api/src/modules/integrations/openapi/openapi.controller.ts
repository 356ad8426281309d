import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ErrorCode } from '@estancia/contracts';
import { Public } from '../../../infra/http/access';
import { AppError } from '../../../infra/http/app-error';
import { requestLocale } from '../../../infra/http/error.filter';
import { acceptedEncodings } from '../../../infra/http/static-apps';
import { OpenApiDocument } from './openapi.service';
import { docsPage, SwaggerUiAssets } from './swagger-ui';

/** The public API's description: `/api/openapi.json` and the interactive documentation at `/api/docs`. */
@Public()
@Controller('api')
export class OpenApiController {
  constructor(
    private readonly document: OpenApiDocument,
    private readonly assets: SwaggerUiAssets,
  ) {}

  /** In the caller's language: `?lang=es|ca|en`, else Accept-Language, else English. */
  @Get('openapi.json')
  openapi(@Req() req: Request, @Res({ passthrough: true }) res: Response): object {
    const locale = requestLocale(req);
    res.setHeader('Content-Language', locale);
    res.vary('Accept-Language');
    return this.document.get(locale);
  }

  @Get('docs')
  docs(@Req() req: Request, @Res() res: Response): void {
    const locale = requestLocale(req);
    res.type('html').setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Language', locale);
    res.vary('Accept-Language');
    res.send(docsPage(locale));
  }

  @Get('docs/:asset')
  asset(@Param('asset') name: string, @Req() req: Request, @Res() res: Response): void {
    const asset = this.assets.get(name);
    if (!asset) throw new AppError(ErrorCode.NOT_FOUND);
    res.type(asset.type).setHeader('Cache-Control', 'public, max-age=3600');
    res.vary('Accept-Encoding');
    if (asset.gzip && acceptedEncodings(req.headers['accept-encoding']).includes('gzip')) {
      res.setHeader('Content-Encoding', 'gzip');
      res.send(asset.gzip);
    } else res.send(asset.body);
  }
}

import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ErrorCode } from '@estancia/contracts';
import { Public } from '../../../infra/http/access';
import { AppError } from '../../../infra/http/app-error';
import { acceptedEncodings } from '../../../infra/http/static-apps';
import { OpenApiDocument } from './openapi.service';
import { DOCS_PAGE, SwaggerUiAssets } from './swagger-ui';

/** The public API's description: `/api/openapi.json` and the interactive documentation at `/api/docs`. */
@Public()
@Controller('api')
export class OpenApiController {
  constructor(
    private readonly document: OpenApiDocument,
    private readonly assets: SwaggerUiAssets,
  ) {}

  @Get('openapi.json')
  openapi(): object {
    return this.document.get();
  }

  @Get('docs')
  docs(@Res() res: Response): void {
    res.type('html').setHeader('Cache-Control', 'no-cache');
    res.send(DOCS_PAGE);
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

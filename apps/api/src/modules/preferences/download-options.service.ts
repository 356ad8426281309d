import { Injectable } from '@nestjs/common';
import { ErrorCode, type DownloadOptions } from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { AppError } from '../../infra/http/app-error';

/** The format and size every download of a user uses (users.download_format / download_size). */
@Injectable()
export class DownloadOptionsService {
  constructor(private readonly dataSource: DataSource) {}

  async get(userId: string): Promise<DownloadOptions> {
    const [row] = (await this.dataSource.query(
      `SELECT download_format AS format, download_size AS size FROM users WHERE id = $1`,
      [userId],
    )) as DownloadOptions[];
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return row;
  }

  async set(userId: string, options: DownloadOptions): Promise<DownloadOptions> {
    const [row] = (await this.dataSource.query(
      // As a CTE: a bare UPDATE ... RETURNING answers [rows, count] through TypeORM.
      `WITH updated AS (
         UPDATE users SET download_format = $2, download_size = $3 WHERE id = $1
         RETURNING download_format AS format, download_size AS size
       ) SELECT format, size FROM updated`,
      [userId, options.format, options.size],
    )) as DownloadOptions[];
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return row;
  }
}

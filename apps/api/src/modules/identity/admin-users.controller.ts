import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  adminCreditGrantRequestSchema,
  ErrorCode,
  staffLoginRequestSchema,
  type AdminCreditGrantRequest,
  type AdminCreditGrantResponse,
  type AdminUser,
  type SessionResponse,
} from '@estancia/contracts';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { AdminOnly, Public } from '../../infra/http/access';
import { AppError } from '../../infra/http/app-error';
import { parseListQuery, setContentRange } from '../../infra/http/simple-rest';
import { validate } from '../../infra/http/zod.pipe';
import { CreditGrantsService } from './credit-grants.service';
import { CurrentUser } from './current-user.decorator';
import { IdentityService } from './identity.service';
import { clientIp } from './request-context';
import type { AuthUser } from './session.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SORTABLE = {
  id: 'u.id',
  createdAt: 'u.created_at',
  email: 'u.email',
  name: 'u.name',
  credits: 'credits',
} as const;
type SortField = keyof typeof SORTABLE;

interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  role: AdminUser['role'];
  credits: number;
  company: string;
  phone: string;
  language: string;
  referral_code: string;
  verified: boolean;
  created_at: Date;
}

const SELECT_USERS = `SELECT u.id, u.name, u.email, u.role, COALESCE(w.balance, 0) AS credits, u.company, u.phone,
  u.language, u.referral_code, u.verified_at IS NOT NULL AS verified, u.created_at
  FROM users u LEFT JOIN wallets w ON w.user_id = u.id`;

const toAdminUser = (row: AdminUserRow): AdminUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  credits: row.credits,
  company: row.company,
  phone: row.phone,
  language: row.language,
  referralCode: row.referral_code,
  verified: row.verified,
  createdAt: row.created_at.toISOString(),
});

/** Staff console: sign-in (any staff) and the `users` resource (ra-data-simple-rest, admins only). */
@Controller('admin')
export class AdminUsersController {
  constructor(
    private readonly identity: IdentityService,
    private readonly dataSource: DataSource,
    private readonly creditGrants: CreditGrantsService,
  ) {}

  @Public()
  @Post('session')
  @HttpCode(200)
  session(
    @Body(validate(staffLoginRequestSchema)) body: z.output<typeof staffLoginRequestSchema>,
    @Req() req: Request,
  ): Promise<SessionResponse> {
    return this.identity.staffLogin(body, clientIp(req));
  }

  /** `filter.q` searches name and e-mail; `filter.id` (one or many) serves getMany. */
  @AdminOnly()
  @Get('users')
  async list(@Query() query: unknown, @Res({ passthrough: true }) res: Response): Promise<AdminUser[]> {
    const list = parseListQuery<SortField>(query, Object.keys(SORTABLE) as SortField[], {
      field: 'createdAt',
      order: 'DESC',
    });
    const where: string[] = [];
    const params: unknown[] = [];
    const { q, id, role } = list.filter;
    if (typeof q === 'string' && q.trim()) {
      params.push(`%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(u.name ILIKE $${params.length} OR u.email ILIKE $${params.length})`);
    }
    if (id !== undefined) {
      const ids = (Array.isArray(id) ? id : [id]).filter(
        (v): v is string => typeof v === 'string' && UUID.test(v),
      );
      params.push(ids);
      where.push(`u.id = ANY($${params.length}::uuid[])`);
    }
    if (typeof role === 'string') {
      params.push(role);
      where.push(`u.role = $${params.length}`);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS total FROM users u ${whereSql}`,
      params,
    )) as {
      total: number;
    }[];
    const rows = (await this.dataSource.query(
      `${SELECT_USERS} ${whereSql} ORDER BY ${SORTABLE[list.sort.field]} ${list.sort.order}, u.id ${list.sort.order}
        OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, list.skip, list.take],
    )) as AdminUserRow[];
    setContentRange(res, 'users', list.skip, rows.length, total);
    return rows.map(toAdminUser);
  }

  @AdminOnly()
  @Get('users/:id')
  async show(@Param('id') id: string): Promise<AdminUser> {
    if (!UUID.test(id)) throw new AppError(ErrorCode.NOT_FOUND);
    const [row] = (await this.dataSource.query(`${SELECT_USERS} WHERE u.id = $1`, [id])) as AdminUserRow[];
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return toAdminUser(row);
  }

  /** Gives credits with a note; `Idempotency-Key` (required) makes a double submit grant once. */
  @AdminOnly()
  @Post('users/:id/credits')
  @HttpCode(200)
  grantCredits(
    @Param('id') id: string,
    @Body(validate(adminCreditGrantRequestSchema)) body: AdminCreditGrantRequest,
    @Headers('idempotency-key') key: string | undefined,
    @CurrentUser() auth: AuthUser,
  ): Promise<AdminCreditGrantResponse> {
    return this.creditGrants.grant(auth.userId, id, body, key);
  }
}

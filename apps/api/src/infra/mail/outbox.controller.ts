import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ErrorCode, type Locale, type OutboxMessage } from '@estancia/contracts';
import type { Response } from 'express';
import { Brackets, In, type Repository } from 'typeorm';
import { AdminOnly } from '../http/access';
import { AppError } from '../http/app-error';
import { RequestedLocale } from '../http/caller-locale';
import { parseListQuery, setContentRange } from '../http/simple-rest';
import { OutboxMessageEntity } from './outbox.entity';
import { subjectIn } from './outbox-subject';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SORTABLE = ['createdAt', 'sentAt', 'to', 'subject', 'template'] as const;

/**
 * The staff console's `outbox` resource (ra-data-simple-rest, admins only): every e-mail the product sent, newest
 * first. Each subject also comes written in the language the console asks for (Accept-Language or `?lang`).
 */
@Controller('admin/outbox')
@AdminOnly()
export class OutboxController {
  constructor(
    @InjectRepository(OutboxMessageEntity) private readonly outbox: Repository<OutboxMessageEntity>,
  ) {}

  @Get()
  async list(
    @Query() query: unknown,
    @RequestedLocale() locale: Locale | null,
    @Res({ passthrough: true }) res: Response,
  ): Promise<OutboxMessage[]> {
    const { sort, skip, take, filter } = parseListQuery(query, SORTABLE, {
      field: 'createdAt',
      order: 'DESC',
    });
    const qb = this.outbox.createQueryBuilder('m');
    if (typeof filter.q === 'string' && filter.q.trim()) {
      const pattern = `%${filter.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.andWhere(
        new Brackets((w) =>
          w.where('m.to ILIKE :pattern', { pattern }).orWhere('m.subject ILIKE :pattern', { pattern }),
        ),
      );
    }
    if (typeof filter.template === 'string')
      qb.andWhere('m.template = :template', { template: filter.template });
    // getMany of ra-data-simple-rest asks for `filter={"id":[...]}`.
    if (Array.isArray(filter.id)) {
      const ids = filter.id.filter((id): id is string => typeof id === 'string' && UUID.test(id));
      qb.andWhere({ id: In(ids.length ? ids : ['00000000-0000-0000-0000-000000000000']) });
    }
    const [rows, total] = await qb
      .orderBy(`m.${sort.field}`, sort.order, sort.order === 'DESC' ? 'NULLS LAST' : 'NULLS FIRST')
      .addOrderBy('m.id', sort.order)
      .skip(skip)
      .take(take)
      .getManyAndCount();
    setContentRange(res, 'outbox', skip, rows.length, total);
    return rows.map((row) => toOutboxMessage(row, locale));
  }

  @Get(':id')
  async one(@Param('id') id: string, @RequestedLocale() locale: Locale | null): Promise<OutboxMessage> {
    const row = UUID.test(id) ? await this.outbox.findOneBy({ id }) : null;
    if (!row) throw new AppError(ErrorCode.NOT_FOUND);
    return toOutboxMessage(row, locale);
  }
}

function toOutboxMessage(m: OutboxMessageEntity, locale: Locale | null): OutboxMessage {
  return {
    id: m.id,
    to: m.to,
    subject: m.subject,
    staffSubject: (locale && subjectIn(locale, m.template, m.subjectParams)) ?? m.subject,
    text: m.text,
    html: m.html,
    template: m.template,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
    error: m.error,
    attempts: m.attempts,
  };
}

import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainEvents } from '../../infra/events/domain-events';
import { Realtime } from '../../infra/realtime/realtime.service';
import { ProjectsService } from '../projects/projects.service';
import { WalletService } from '../wallet/wallet.service';
import { DescriptionRecords } from './description-records';

/** How a version ends: written (shown) or failed (refunded); either way the owner hears it once. */
@Injectable()
export class DescriptionOutcomes {
  private readonly logger = new Logger('Descriptions');

  constructor(
    private readonly dataSource: DataSource,
    private readonly records: DescriptionRecords,
    private readonly projects: ProjectsService,
    private readonly wallet: WalletService,
    private readonly realtime: Realtime,
    private readonly events: DomainEvents,
  ) {}

  async land(versionId: string, text: string): Promise<void> {
    if (!(await this.records.land(versionId, text))) return;
    await this.confirm(versionId);
    // Published once the text is stored; the writer's job must not fail over it.
    const row = await this.records.versionRow(versionId).catch((error: unknown) => {
      this.logger.warn(`description.ready for ${versionId} not published: ${String(error)}`);
      return undefined;
    });
    if (row)
      await this.events.publish('description.ready', row.user_id, {
        projectId: row.project_id,
        descriptionId: row.description_id,
        versionId,
        language: row.facts.language,
      });
  }

  /** Fails a pending version and gives its credits back; nothing when it is no longer pending. */
  async fail(versionId: string): Promise<void> {
    const row = await this.records.versionRow(versionId);
    if (!row) return;
    const refunded = await this.dataSource.transaction(async (m) => {
      const credits = await this.records.markFailed(m, versionId);
      if (credits === null) return null;
      if (credits > 0)
        await this.wallet.refund(row.user_id, credits, 'description', `refund:description:${versionId}`, m);
      return credits;
    });
    if (refunded === null) return;
    if (refunded > 0) await this.wallet.announce(row.user_id);
    await this.confirm(versionId);
  }

  /** DescriptionConfirmation: the version and its project, to the owner's sockets. Never throws. */
  private async confirm(versionId: string): Promise<void> {
    try {
      const version = await this.records.version(versionId);
      const row = await this.records.versionRow(versionId);
      if (!version || !row) return;
      const project = this.projects.summary(await this.projects.findOwned(row.user_id, row.project_id));
      this.realtime.toUser(row.user_id, 'DescriptionConfirmation', { decoration: version, project });
    } catch (error) {
      this.logger.warn(`DescriptionConfirmation for ${versionId} not sent: ${String(error)}`);
    }
  }
}

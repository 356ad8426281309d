import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  descriptionUnits,
  ErrorCode,
  normalizeFacts,
  sameFacts,
  type Description,
  type DescriptionFacts,
  type DescriptionVersion,
  type DescriptionVersionKind,
  type ProjectDescriptions,
} from '@estancia/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { AppError } from '../../infra/http/app-error';
import { JobFailedError, JobQueue, JobWaitTimeoutError } from '../../infra/queue/job-queue.service';
import { PlanRights } from '../billing/plan-rights.service';
import { isUuid, ProjectsService } from '../projects/projects.service';
import { WalletService } from '../wallet/wallet.service';
import { DescriptionRecords, type DescriptionRow } from './description-records';
import { DescriptionOutcomes } from './description-outcomes.service';

/** Namespace of the advisory lock that serialises one user's description charges (monthly allowance). */
const DESCRIPTIONS_LOCK = 727010;
/** How long a request waits for the writer before answering 202; the text then comes by DescriptionConfirmation. */
export const DESCRIPTION_WAIT_MS = 30_000;

/** A version and whether it was written while the request waited. */
export interface Written {
  version: DescriptionVersion;
  finished: boolean;
}

interface Charge {
  credits: number;
  planUnits: number;
}

const ERROR_CODES = new Set<string>(Object.values(ErrorCode));

/**
 * Property descriptions: one per project and language, every text a version.
 *
 * What a version costs (spec section 9), in units (descriptionUnits): the first text 1; regenerating
 * the same facts free for the first 5 regenerations of a description, then 1 each; a POST with other
 * facts for the same project and language ("modifying information") 1.
 *
 * Who pays a unit: without an active plan, the wallet (1 credit, INSUFFICIENT_CREDITS when short).
 * With a plan, the plan's monthly descriptions (plans.descriptions_per_month, counted per calendar
 * month in BUSINESS_TIME_ZONE), never credits. When they are used up the answer is
 * DESCRIPTION_LIMIT_REACHED: the spec makes lifting the description limit a BUSINESS right, so a
 * plan's limit is hard (no paying on with credits); BUSINESS (descriptions_per_month null) is
 * unlimited. Free regenerations cost nothing to anyone.
 *
 * The charge, the version row and the ledger row are one transaction; the text is written by the
 * `description.write` job, which refunds the credits if the writer fails.
 */
@Injectable()
export class DescriptionsService {
  private readonly logger = new Logger(DescriptionsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly records: DescriptionRecords,
    private readonly projects: ProjectsService,
    private readonly wallet: WalletService,
    private readonly plans: PlanRights,
    private readonly jobs: JobQueue,
    private readonly outcomes: DescriptionOutcomes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(userId: string, projectId: string): Promise<ProjectDescriptions> {
    await this.projects.findOwned(userId, projectId);
    const [descriptions, rights] = await Promise.all([
      this.records.forProject(projectId),
      this.plans.forUser(userId),
    ]);
    const allowance = rights.planCode
      ? {
          perMonth: rights.descriptionsPerMonth,
          usedThisMonth: await this.records.usedThisMonth(
            this.dataSource.manager,
            userId,
            this.config.BUSINESS_TIME_ZONE,
          ),
        }
      : null;
    return { descriptions, allowance };
  }

  /** One of the caller's descriptions with its versions; someone else's answers NOT_FOUND, like a missing one. */
  async one(userId: string, descriptionId: string): Promise<Description> {
    if (!isUuid(descriptionId)) throw new AppError(ErrorCode.NOT_FOUND);
    const found = await this.records.owned(userId, descriptionId);
    if (!found) throw new AppError(ErrorCode.NOT_FOUND);
    const [description] = await this.records.forProject(found.project_id, found.id);
    return description!;
  }

  /** A new text for these facts: the first of the project in that language, a regeneration or a modification. */
  async generate(userId: string, projectId: string, input: DescriptionFacts): Promise<Written> {
    await this.projects.findOwned(userId, projectId);
    const facts = normalizeFacts(input);
    const versionId = randomUUID();
    const credits = await this.dataSource.transaction(async (m) => {
      await this.lockUser(m, userId);
      let description = await this.records.forProjectLanguage(m, projectId, facts.language);
      let kind: DescriptionVersionKind;
      if (!description) {
        description = await this.records.insertDescription(m, {
          userId,
          projectId,
          facts,
          seed: randomInt(1, 1_000_000),
        });
        kind = 'generate';
      } else if (sameFacts(description.facts, facts)) {
        kind = 'regenerate';
      } else {
        kind = 'modify';
        await this.records.setFacts(m, description.id, facts);
      }
      return this.addVersion(m, userId, description, facts, kind, versionId);
    });
    return this.write(userId, versionId, credits);
  }

  /** Another text for the description's current facts. */
  async regenerate(userId: string, descriptionId: string): Promise<Written> {
    const versionId = randomUUID();
    const credits = await this.dataSource.transaction(async (m) => {
      await this.lockUser(m, userId);
      const description = await this.ownedDescription(userId, descriptionId, m);
      return this.addVersion(m, userId, description, description.facts, 'regenerate', versionId);
    });
    return this.write(userId, versionId, credits);
  }

  /** Makes a written version the one shown again (and its facts the description's); free. */
  async restore(userId: string, descriptionId: string, versionId: string): Promise<Description> {
    const description = await this.dataSource.transaction(async (m) => {
      const found = await this.ownedDescription(userId, descriptionId, m);
      if (!isUuid(versionId) || !(await this.records.restore(m, found.id, versionId)))
        throw new AppError(ErrorCode.NOT_FOUND);
      return found;
    });
    const [restored] = await this.records.forProject(description.project_id, description.id);
    return restored!;
  }

  private async ownedDescription(userId: string, id: string, m: EntityManager): Promise<DescriptionRow> {
    if (!isUuid(id)) throw new AppError(ErrorCode.NOT_FOUND);
    const found = await this.records.owned(userId, id, m, true);
    if (!found) throw new AppError(ErrorCode.NOT_FOUND);
    return found;
  }

  private async lockUser(m: EntityManager, userId: string): Promise<void> {
    // Two requests of one user must not both take the month's last included description.
    await m.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [DESCRIPTIONS_LOCK, userId]);
  }

  /** Inserts the pending version with its charge; answers the credits taken. */
  private async addVersion(
    m: EntityManager,
    userId: string,
    description: DescriptionRow,
    facts: DescriptionFacts,
    kind: DescriptionVersionKind,
    versionId: string,
  ): Promise<number> {
    const next = await this.records.nextVersion(m, description.id);
    const charge = await this.charge(m, userId, descriptionUnits(kind, next.regenerations));
    await this.records.insertVersion(m, {
      id: versionId,
      descriptionId: description.id,
      userId,
      projectId: description.project_id,
      number: next.number,
      kind,
      facts,
      // Consecutive seeds always change the built-in composer's opening sentence.
      seed: description.seed + next.number,
      credits: charge.credits,
      planUnits: charge.planUnits,
    });
    if (charge.credits > 0)
      await this.wallet.spend(userId, charge.credits, 'description', `description:${versionId}`, m);
    return charge.credits;
  }

  private async charge(m: EntityManager, userId: string, units: number): Promise<Charge> {
    if (units === 0) return { credits: 0, planUnits: 0 };
    const rights = await this.plans.forUser(userId, m);
    if (!rights.planCode) return { credits: units, planUnits: 0 };
    if (rights.descriptionsPerMonth !== null) {
      const used = await this.records.usedThisMonth(m, userId, this.config.BUSINESS_TIME_ZONE);
      if (used + units > rights.descriptionsPerMonth) throw new AppError(ErrorCode.DESCRIPTION_LIMIT_REACHED);
    }
    return { credits: 0, planUnits: units };
  }

  /** Runs the writer in the worker and waits a while for it; a slow writer's text comes by the hub. */
  private async write(userId: string, versionId: string, credits: number): Promise<Written> {
    if (credits > 0) await this.wallet.announce(userId);
    try {
      await this.jobs.addAndWait(
        'description.write',
        { versionId },
        { jobId: versionId, attempts: 1 },
        DESCRIPTION_WAIT_MS,
      );
    } catch (error) {
      if (error instanceof JobFailedError)
        throw new AppError(
          ERROR_CODES.has(error.reason) ? (error.reason as ErrorCode) : ErrorCode.GENERATION_ERROR,
        );
      if (!(error instanceof JobWaitTimeoutError)) {
        this.logger.error(`Description ${versionId} not enqueued: ${String(error)}`);
        await this.outcomes.fail(versionId);
        throw new AppError(ErrorCode.GENERATION_ERROR);
      }
    }
    const version = await this.records.version(versionId);
    if (!version) throw new AppError(ErrorCode.NOT_FOUND);
    return { version, finished: version.state === 'ready' };
  }
}

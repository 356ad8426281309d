import { Injectable, Logger } from '@nestjs/common';
import { ACCOUNT_EXPORT_JSON, ErrorCode } from '@estancia/contracts';
import archiver from 'archiver';
import type { Readable, Writable } from 'node:stream';
import { AppError } from '../../infra/http/app-error';
import { Storage } from '../../infra/storage/storage.port';
import { PlanRights } from '../billing/plan-rights.service';
import { applyWatermark } from '../decorations/watermark';
import { AccountRecords, type AccountRow } from './account.repository';

/** One file of the zip: where it goes and how to read it. */
interface ZipFile {
  name: string;
  key: string;
  /** Decoration results follow the plan's watermark rule, as every download does. */
  watermark: boolean;
}

/** A folder name anyone's file system takes: ASCII letters, digits and dashes, accents folded. */
export function folderName(text: string, id: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  // The id keeps two projects whose names fold alike apart.
  return `${folded || 'project'}-${id.slice(0, 8)}`;
}

const iso = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);
/** Rows as JSON: snake_case columns to camelCase keys, dates as ISO strings. */
const camel = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
      iso(value),
    ]),
  );

/**
 * "Export my data": a zip with `account.json` (the account, credits, subscriptions, payments, favourites,
 * reform requests and an index of every project) and each project's photos, decoration results and
 * descriptions. Files are streamed one at a time, so a large account never sits in memory.
 */
@Injectable()
export class AccountExport {
  private readonly logger = new Logger('AccountExport');

  constructor(
    private readonly records: AccountRecords,
    private readonly storage: Storage,
    private readonly planRights: PlanRights,
  ) {}

  /** Checks the account and answers the zip's name and a writer (headers go out before the first byte). */
  async prepare(userId: string): Promise<{ name: string; write: (out: Writable) => Promise<void> }> {
    const account = await this.records.account(userId);
    if (!account) throw new AppError(ErrorCode.UNAUTHENTICATED);
    const { manifest, files, texts } = await this.manifest(account);
    return {
      name: `estancia-data-${new Date().toISOString().slice(0, 10)}.zip`,
      write: async (out) => {
        // Photos and results are JPEGs, already compressed: those are stored; JSON and text deflate.
        const archive = archiver('zip', { zlib: { level: 6 } });
        let gone = false;
        let reading: Readable | null = null;
        const ended = new Promise<void>((resolve, reject) => {
          out.on('finish', resolve);
          // Also after a finish; before one, the customer went away: stop reading files for nobody.
          out.on('close', () => {
            gone = true;
            resolve();
          });
          archive.on('error', reject);
        });
        archive.on('warning', (error) => this.logger.warn(`zip: ${error.message}`));
        archive.pipe(out);
        // One entry at a time: the next file opens once the archive took the previous one.
        const add = (body: Buffer | Readable, name: string, store: boolean) =>
          Promise.race([
            new Promise<void>((resolve) => {
              archive.once('entry', () => resolve());
              archive.append(body, { name, store });
            }),
            ended,
          ]);
        await add(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), ACCOUNT_EXPORT_JSON, false);
        for (const text of texts) await add(Buffer.from(text.body), text.name, false);
        for (const file of files) {
          if (gone) break;
          const body = await this.read(file);
          if (!body) continue;
          reading = Buffer.isBuffer(body) ? null : body;
          await add(body, file.name, true);
        }
        if (gone) {
          reading?.destroy();
          archive.abort();
          return;
        }
        await archive.finalize();
        await ended;
      },
    };
  }

  private async manifest(account: AccountRow) {
    const [records, projectData, rights] = await Promise.all([
      this.records.exportRecords(account.id),
      this.records.projects(account.id),
      this.planRights.forUser(account.id),
    ]);
    const files: ZipFile[] = [];
    const texts: { name: string; body: string }[] = [];
    const projects = projectData.projects.map((project) => {
      const folder = `projects/${folderName(project.property_name, project.id)}`;
      const photos = projectData.photos
        .filter((photo) => photo.project_id === project.id)
        .map((photo, index) => {
          const file = `${folder}/photos/${index + 1}-${photo.id.slice(0, 8)}.jpg`;
          files.push({ name: file, key: photo.original_key, watermark: false });
          return {
            id: photo.id,
            file,
            width: photo.width,
            height: photo.height,
            uploadedAt: iso(photo.created_at),
          };
        });
      const decorations = projectData.decorations
        .filter((decoration) => decoration.project_id === project.id)
        .map((decoration) => ({
          id: decoration.id,
          photoId: decoration.image_id,
          type: decoration.type,
          roomType: decoration.room_type,
          style: decoration.style,
          state: decoration.state,
          createdAt: iso(decoration.created_at),
          versions: projectData.versions
            .filter((version) => version.decoration_id === decoration.id)
            .map((version) => {
              const file = `${folder}/decorations/${decoration.id.slice(0, 8)}-v${version.number}.jpg`;
              files.push({ name: file, key: version.result_key, watermark: rights.watermark });
              return {
                number: version.number,
                roomType: version.room_type,
                style: version.style,
                file,
                watermarked: rights.watermark,
                createdAt: iso(version.created_at),
              };
            }),
        }));
      const descriptions = projectData.descriptions
        .filter((description) => description.project_id === project.id)
        .map((description) => {
          const versions = projectData.descriptionVersions.filter((v) => v.description_id === description.id);
          const current = versions.find((v) => v.id === description.current_version_id) ?? versions.at(-1);
          const file = current ? `${folder}/descriptions/${description.language}.txt` : null;
          if (current && file) texts.push({ name: file, body: `${current.text}\n` });
          return {
            language: description.language,
            facts: description.facts,
            text: current?.text ?? null,
            file,
            versions: versions.map((v) => ({
              number: v.number,
              kind: v.kind,
              text: v.text,
              createdAt: iso(v.created_at),
            })),
          };
        });
      return {
        id: project.id,
        propertyName: project.property_name,
        createdAt: iso(project.created_at),
        folder,
        photos,
        decorations,
        descriptions,
      };
    });
    const manifest = {
      exportedAt: new Date().toISOString(),
      account: {
        id: account.id,
        email: account.email,
        name: account.name,
        company: account.company,
        phone: account.phone,
        language: account.language,
        createdAt: iso(account.created_at),
        verifiedAt: iso(account.verified_at),
        hasPassword: account.password_hash !== null,
        signsInWithGoogle: account.google_sub !== null,
        referralCode: account.referral_code,
        referredByCode: account.referred_by_code,
      },
      credits: { balance: records.balance, ledger: records.ledger.map(camel) },
      subscriptions: records.subscriptions.map(camel),
      payments: records.payments.map(camel),
      paymentMethod: records.paymentMethod ? camel(records.paymentMethod) : null,
      favourites: records.favourites.map(camel),
      reformRequests: records.reformRequests.map(camel),
      projects,
    };
    return { manifest, files, texts };
  }

  /** A stored file, or null when it is missing (a render's file removed since): the zip goes on without it. */
  private async read(file: ZipFile): Promise<Buffer | Readable | null> {
    try {
      if (file.watermark) return await applyWatermark(await this.storage.get(file.key));
      return await this.storage.stream(file.key);
    } catch (error) {
      this.logger.warn(
        `${file.key} left out of an export: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
  }
}

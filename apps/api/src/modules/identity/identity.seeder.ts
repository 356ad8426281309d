import { Inject, Injectable } from '@nestjs/common';
import type { Role } from '@estancia/contracts';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config';
import { Accounts } from './accounts.service';
import { hashPassword } from './passwords';
import { newStaffPassword } from './secrets';

/**
 * Creates the staff accounts a fresh install needs (admin, decorator), verified. An account that
 * exists is left alone; a password that is not configured is generated and printed once.
 */
@Injectable()
export class IdentitySeeder {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly accounts: Accounts,
  ) {}

  async seed(): Promise<void> {
    await this.ensureStaff('admin', 'Admin', this.config.ADMIN_EMAIL, this.config.ADMIN_PASSWORD);
    await this.ensureStaff(
      'decorator',
      'Decorator',
      this.config.DECORATOR_EMAIL,
      this.config.DECORATOR_PASSWORD,
    );
  }

  private async ensureStaff(
    role: Role,
    name: string,
    email: string,
    configured: string | undefined,
  ): Promise<void> {
    if (await this.accounts.findByEmail(email)) return;
    const password = configured ?? newStaffPassword();
    const passwordHash = await hashPassword(password);
    const created = await this.dataSource
      .transaction((m) =>
        this.accounts.create(m, { email, name, language: 'es', role, passwordHash, verified: true }),
      )
      .then(() => true)
      // Another process seeding at the same time created it first.
      .catch(async (error: unknown) => {
        if (await this.accounts.findByEmail(email)) return false;
        throw error;
      });
    if (created) {
      const shown = configured ? '(password from configuration)' : `password: ${password}`;
      process.stdout.write(`Created ${role} account ${email} ${shown}\n`);
    }
  }
}

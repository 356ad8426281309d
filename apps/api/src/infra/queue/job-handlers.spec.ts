import { JobHandlerError, resolveJobHandlers, type FoundHandler } from './job-handlers';
import type { JobName } from './jobs';

const handler = (job: string, owner: string): FoundHandler => ({ job, owner, run: async () => undefined });
// Tested with names beyond today's union so the check is proven for the jobs later issues add.
const declared = ['mail.send', 'image.ingest'] as unknown as JobName[];

describe('resolveJobHandlers', () => {
  it('maps each declared job to its one handler', () => {
    const mail = handler('mail.send', 'MailDelivery');
    const ingest = handler('image.ingest', 'IngestProcessor');
    const map = resolveJobHandlers(declared, [mail, ingest]);
    expect(map.get('mail.send' as JobName)).toBe(mail);
    expect(map.size).toBe(2);
  });

  it('fails when a declared job has no handler', () => {
    expect(() => resolveJobHandlers(declared, [handler('mail.send', 'MailDelivery')])).toThrow(
      /job "image.ingest" has no @OnJob handler/,
    );
  });

  it('fails when a job has two handlers, naming both', () => {
    const run = () =>
      resolveJobHandlers(declared, [
        handler('mail.send', 'MailDelivery'),
        handler('mail.send', 'OtherMailer'),
        handler('image.ingest', 'IngestProcessor'),
      ]);
    expect(run).toThrow(JobHandlerError);
    expect(run).toThrow(/job "mail.send" has 2 handlers: MailDelivery, OtherMailer/);
  });

  it('fails when a handler names a job that is not declared', () => {
    expect(() =>
      resolveJobHandlers(declared, [
        handler('mail.send', 'MailDelivery'),
        handler('image.ingest', 'IngestProcessor'),
        handler('typo.job', 'Sloppy'),
      ]),
    ).toThrow(/Sloppy handles "typo.job"/);
  });
});

import { WebhookSender } from './webhook-sender';

const sender = (allow: { http?: boolean; private?: boolean } = {}) =>
  new WebhookSender({
    WEBHOOK_ALLOW_HTTP: allow.http ?? false,
    WEBHOOK_ALLOW_PRIVATE: allow.private ?? false,
    WEBHOOK_TIMEOUT_SECONDS: 10,
  });

describe('WebhookSender.vet', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://10.1.2.3/hook',
    'https://192.168.1.10/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[fd00::1]/hook',
    'https://localhost/hook',
  ])('refuses %s, which points into a private network', async (url) => {
    expect(await sender().vet(url)).toHaveProperty('refused');
  });

  it('refuses plain http, credentials in the URL and names that do not resolve', async () => {
    expect(await sender().vet('http://93.184.215.14/hook')).toHaveProperty('refused');
    expect(await sender().vet('https://user:pw@93.184.215.14/hook')).toHaveProperty('refused');
    expect(await sender().vet('https://no-such-host.invalid/hook')).toHaveProperty('refused');
    expect(await sender().vet('not a url')).toHaveProperty('refused');
  });

  it('accepts a public https address and pins the connection to it', async () => {
    expect(await sender().vet('https://93.184.215.14/hook')).toMatchObject({
      address: { address: '93.184.215.14', family: 4 },
    });
  });

  it('lets tests and local receivers use http on loopback only when both switches say so', async () => {
    expect(await sender({ http: true }).vet('http://127.0.0.1:4000/hook')).toHaveProperty('refused');
    expect(await sender({ private: true }).vet('http://127.0.0.1:4000/hook')).toHaveProperty('refused');
    expect(await sender({ http: true, private: true }).vet('http://127.0.0.1:4000/hook')).toMatchObject({
      address: { address: '127.0.0.1' },
    });
  });
});

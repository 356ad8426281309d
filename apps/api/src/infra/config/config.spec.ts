import { loadConfig } from './config';

const secret = 'x'.repeat(32);

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({ JWT_SECRET: secret });
    expect(config.ROLE).toBe('all');
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('treats an empty value as unset', () => {
    const config = loadConfig({ JWT_SECRET: secret, ADMIN_PASSWORD: '', PUBLIC_URL: '', PORT: '' });
    expect(config.ADMIN_PASSWORD).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short', ROLE: 'boss', PORT: 'x' })).toThrow(
      /JWT_SECRET[\s\S]*ROLE|ROLE[\s\S]*JWT_SECRET/,
    );
  });

  it('requires SMTP_URL for the smtp transport', () => {
    expect(() => loadConfig({ JWT_SECRET: secret, MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL/);
  });
});

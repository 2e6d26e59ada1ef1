import { describe, expect, it } from 'vitest';
import { ConfigError, isSecureOrigin, loadConfig } from './config.ts';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('has working defaults for the embedded setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('names PORT when it is not a number', () => {
    const problems = problemsOf({ PORT: 'abc' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PORT: /);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({
      PORT: '70000',
      DATABASE_URL: 'mysql://localhost/db',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'not a url',
      SMTP_URL: 'http://mail',
      TRUST_PROXY: 'maybe',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(
      ['DATABASE_URL', 'LOG_LEVEL', 'PORT', 'PUBLIC_URL', 'SMTP_URL', 'TRUST_PROXY'].sort(),
    );
  });

  it('reconciles interrupted sends after 60 s, every 60 s, unless told otherwise (decision 023)', () => {
    expect(loadConfig({})).toMatchObject({
      SEND_RECONCILE_AFTER_SECONDS: 60,
      SEND_RECONCILE_EVERY_SECONDS: 60,
    });
    expect(
      loadConfig({ SEND_RECONCILE_AFTER_SECONDS: '5', SEND_RECONCILE_EVERY_SECONDS: '1' }),
    ).toMatchObject({ SEND_RECONCILE_AFTER_SECONDS: 5, SEND_RECONCILE_EVERY_SECONDS: 1 });
    const problems = problemsOf({ SEND_RECONCILE_AFTER_SECONDS: '0', SEND_RECONCILE_EVERY_SECONDS: '1.5' });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'SEND_RECONCILE_AFTER_SECONDS',
      'SEND_RECONCILE_EVERY_SECONDS',
    ]);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined });
  });

  it('knows when the app is served over HTTPS', () => {
    expect(isSecureOrigin(loadConfig({ PUBLIC_URL: 'https://app.voicecart.app' }))).toBe(true);
    expect(isSecureOrigin(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }))).toBe(false);
    expect(isSecureOrigin(loadConfig({}))).toBe(false);
  });
});

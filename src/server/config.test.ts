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

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined });
  });

  it('knows when the app is served over HTTPS', () => {
    expect(isSecureOrigin(loadConfig({ PUBLIC_URL: 'https://app.voicecart.app' }))).toBe(true);
    expect(isSecureOrigin(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }))).toBe(false);
    expect(isSecureOrigin(loadConfig({}))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { appUrlOf, ConfigError, isSecureOrigin, loadConfig } from './config.ts';

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

  it('keeps processed webhook events 30 days and live events an hour, pruned every 5 minutes (decisions 008, 020)', () => {
    expect(loadConfig({})).toMatchObject({
      INSTAGRAM_EVENTS_RETENTION_DAYS: 30,
      LIVE_EVENTS_RETENTION_SECONDS: 3600,
      PRUNE_EVERY_SECONDS: 300,
    });
    expect(
      loadConfig({
        INSTAGRAM_EVENTS_RETENTION_DAYS: '7',
        LIVE_EVENTS_RETENTION_SECONDS: '86400',
        PRUNE_EVERY_SECONDS: '60',
      }),
    ).toMatchObject({
      INSTAGRAM_EVENTS_RETENTION_DAYS: 7,
      LIVE_EVENTS_RETENTION_SECONDS: 86_400,
      PRUNE_EVERY_SECONDS: 60,
    });
    // Instagram redelivers for up to 36 hours: a shorter inbox would let a redelivery through its dedupe key.
    const problems = problemsOf({
      INSTAGRAM_EVENTS_RETENTION_DAYS: '1',
      LIVE_EVENTS_RETENTION_SECONDS: '10',
      PRUNE_EVERY_SECONDS: '0',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'INSTAGRAM_EVENTS_RETENTION_DAYS',
      'LIVE_EVENTS_RETENTION_SECONDS',
      'PRUNE_EVERY_SECONDS',
    ]);
    expect(problems.join('\n')).toContain('36 hours');
  });

  it('keeps read notifications 90 days and sign-in addresses 180, at least a day each', () => {
    expect(loadConfig({})).toMatchObject({
      NOTIFICATIONS_RETENTION_DAYS: 90,
      LOGIN_SUCCESSES_RETENTION_DAYS: 180,
    });
    expect(
      loadConfig({ NOTIFICATIONS_RETENTION_DAYS: '30', LOGIN_SUCCESSES_RETENTION_DAYS: '365' }),
    ).toMatchObject({ NOTIFICATIONS_RETENTION_DAYS: 30, LOGIN_SUCCESSES_RETENTION_DAYS: 365 });
    const problems = problemsOf({ NOTIFICATIONS_RETENTION_DAYS: '0', LOGIN_SUCCESSES_RETENTION_DAYS: '1.5' });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual([
      'LOGIN_SUCCESSES_RETENTION_DAYS',
      'NOTIFICATIONS_RETENTION_DAYS',
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

  it('points links at PUBLIC_URL, else at localhost on the configured port', () => {
    expect(appUrlOf(loadConfig({ PUBLIC_URL: 'https://app.voicecart.app' }))).toBe(
      'https://app.voicecart.app',
    );
    expect(appUrlOf(loadConfig({ PORT: '4123' }))).toBe('http://localhost:4123');
  });
});

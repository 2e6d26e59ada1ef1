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

/** The settings the problems name, sorted (each problem reads `NAME: what is wrong`). */
const namesIn = (problems: string[]) => problems.map((problem) => problem.split(':')[0]).sort();

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
    expect(namesIn(problems)).toEqual(
      ['DATABASE_URL', 'LOG_LEVEL', 'PORT', 'PUBLIC_URL', 'SMTP_URL', 'TRUST_PROXY'].sort(),
    );
  });

  // Each group of settings: its defaults, values it reads, and values it refuses, every refused one named.
  it.each<{
    title: string;
    defaults: Record<string, number>;
    given: Record<string, string>;
    read: Record<string, number>;
    refused: Record<string, string>;
    refusalSays?: string;
  }>([
    {
      title: 'reconciles interrupted sends after 60 s, every 60 s, unless told otherwise (decision 023)',
      defaults: { SEND_RECONCILE_AFTER_SECONDS: 60, SEND_RECONCILE_EVERY_SECONDS: 60 },
      given: { SEND_RECONCILE_AFTER_SECONDS: '5', SEND_RECONCILE_EVERY_SECONDS: '1' },
      read: { SEND_RECONCILE_AFTER_SECONDS: 5, SEND_RECONCILE_EVERY_SECONDS: 1 },
      refused: { SEND_RECONCILE_AFTER_SECONDS: '0', SEND_RECONCILE_EVERY_SECONDS: '1.5' },
    },
    {
      title:
        'keeps processed webhook events 30 days and live events an hour, pruned every 5 minutes (decisions 008, 020)',
      defaults: {
        INSTAGRAM_EVENTS_RETENTION_DAYS: 30,
        LIVE_EVENTS_RETENTION_SECONDS: 3600,
        PRUNE_EVERY_SECONDS: 300,
      },
      given: {
        INSTAGRAM_EVENTS_RETENTION_DAYS: '7',
        LIVE_EVENTS_RETENTION_SECONDS: '86400',
        PRUNE_EVERY_SECONDS: '60',
      },
      read: {
        INSTAGRAM_EVENTS_RETENTION_DAYS: 7,
        LIVE_EVENTS_RETENTION_SECONDS: 86_400,
        PRUNE_EVERY_SECONDS: 60,
      },
      refused: {
        INSTAGRAM_EVENTS_RETENTION_DAYS: '1',
        LIVE_EVENTS_RETENTION_SECONDS: '10',
        PRUNE_EVERY_SECONDS: '0',
      },
      // Instagram redelivers for up to 36 hours: a shorter inbox would let a redelivery through its dedupe key.
      refusalSays: '36 hours',
    },
    {
      title: 'keeps 10 connections to PostgreSQL unless told otherwise (decision 063)',
      defaults: { DATABASE_POOL_SIZE: 10 },
      given: { DATABASE_POOL_SIZE: '4' },
      read: { DATABASE_POOL_SIZE: 4 },
      refused: { DATABASE_POOL_SIZE: '0' },
    },
    {
      title: 'keeps read notifications 90 days and sign-in addresses 180, at least a day each',
      defaults: { NOTIFICATIONS_RETENTION_DAYS: 90, LOGIN_SUCCESSES_RETENTION_DAYS: 180 },
      given: { NOTIFICATIONS_RETENTION_DAYS: '30', LOGIN_SUCCESSES_RETENTION_DAYS: '365' },
      read: { NOTIFICATIONS_RETENTION_DAYS: 30, LOGIN_SUCCESSES_RETENTION_DAYS: 365 },
      refused: { NOTIFICATIONS_RETENTION_DAYS: '0', LOGIN_SUCCESSES_RETENTION_DAYS: '1.5' },
    },
  ])('$title', ({ defaults, given, read, refused, refusalSays }) => {
    expect(loadConfig({})).toMatchObject(defaults);
    expect(loadConfig(given)).toMatchObject(read);
    const problems = problemsOf(refused);
    expect(namesIn(problems)).toEqual(Object.keys(refused).sort());
    if (refusalSays) expect(problems.join('\n')).toContain(refusalSays);
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

// The whole database schema, one file per area. drizzle-kit reads this file to generate migrations.
export * from './users.ts';
export * from './workspaces.ts';
export * from './sessions.ts';
export * from './mail.ts';
export * from './demo.ts';
export * from './newsletter.ts';
export * from './dashboard.ts';
export * from './assistant.ts';
export * from './live-events.ts';
export * from './channel.ts';
export * from './catalog.ts';
export * from './signup-attempts.ts';
export * from './revenue.ts';
export * from './security.ts';
export * from './analytics.ts';
export * from './notifications.ts';

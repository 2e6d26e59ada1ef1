import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceRole } from '#contracts/workspaces.ts';
import { generateApiKey } from '#server/auth/api-keys.ts';
import {
  apiKeys,
  automationRules,
  brands,
  comments,
  conversations,
  messages,
  webhookEndpoints,
  workspaceInvitations,
  users,
  workspaceMembers,
} from '#server/db/schema/index.ts';
import { createTestUser, personalWorkspaceOf, signInAs, useTestApp } from '#tests/support/test-app.ts';
import { registeredRoutes } from '#tests/support/routes.ts';
import { authorize, authorizeWorkspace } from './brand-access.ts';
import { may, type Action, type Principal } from './policy.ts';

/**
 * The access matrix (decision 030): every route that touches a brand or something under it, every route of a
 * workspace (its members, invitations and audit log, decision 042; its webhooks, decision 049; its API keys),
 * asked by an owner, an admin, an agent of the brand's workspace, by a member of another workspace, and by an
 * admin and an agent API key of the workspace (decision 043, with `Authorization: Bearer`). The expected answer
 * comes from the policy table: 404 for the outsider (cannot see), 403 for a role (or a key) the action is not
 * granted to, and anything but 403/404 for one it is. Every case gets fresh rows, so destructive routes prove
 * themselves too.
 */
type Caller = WorkspaceRole | 'outsider' | 'admin key' | 'agent key';
const callers: Caller[] = ['owner', 'admin', 'agent', 'outsider', 'admin key', 'agent key'];
const keyCallers = { 'admin key': 'admin', 'agent key': 'agent' } as const;

interface Ids {
  workspaceId: string;
  brandId: string;
  conversationId: string;
  commentId: string;
  ruleId: string;
  /** An agent of the workspace, and an open invitation to it (the Team screen's routes). */
  memberId: string;
  invitationId: string;
  /** An outbound webhook endpoint of the workspace (decision 049). */
  endpointId: string;
  apiKeyId: string;
}

interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The registered route, as Fastify names it; the request's path is this with each `:param` filled in. */
  route: string;
  action: Action;
  /** The query string, for the routes that read one. */
  query?: (ids: Ids) => string;
  body?: unknown;
  /** Sent as X-Workspace-Id (routes that act on the current workspace). */
  workspaceHeader?: boolean;
}

/** Which of the fixture's ids fills each `:param` of a route. */
const idOfParam: Record<string, keyof Ids> = {
  workspaceId: 'workspaceId',
  brandId: 'brandId',
  conversationId: 'conversationId',
  commentId: 'commentId',
  ruleId: 'ruleId',
  userId: 'memberId',
  invitationId: 'invitationId',
  endpointId: 'endpointId',
  keyId: 'apiKeyId',
};

/** The URL a case requests: its route with the fixture's ids in place of the params, then its query. */
function urlOf(entry: RouteCase, ids: Ids): string {
  const path = entry.route.replace(/:(\w+)/g, (_, param: string) => {
    const key = idOfParam[param];
    if (!key) throw new Error(`no fixture id for :${param} in ${entry.route}`);
    return ids[key];
  });
  return path + (entry.query?.(ids) ?? '');
}

const matrix: RouteCase[] = [
  // Billing's usage and the sidebar footer's count: the workspace (X-Workspace-Id).
  {
    method: 'GET',
    route: '/api/usage',
    action: 'usage.read',
    workspaceHeader: true,
  },
  {
    method: 'GET',
    route: '/api/usage/summary',
    action: 'usage.read',
    workspaceHeader: true,
  },
  // The Overview's stat cards with their trend: the workspace's brands (X-Workspace-Id).
  {
    method: 'GET',
    route: '/api/analytics/overview',
    action: 'brand.read',
    workspaceHeader: true,
  },
  // The brand list and brand creation act on a workspace (X-Workspace-Id) rather than a brand id.
  {
    method: 'GET',
    route: '/api/brands',
    action: 'brand.read',
    workspaceHeader: true,
  },
  {
    method: 'POST',
    route: '/api/brands',
    action: 'brand.create',
    body: { name: 'New', username: 'new' },
    workspaceHeader: true,
  },
  {
    method: 'PATCH',
    route: '/api/brands/:brandId',
    action: 'brand.update',
    body: { name: 'Renamed' },
  },
  {
    method: 'DELETE',
    route: '/api/brands/:brandId',
    action: 'brand.delete',
  },
  {
    method: 'GET',
    route: '/api/brands/:brandId/conversations',
    action: 'brand.read',
  },
  {
    method: 'GET',
    route: '/api/brands/:brandId/comments',
    action: 'brand.read',
  },
  {
    method: 'GET',
    route: '/api/brands/:brandId/inbox-counts',
    action: 'brand.read',
  },
  {
    method: 'GET',
    route: '/api/brands/:brandId/personality',
    action: 'brand.read',
  },
  {
    method: 'PUT',
    route: '/api/brands/:brandId/personality',
    action: 'assistant.configure',
    body: { archetype: 'sage', tone: 'friendly', voiceDescription: 'calm', exampleResponses: '' },
  },
  {
    method: 'GET',
    route: '/api/brands/:brandId/automation-rules',
    action: 'brand.read',
  },
  {
    method: 'POST',
    route: '/api/brands/:brandId/automation-rules',
    action: 'assistant.configure',
    body: {
      name: 'Another',
      triggerConfig: { type: 'first_message' },
      actionConfig: { type: 'answer_availability' },
    },
  },
  {
    method: 'PATCH',
    route: '/api/automation-rules/:ruleId',
    action: 'assistant.configure',
    body: { active: false },
  },
  {
    method: 'POST',
    route: '/api/automation-rules/:ruleId/test',
    action: 'playground.use',
    body: { text: 'hello' },
  },
  {
    method: 'GET',
    route: '/api/brands/:brandId/commented-posts',
    action: 'brand.read',
  },
  {
    method: 'DELETE',
    route: '/api/automation-rules/:ruleId',
    action: 'assistant.configure',
  },
  {
    method: 'GET',
    route: '/api/conversations/:conversationId/messages',
    action: 'brand.read',
  },
  {
    method: 'PATCH',
    route: '/api/conversations/:conversationId',
    action: 'inbox.reply',
    body: { status: 'escalated' },
  },
  {
    method: 'PUT',
    route: '/api/conversations/:conversationId/read',
    action: 'brand.read',
  },
  {
    method: 'GET',
    route: '/api/conversations/:conversationId/send-window',
    action: 'brand.read',
  },
  {
    method: 'POST',
    route: '/api/conversations/:conversationId/messages',
    action: 'inbox.reply',
    body: { content: 'Hello' },
  },
  {
    method: 'GET',
    route: '/api/conversations/:conversationId/order',
    action: 'brand.read',
  },
  {
    method: 'POST',
    route: '/api/conversations/:conversationId/draft',
    action: 'inbox.reply',
  },
  {
    method: 'POST',
    route: '/api/comments/:commentId/reply',
    action: 'inbox.reply',
    body: { content: 'Thanks', visibility: 'public' },
  },
  {
    method: 'GET',
    route: '/api/brands/:brandId/store',
    action: 'brand.read',
  },
  {
    method: 'PUT',
    route: '/api/brands/:brandId/store',
    action: 'store.manage',
    body: { platform: 'sample' },
  },
  {
    method: 'DELETE',
    route: '/api/brands/:brandId/store',
    action: 'store.manage',
  },
  {
    method: 'POST',
    route: '/api/brands/:brandId/store/sync',
    action: 'store.manage',
  },
  {
    method: 'GET',
    route: '/api/brands/:brandId/store/find',
    action: 'brand.read',
    query: () => '?q=shirt',
  },
  {
    method: 'GET',
    route: '/api/brands/:brandId/store/shopify/install',
    action: 'store.manage',
    query: () => '?shop=matrix.myshopify.com',
  },
  {
    method: 'GET',
    route: '/api/brands/:brandId/instagram',
    action: 'brand.read',
  },
  {
    method: 'PUT',
    route: '/api/brands/:brandId/instagram',
    action: 'instagram.manage',
    body: { accountId: '17841400000000000', accessToken: 'IGAAmatrixTokenFromTheDashboard' },
  },
  {
    method: 'POST',
    route: '/api/brands/:brandId/instagram/simulate',
    action: 'playground.use',
    body: { kind: 'dm', text: 'Is the hoodie in stock?' },
  },
  {
    method: 'DELETE',
    route: '/api/brands/:brandId/instagram',
    action: 'instagram.manage',
  },
  {
    method: 'GET',
    route: '/api/instagram/connect',
    action: 'instagram.manage',
    query: (i) => `?brandId=${i.brandId}`,
  },
  {
    method: 'POST',
    route: '/api/brands/:brandId/assistant/preview',
    action: 'playground.use',
    body: { message: 'Do you have the shirt?' },
  },
  {
    method: 'GET',
    route: '/api/brands/:brandId/assistant/settings',
    action: 'brand.read',
  },
  {
    method: 'PUT',
    route: '/api/brands/:brandId/assistant/settings',
    action: 'assistant.configure',
    body: { discloseAutomation: false },
  },
  // The Team screen (decision 042): the workspace's members, invitations and audit log.
  {
    method: 'GET',
    route: '/api/workspaces/:workspaceId/members',
    action: 'brand.read',
  },
  {
    method: 'PATCH',
    route: '/api/workspaces/:workspaceId/members/:userId',
    action: 'team.manage',
    body: { role: 'admin' },
  },
  {
    method: 'DELETE',
    route: '/api/workspaces/:workspaceId/members/:userId',
    action: 'team.manage',
  },
  {
    method: 'GET',
    route: '/api/workspaces/:workspaceId/invitations',
    action: 'team.manage',
  },
  {
    method: 'POST',
    route: '/api/workspaces/:workspaceId/invitations',
    action: 'team.manage',
    body: { email: 'matrix-invitee@example.com', role: 'agent' },
  },
  {
    method: 'POST',
    route: '/api/workspaces/:workspaceId/invitations/:invitationId/resend',
    action: 'team.manage',
  },
  {
    method: 'DELETE',
    route: '/api/workspaces/:workspaceId/invitations/:invitationId',
    action: 'team.manage',
  },
  {
    method: 'GET',
    route: '/api/workspaces/:workspaceId/audit-log',
    action: 'audit.read',
  },
  // Outbound webhooks (decision 049).
  {
    method: 'GET',
    route: '/api/workspaces/:workspaceId/webhooks',
    action: 'webhooks.manage',
  },
  {
    method: 'POST',
    route: '/api/workspaces/:workspaceId/webhooks',
    action: 'webhooks.manage',
    body: { url: 'https://hooks.example.com/voicecart', events: ['message.received'] },
  },
  {
    method: 'GET',
    route: '/api/workspaces/:workspaceId/webhooks/:endpointId',
    action: 'webhooks.manage',
  },
  {
    method: 'PATCH',
    route: '/api/workspaces/:workspaceId/webhooks/:endpointId',
    action: 'webhooks.manage',
    body: { enabled: false },
  },
  {
    method: 'DELETE',
    route: '/api/workspaces/:workspaceId/webhooks/:endpointId',
    action: 'webhooks.manage',
  },
  {
    method: 'POST',
    route: '/api/workspaces/:workspaceId/webhooks/:endpointId/roll-secret',
    action: 'webhooks.manage',
  },
  {
    method: 'POST',
    route: '/api/workspaces/:workspaceId/webhooks/:endpointId/test',
    action: 'webhooks.manage',
  },
  {
    method: 'GET',
    route: '/api/workspaces/:workspaceId/webhooks/:endpointId/deliveries',
    action: 'webhooks.manage',
  },
  // A workspace's API keys: people who may manage them, never a key.
  {
    method: 'GET',
    route: '/api/workspaces/:workspaceId/api-keys',
    action: 'apiKeys.manage',
  },
  {
    method: 'POST',
    route: '/api/workspaces/:workspaceId/api-keys',
    action: 'apiKeys.manage',
    body: { name: 'Matrix', role: 'agent' },
  },
  {
    method: 'DELETE',
    route: '/api/workspaces/:workspaceId/api-keys/:keyId',
    action: 'apiKeys.manage',
  },
];

/** A key of the workspace with this role, made as the API does (a principal, its membership, the hash). */
async function insertKey(role: 'admin' | 'agent'): Promise<{ id: string; key: string }> {
  const db = app.database.db;
  const { key, hash, prefix } = generateApiKey();
  const [principal] = await db
    .insert(users)
    .values({ email: `key-${hash.slice(0, 16)}@keys.invalid`, kind: 'api_key', verified: true })
    .returning();
  await db.insert(workspaceMembers).values({ workspaceId, userId: principal!.id, role });
  const [row] = await db
    .insert(apiKeys)
    .values({ workspaceId, userId: principal!.id, name: role, keyHash: hash, keyPrefix: prefix })
    .returning();
  return { id: row!.id, key };
}

const cookies = {} as Record<WorkspaceRole | 'outsider', string>;
const bearerKeys = {} as Record<keyof typeof keyCallers, string>;
let workspaceId: string;
let suffix = 0;

const app = useTestApp({
  env: {
    // Instagram's OAuth is configured, so the connect route reaches the policy; Graph is a closed local port.
    INSTAGRAM_APP_ID: 'matrix-app',
    INSTAGRAM_APP_SECRET: 'matrix-secret',
    INSTAGRAM_API_URL: 'http://127.0.0.1:9',
    SHOPIFY_API_KEY: 'matrix-key',
    SHOPIFY_API_SECRET: 'matrix-secret',
  },
});
beforeAll(async () => {
  const db = app.database.db;
  const owner = await createTestUser(db);
  workspaceId = await personalWorkspaceOf(db, owner.id);
  cookies.owner = (await signInAs(db, owner.id)).cookie;
  for (const role of ['admin', 'agent'] as const) {
    const member = await createTestUser(db);
    await db.insert(workspaceMembers).values({ workspaceId, userId: member.id, role });
    cookies[role] = (await signInAs(db, member.id)).cookie;
  }
  // A member (owner) of another workspace only.
  const outsider = await createTestUser(db);
  cookies.outsider = (await signInAs(db, outsider.id)).cookie;
  bearerKeys['admin key'] = (await insertKey('admin')).key;
  bearerKeys['agent key'] = (await insertKey('agent')).key;
}, 60_000);

/** A brand of the workspace with one of everything under it. */
async function fixture(): Promise<Ids> {
  const db = app.database.db;
  suffix += 1;
  const [brand] = await db
    .insert(brands)
    .values({ workspaceId, name: `Brand ${suffix}`, username: `brand${suffix}` })
    .returning();
  const brandId = brand!.id;
  const [conversation] = await db
    .insert(conversations)
    .values({ brandId, customerUsername: 'buyer', customerInstagramId: `ig${suffix}` })
    .returning();
  await db
    .insert(messages)
    .values({ brandId, conversationId: conversation!.id, sender: 'customer', content: 'hi' });
  const [comment] = await db
    .insert(comments)
    .values({ brandId, instagramCommentId: `c${suffix}`, username: 'fan', content: 'nice' })
    .returning();
  const [rule] = await db
    .insert(automationRules)
    .values({
      brandId,
      name: 'Rule',
      trigger: 'x',
      action: 'y',
      triggerConfig: { type: 'first_message' },
      actionConfig: { type: 'do_nothing' },
    })
    .returning();
  const member = await createTestUser(db);
  await db.insert(workspaceMembers).values({ workspaceId, userId: member.id, role: 'agent' });
  const [invitation] = await db
    .insert(workspaceInvitations)
    .values({
      workspaceId,
      email: `matrix${suffix}@example.com`,
      role: 'agent',
      tokenHash: randomBytes(32).toString('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      workspaceId,
      url: 'https://hooks.example.com/voicecart',
      events: ['message.received'],
      secretSealed: app.secretBox.seal('whsec_matrix', 'webhook-endpoint-secret'),
    })
    .returning();
  const apiKey = await insertKey('agent');
  return {
    endpointId: endpoint!.id,
    workspaceId,
    brandId,
    conversationId: conversation!.id,
    commentId: comment!.id,
    ruleId: rule!.id,
    memberId: member.id,
    invitationId: invitation!.id,
    apiKeyId: apiKey.id,
  };
}

/** The credentials a caller sends: a session cookie, or an API key as a bearer token. */
function credentials(caller: Caller): Record<string, string> {
  return caller === 'admin key' || caller === 'agent key'
    ? { authorization: `Bearer ${bearerKeys[caller]}` }
    : { cookie: cookies[caller] };
}

/** The expected answer: 404 outside the workspace, else what the policy grants the role (and principal). */
function expectedFor(caller: Caller, action: Action): 404 | 403 | 'allowed' {
  if (caller === 'outsider') return 404;
  const [role, principal]: [WorkspaceRole, Principal] =
    caller === 'admin key' || caller === 'agent key' ? [keyCallers[caller], 'api_key'] : [caller, 'person'];
  return may(role, action, principal) ? 'allowed' : 403;
}

describe('the access matrix: every brand and workspace route × owner, admin, agent, an outsider and two keys', () => {
  it('lists every route that takes a brand, conversation, comment, rule, workspace or API key id', () => {
    const scoped = registeredRoutes(app.app.printRoutes({ commonPrefix: false })).filter((route) =>
      /:(brandId|conversationId|commentId|ruleId|keyId|workspaceId)\b|\/api-keys\b/.test(route),
    );
    const covered = new Set(matrix.map((entry) => `${entry.method} ${entry.route}`));
    expect(scoped.filter((route) => !covered.has(route))).toEqual([]);
    expect(scoped.length).toBeGreaterThan(20);
  });

  for (const entry of matrix) {
    for (const caller of callers) {
      const expected = expectedFor(caller, entry.action);
      it(`${entry.method} ${entry.route} as ${caller}: ${expected}`, async () => {
        const ids = await fixture();
        const response = await app.app.inject({
          method: entry.method,
          url: urlOf(entry, ids),
          headers: {
            ...credentials(caller),
            ...(entry.workspaceHeader ? { 'x-workspace-id': ids.workspaceId } : {}),
            ...(entry.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(entry.body !== undefined ? { payload: JSON.stringify(entry.body) } : {}),
        });
        if (expected === 'allowed') {
          // Allowed: the policy let it through; what follows (a 2xx, a redirect, Graph unreachable) is the route's.
          expect([403, 404, 500], response.body).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode, response.body).toBe(expected);
        }
      });
    }
  }

  it('a refused write changes nothing: an agent cannot delete the brand or change its store', async () => {
    const ids = await fixture();
    const headers = { cookie: cookies.agent, 'content-type': 'application/json' };
    expect(
      (
        await app.app.inject({
          method: 'DELETE',
          url: `/api/brands/${ids.brandId}`,
          headers: { cookie: cookies.agent },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await app.app.inject({
          method: 'PUT',
          url: `/api/brands/${ids.brandId}/store`,
          headers,
          payload: JSON.stringify({ platform: 'sample' }),
        })
      ).statusCode,
    ).toBe(403);
    const owner = { cookie: cookies.owner };
    expect(
      (
        await app.app.inject({ method: 'GET', url: `/api/brands/${ids.brandId}/store`, headers: owner })
      ).json(),
    ).toEqual({ connection: null });
    expect(
      (await app.app.inject({ method: 'GET', url: `/api/brands/${ids.brandId}/personality`, headers: owner }))
        .statusCode,
    ).toBe(200);
  });

  it('a malformed id is a missing target, worded like one, and never reaches the database', async () => {
    const db = app.database.db;
    const user = await createTestUser(db);
    const cases = [
      [{ brandId: 'not-a-uuid' }, 'Brand not found'],
      [{ conversationId: '1 or 1=1' }, 'Conversation not found'],
      [{ commentId: '' }, 'Comment not found'],
      [{ ruleId: '00000000-0000-4000-8000-00000000000' }, 'Automation rule not found'],
    ] as const;
    for (const [target, message] of cases) {
      await expect(authorize(db, user.id, 'brand.read', target)).rejects.toMatchObject({
        statusCode: 404,
        message,
      });
    }
    await expect(authorizeWorkspace(db, user.id, 'team.manage', 'nope')).rejects.toMatchObject({
      statusCode: 404,
      message: 'Workspace not found',
    });
  });
});

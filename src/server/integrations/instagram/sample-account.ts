import { randomUUID } from 'node:crypto';
import type { InstagramGraphClient } from './graph-client.ts';

/**
 * The sample Instagram account of the demo (decision 041), behind the same interface as the Graph client, as the
 * sample store sits behind the store interface. Its "token" is a marker, never a secret: `sampleAccountToken`
 * of the account id. Sends are answered at once with made-up ids (the caller records them as sent), nothing
 * leaves the machine, and buyers' usernames are read from the ids the simulate control gives them.
 */
const tokenPrefix = 'sample-account:';
/** The IGSID a simulated buyer gets: the prefix and their username. */
const buyerPrefix = 'sample-buyer-';

export const sampleAccountToken = (accountId: string) => `${tokenPrefix}${accountId}`;
export const isSampleAccountToken = (token: string) => token.startsWith(tokenPrefix);
export const sampleAccountIdOf = (brandId: string) => `sample-${brandId}`;
export const sampleBuyerId = (username: string) => `${buyerPrefix}${username}`;

function sampleGraph(): InstagramGraphClient {
  const refuse = () => {
    throw new Error('the sample Instagram account has no login');
  };
  return {
    async getMe(token) {
      return { accountId: token.slice(tokenPrefix.length), username: 'sample.account' };
    },
    async getUserProfile(_token, igsid) {
      const username = igsid.startsWith(buyerPrefix) ? igsid.slice(buyerPrefix.length) : null;
      return { username, name: null };
    },
    async sendMessage() {
      return { messageId: `sample-mid-${randomUUID()}` };
    },
    async replyToComment() {
      return { commentId: `sample-comment-${randomUUID()}` };
    },
    // Every send was answered at once, so the reconciler has nothing of a sample account to look up.
    async findConversation() {
      return null;
    },
    async listConversationMessages() {
      return [];
    },
    async getMessage(_token, messageId) {
      return { messageId, createdAt: new Date(), fromId: null, toIds: [], text: null };
    },
    async listCommentReplies() {
      return { replies: [], hasMore: false, nextCursor: null };
    },
    async subscribeToWebhooks() {},
    buildAuthorizeUrl: refuse,
    exchangeCode: refuse,
    refreshToken: refuse,
  };
}

/**
 * The client the channel uses: calls made with a sample account's marker go to the sample account, every other
 * call to Instagram. Calls without a token (the login) always go to Instagram.
 */
export function withSampleAccounts(real: InstagramGraphClient): InstagramGraphClient {
  const sample = sampleGraph();
  const pick = (token: string) => (isSampleAccountToken(token) ? sample : real);
  return {
    getMe: (token) => pick(token).getMe(token),
    getUserProfile: (token, igsid) => pick(token).getUserProfile(token, igsid),
    sendMessage: (token, input) => pick(token).sendMessage(token, input),
    replyToComment: (token, commentId, text) => pick(token).replyToComment(token, commentId, text),
    findConversation: (token, igsid) => pick(token).findConversation(token, igsid),
    listConversationMessages: (token, id) => pick(token).listConversationMessages(token, id),
    getMessage: (token, id) => pick(token).getMessage(token, id),
    listCommentReplies: (token, id, page) => pick(token).listCommentReplies(token, id, page),
    subscribeToWebhooks: (token) => pick(token).subscribeToWebhooks(token),
    buildAuthorizeUrl: (input) => real.buildAuthorizeUrl(input),
    exchangeCode: (input) => real.exchangeCode(input),
    refreshToken: (token) => pick(token).refreshToken(token),
  };
}

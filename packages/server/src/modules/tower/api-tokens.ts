// Machine access for the systems the tower talks to (docs/decisions.md): a company's administrator issues
// named, scoped, expiring API tokens. The token is answered once; the table keeps its SHA-256 and a hint.
// What a token may call is decided by the auth layer (http/api-token.ts) from the matched route.

import { apiTokenCreate } from '@tradelane/contract';
import { families } from '@tradelane/contract/api/families';
import { apiTokens } from '../../db/schema-tower.ts';
import { newApiToken } from '../../http/api-token.ts';
import { badRequest } from '../../http/errors.ts';
import { defineResource } from '../../resources/engine.ts';

/** The furthest expiry a token may have: a forgotten integration does not keep a door open for ever. */
const MAX_DAYS = 2 * 366;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export const apiTokenResource = defineResource({
  family: families.apiTokens,
  table: apiTokens,
  create: apiTokenCreate,
  actions: ['list', 'create', 'delete'],
  permissions: { list: 'apiToken:list', create: 'apiToken:add', delete: 'apiToken:del' },
  scope: 'tenant',
  // A token reads nothing about tokens, nor issues or revokes one: only a signed-in administrator does.
  tokenScopes: [],
  filters: { id: 'equal' },
  defaultSort: ['createTime,desc'],
  hidden: ['tokenHash'],
  serverOwned: ['tokenHash', 'hint', 'userId', 'lastUsedAt'],
  shownOnce: ['token'],
  hooks: {
    beforeCreate: async (ctx, data) => {
      const expires = data.expiresAt;
      const now = new Date();
      if (expires <= dayOf(now)) throw badRequest('apiToken.expiry_past', { field: 'expiresAt' });
      if (expires > dayOf(new Date(now.getTime() + MAX_DAYS * 86_400_000)))
        throw badRequest('apiToken.expiry_far', { field: 'expiresAt' });
      const { token, tokenHash, hint } = newApiToken();
      return { ...data, userId: ctx.auth.userId, tokenHash, hint, token };
    },
  },
});

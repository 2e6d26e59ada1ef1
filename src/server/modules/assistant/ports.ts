/**
 * What the assistant needs from other modules and what it provides, as the shared port types
 * (modules never import each other; runtime.ts passes the implementations in).
 */
export type {
  CatalogProduct,
  CatalogService,
  CatalogVariant,
  FindProductsResult,
  ProductMatch,
  StockAnswer,
} from '#server/ports/catalog.ts';
export type { ChannelOutbound, OutboundResult, SendOrigin } from '#server/ports/channel.ts';
export type { AssistantDrafts } from '#server/ports/assistant.ts';
